import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit';
import { DeskError } from '../errors.js';

/**
 * `--key-file FILE`: a Solana CLI keypair file (a JSON array of 64 numbers, the 32-byte seed then the public
 * key), so that a bot signs with no OS keychain at all. The key is read once into a non-extractable key
 * pair and its bytes wiped; it is never printed, never stored, and a refusal never repeats the file's text.
 */

const NOT_A_KEYPAIR = 'is not a Solana keypair: expected a JSON array of 64 numbers from 0 to 255, as `solana-keygen new` writes';

/** The 64 bytes of the keypair file at `path` (absolute), refused in words naming the file. */
function keypairBytes(path: string): Uint8Array {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new DeskError('invalid_param', `cannot read the key file ${path} (${code === 'ENOENT' ? 'there is no such file' : code})`);
  }
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch {
    throw new DeskError('invalid_param', `the key file ${path} ${NOT_A_KEYPAIR}`);
  } finally {
    text = '';
  }
  if (!Array.isArray(values) || values.length !== 64 || !values.every((v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255)) {
    if (Array.isArray(values)) values.fill(0);
    throw new DeskError('invalid_param', `the key file ${path} ${NOT_A_KEYPAIR}`);
  }
  const bytes = Uint8Array.from(values as number[]);
  values.fill(0);
  return bytes;
}

/** A note on stderr (never a refusal: `solana-keygen` users keep files as they like) when others may read the key. */
function warnIfShared(path: string): void {
  if (process.platform === 'win32') return;
  try {
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0) process.stderr.write(`launchdesk: note: the key file ${path} can be read by other users of this machine (mode ${mode.toString(8)}); \`chmod 600 ${path}\` keeps it yours\n`);
  } catch {
    // Unreadable: keypairBytes says so in its own words.
  }
}

/** The signer of the keypair file at `file` (relative to the working directory). */
export async function keyFileSigner(file: string): Promise<KeyPairSigner> {
  const path = resolve(file);
  warnIfShared(path);
  const bytes = keypairBytes(path);
  try {
    return await createKeyPairSignerFromBytes(bytes);
  } catch {
    throw new DeskError('invalid_param', `the key file ${path} is damaged: its last 32 bytes are not the public key of its first 32`);
  } finally {
    bytes.fill(0);
  }
}
