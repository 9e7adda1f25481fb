import { getAddressDecoder, type Address } from '@solana/kit';

/**
 * 32 key bytes as a base58 address, remembered: base58 is a big-integer conversion (the costliest part of
 * reading a mint's many role keys), while the keys a reader meets again and again are few. Bounded, so
 * that reading many distinct accounts never grows it without end.
 */
const decoder = getAddressDecoder();
const known = new Map<string, Address>();
const LIMIT = 8192;

export function addressOfBytes(bytes: Uint8Array): Address {
  const id = String.fromCharCode(...bytes);
  let address = known.get(id);
  if (address === undefined) {
    if (known.size >= LIMIT) known.clear();
    known.set(id, (address = decoder.decode(bytes)));
  }
  return address;
}
