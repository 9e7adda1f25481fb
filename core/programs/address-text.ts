import type { Address } from '@solana/kit';

/**
 * Base58 (Bitcoin alphabet) for addresses, blockhashes and signatures, without BigInt, and for 32-byte
 * addresses cached both ways (bounded): kit's codecs convert through a BigInt on every call, which
 * dominated compiling, decoding and resolving transactions and reading a mint's many role keys (the same
 * few dozen addresses over and over). Gives exactly kit's strings (leading zero bytes as '1's). The one
 * base58 of the project's own code; pure and browser-safe.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT_OF[ALPHABET.charCodeAt(i)] = i;

/** Base58 text of any bytes. */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // log(256) / log(58) ~ 1.37: digits needed, little-endian in base 58.
  const digits = new Uint8Array(Math.ceil((bytes.length - zeros) * 1.38) + 1);
  let length = 0;
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    let j = 0;
    for (; j < length || carry !== 0; j++) {
      carry += (j < length ? digits[j]! : 0) * 256;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    length = j;
  }
  let out = '1'.repeat(zeros);
  for (let j = length - 1; j >= 0; j--) out += ALPHABET[digits[j]!];
  return out;
}

/** The bytes of base58 text, or null when a character is not base58. */
export function base58Decode(text: string): Uint8Array | null {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  const bytes = new Uint8Array(Math.ceil((text.length - zeros) * 0.74) + 1);
  let length = 0;
  for (let i = zeros; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code < 128 ? DIGIT_OF[code]! : -1;
    if (digit < 0) return null;
    let carry = digit;
    let j = 0;
    for (; j < length || carry !== 0; j++) {
      carry += (j < length ? bytes[j]! : 0) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    length = j;
  }
  const out = new Uint8Array(zeros + length);
  for (let j = 0; j < length; j++) out[zeros + j] = bytes[length - 1 - j]!;
  return out;
}

const CACHE_LIMIT = 50_000;
const bytesByAddress = new Map<string, Uint8Array>();
const addressByKey = new Map<string, Address>();

/** A 32-byte value as a map key (one UTF-16 unit per byte). */
const keyOf = (bytes: Uint8Array): string => String.fromCharCode.apply(null, bytes as unknown as number[]);

/**
 * The 32 bytes of an address (shared: read them, never write them). Throws as kit's address encoder
 * does when the text is not an address.
 */
export function addressBytes(address: string): Uint8Array {
  let bytes = bytesByAddress.get(address);
  if (bytes === undefined) {
    const decoded = address.length >= 32 && address.length <= 44 ? base58Decode(address) : null;
    if (decoded === null || decoded.length !== 32) throw new Error(`${address} is not an address (32 bytes in base58)`);
    bytes = decoded;
    if (bytesByAddress.size >= CACHE_LIMIT) bytesByAddress.clear();
    bytesByAddress.set(address, bytes);
  }
  return bytes;
}

/** The address of 32 bytes (`bytes` may be a view into a larger buffer: it is not kept). */
export function addressOfBytes(bytes: Uint8Array): Address {
  const key = keyOf(bytes);
  let address = addressByKey.get(key);
  if (address === undefined) {
    address = base58Encode(bytes) as Address;
    if (addressByKey.size >= CACHE_LIMIT) addressByKey.clear();
    addressByKey.set(key, address);
  }
  return address;
}
