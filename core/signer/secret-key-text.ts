import { createKeyPairFromPrivateKeyBytes, createKeyPairSignerFromBytes, getAddressFromPublicKey, getBase58Decoder, getBase58Encoder, type KeyPairSigner } from '@solana/kit';
import { DeskError } from '../errors.js';

/**
 * The two ways a person brings a wallet: a base58 secret key (what wallet apps export: 64 bytes, the
 * 32-byte seed then the public key) or a Solana CLI keypair file (a JSON array of those 64 bytes). The
 * keychain stores the base58 form. A refusal never repeats what was typed: it may be a secret.
 */
const base58 = getBase58Encoder();
const base58Text = getBase58Decoder();

function bytesOf(text: string): Uint8Array {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let values: unknown;
    try {
      values = JSON.parse(trimmed);
    } catch {
      throw new DeskError('invalid_param', 'secret: it starts like a Solana CLI keypair file but is not valid JSON');
    }
    if (!Array.isArray(values) || values.length !== 64 || !values.every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) {
      throw new DeskError('invalid_param', 'secret: a keypair file is a JSON array of 64 numbers from 0 to 255');
    }
    return Uint8Array.from(values as number[]);
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(trimmed)) {
    throw new DeskError('invalid_param', 'secret: paste a base58 secret key (letters and digits without 0, O, I and l) or the JSON array of a keypair file');
  }
  const bytes = new Uint8Array(base58.encode(trimmed));
  if (bytes.length !== 64) {
    throw new DeskError('invalid_param', `secret: a secret key is 64 bytes; this base58 text holds ${bytes.length}${bytes.length === 32 ? ' (a public address, not a secret key)' : ''}`);
  }
  return bytes;
}

/** The signer a secret stands for, its public half checked against its private half. */
export async function signerFromSecretText(text: string): Promise<{ readonly signer: KeyPairSigner; readonly secret: string }> {
  const bytes = bytesOf(text);
  try {
    const signer = await createKeyPairSignerFromBytes(bytes);
    return { signer, secret: base58Text.decode(bytes) };
  } catch {
    throw new DeskError('invalid_param', 'secret: its last 32 bytes are not the public key of its first 32: the key is damaged or not a Solana key');
  } finally {
    bytes.fill(0);
  }
}

/** A new random secret key, as the keychain stores it (made from a random seed, so it can be exported). */
export async function newSecretText(): Promise<string> {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  const pair = await createKeyPairFromPrivateKeyBytes(seed, true);
  const address = await getAddressFromPublicKey(pair.publicKey);
  const bytes = new Uint8Array(64);
  bytes.set(seed, 0);
  bytes.set(base58.encode(address), 32);
  seed.fill(0);
  const secret = base58Text.decode(bytes);
  bytes.fill(0);
  return secret;
}
