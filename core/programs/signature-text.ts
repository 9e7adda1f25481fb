import { isSignature, type Signature } from '@solana/kit';

/**
 * Whether `value` is a transaction signature as text: base58 of 64 bytes. Checked by its alphabet first,
 * because kit's `isSignature` throws, in its own words, on a character base58 does not have (e.g. `0`),
 * where every caller here wants a plain no.
 */
export function isSignatureText(value: unknown): value is Signature {
  return typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value) && isSignature(value);
}
