import { getBase58Encoder, getPublicKeyFromAddress, isAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit';
import { invalidParam } from './api-error.js';

/**
 * Sign-In With Solana (the SIWS message format, after EIP-4361): one message the wallet signs, no
 * transaction, no funds. The server issues the nonce; the signed message comes back with its signature.
 */
export interface SignInFields {
  readonly domain: string;
  readonly address: Address;
  readonly statement: string;
  readonly uri: string;
  readonly version: '1';
  readonly chainId: string;
  readonly nonce: string;
  readonly issuedAt: string;
  readonly expirationTime: string;
}

export const SIGN_IN_STATEMENT = 'Create an API key for the local launchdesk /v1. No transaction is signed and no funds move.';

export function signInMessage(f: SignInFields): string {
  return [
    `${f.domain} wants you to sign in with your Solana account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Expiration Time: ${f.expirationTime}`,
  ].join('\n');
}

/** The fields of a SIWS message, or `invalid_param` naming what is wrong with it. */
export function parseSignInMessage(text: string): SignInFields {
  const lines = text.split('\n');
  const header = /^(\S+) wants you to sign in with your Solana account:$/.exec(lines[0] ?? '');
  if (!header || lines.length !== 11 || lines[2] !== '' || lines[4] !== '') throw invalidParam('message', 'not a Sign-In With Solana message of this server (ask POST /v1/auth/challenge for one)');
  const field = (index: number, name: string): string => {
    const line = lines[index]!;
    if (!line.startsWith(`${name}: `)) throw invalidParam('message', `line ${index + 1} must be "${name}: …"`);
    return line.slice(name.length + 2);
  };
  const address = lines[1]!;
  if (!isAddress(address)) throw invalidParam('message', 'line 2 must be the wallet address');
  const version = field(6, 'Version');
  if (version !== '1') throw invalidParam('message', 'Version must be 1');
  return {
    domain: header[1]!,
    address,
    statement: lines[3]!,
    uri: field(5, 'URI'),
    version,
    chainId: field(7, 'Chain ID'),
    nonce: field(8, 'Nonce'),
    issuedAt: field(9, 'Issued At'),
    expirationTime: field(10, 'Expiration Time'),
  };
}

/** An Ed25519 signature in base58 (as wallets give it) or base64: 64 bytes, else `invalid_param`. */
export function signatureBytesOf(text: string): SignatureBytes {
  let bytes: Uint8Array | null = null;
  if (/^[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(text)) bytes = new Uint8Array(getBase58Encoder().encode(text));
  else if (/^[A-Za-z0-9+/]{86}==$/.test(text)) bytes = new Uint8Array(Buffer.from(text, 'base64'));
  if (!bytes || bytes.length !== 64) throw invalidParam('signature', 'must be the 64-byte Ed25519 signature in base58 or base64');
  return bytes as SignatureBytes;
}

/** Whether `wallet` signed exactly these message bytes. */
export async function signedBy(wallet: Address, message: string, signature: SignatureBytes): Promise<boolean> {
  return verifySignature(await getPublicKeyFromAddress(wallet), signature, new TextEncoder().encode(message));
}
