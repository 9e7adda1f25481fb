import {
  createKeyPairSignerFromBytes,
  createSignableMessage,
  getBase58Decoder,
  isMessagePartialSigner,
  getTransactionDecoder,
  getTransactionEncoder,
  isTransactionPartialSigner,
  type Address,
  type SignatureBytes,
  type Transaction,
  type TransactionPartialSigner,
} from '@solana/kit';
import type { BuildJson } from './api-types.js';
import { LaunchdeskError } from './client-error.js';

/** A `@solana/web3.js` v1 Keypair, by the two members used (the library never imports web3.js). */
export interface Web3Keypair {
  readonly publicKey: { toBase58(): string };
  readonly secretKey: Uint8Array;
}

/** What signs: a `@solana/kit` signer (a KeyPairSigner or any partial signer) or a web3.js v1 Keypair. */
export type WalletKey = TransactionPartialSigner | Web3Keypair;

const isWeb3Keypair = (key: WalletKey): key is Web3Keypair => 'secretKey' in key && 'publicKey' in key && typeof (key as Web3Keypair).publicKey.toBase58 === 'function';

/** Either kind of key as a kit partial signer (a web3.js Keypair's 64 secret bytes make a kit key pair). */
export async function signerOf(key: WalletKey): Promise<TransactionPartialSigner> {
  if (isWeb3Keypair(key)) return createKeyPairSignerFromBytes(key.secretKey);
  if (isTransactionPartialSigner(key)) return key;
  throw new LaunchdeskError('invalid_param', 'the key is neither a @solana/kit signer nor a @solana/web3.js Keypair', null);
}

export const addressOfKey = (key: WalletKey): Address => (isWeb3Keypair(key) ? (key.publicKey.toBase58() as Address) : key.address);

const decoder = getTransactionDecoder();
const encoder = getTransactionEncoder();

/**
 * Signs every transaction of a build with the keys whose slots it holds, the wallet first (spec: wallet
 * first, then the mint key for a planting), and answers them as base64 in build order. Every slot must
 * end up signed: a build needing a key that was not given is refused here, before anything is sent.
 */
export async function signBuild(build: BuildJson, keys: readonly WalletKey[]): Promise<string[]> {
  const signers = await Promise.all(keys.map(signerOf));
  const out: string[] = [];
  for (const [i, entry] of build.transactions.entries()) {
    let tx: Transaction = decoder.decode(new Uint8Array(Buffer.from(entry.transaction, 'base64')));
    for (const slot of entry.signers) {
      const signer = signers.find((s) => s.address === slot);
      if (!signer) throw new LaunchdeskError('invalid_param', `transaction ${i + 1} needs the signature of ${slot}, and no key for it was given`, null);
      const [signatures] = await signer.signTransactions([tx as Parameters<TransactionPartialSigner['signTransactions']>[0][number]]);
      tx = { ...tx, signatures: { ...tx.signatures, ...(signatures as Record<Address, SignatureBytes>) } };
    }
    out.push(Buffer.from(encoder.encode(tx)).toString('base64'));
  }
  return out;
}

/** Signs a text message (a sign-in challenge) with the key; answers the Ed25519 signature in base58. */
export async function signMessageText(key: WalletKey, message: string): Promise<string> {
  const signer = isWeb3Keypair(key) ? await createKeyPairSignerFromBytes(key.secretKey) : key;
  if (!isMessagePartialSigner(signer)) throw new LaunchdeskError('invalid_param', `the signer of ${signer.address} cannot sign messages: sign the challenge with a key pair`, null);
  const [signatures] = await signer.signMessages([createSignableMessage(message)]);
  return getBase58Decoder().decode(signatures![signer.address]!);
}
