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

/** 58^5: the base of the limbs text is built from (5 digits each); below 2^32. */
const B58_5 = 58 ** 5;
/** 58^4: the text is read 4 digits at a time. */
const B58_4 = 58 ** 4;
const B24 = 2 ** 24;

/**
 * limbs (little-endian, base `base`, `length` in use) := limbs × scale + value; the new length. Every
 * intermediate stays below 2^53 for the bases and scales used here, so doubles are exact.
 */
function mulAdd(limbs: Float64Array, length: number, base: number, scale: number, value: number): number {
  let carry = value;
  let j = 0;
  for (; j < length; j++) {
    carry += limbs[j]! * scale;
    const q = Math.floor(carry / base);
    limbs[j] = carry - q * base;
    carry = q;
  }
  while (carry > 0) {
    const q = Math.floor(carry / base);
    limbs[j++] = carry - q * base;
    carry = q;
  }
  return j;
}

/**
 * Base58 text of any bytes. The number is carried in limbs of 5 base-58 digits and fed 2 bytes at a
 * time (one at first when their count is odd): a limb times 2^16 plus the carry stays below 2^46, exact
 * in a double, and the work is a tenth of a digit-by-byte loop (a signature took 26 µs that way).
 */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // log(256) / log(58^5) ~ 0.273 limbs per byte.
  const limbs = new Float64Array(Math.ceil((bytes.length - zeros) * 0.28) + 1);
  let length = 0;
  let i = zeros;
  if ((bytes.length - zeros) % 2 === 1) length = mulAdd(limbs, length, B58_5, 256, bytes[i++]!);
  for (; i < bytes.length; i += 2) length = mulAdd(limbs, length, B58_5, 65_536, bytes[i]! * 256 + bytes[i + 1]!);
  let out = '1'.repeat(zeros);
  for (let j = length - 1; j >= 0; j--) {
    let limb = limbs[j]!;
    let digits = '';
    for (let d = 0; d < 5; d++) {
      const q = Math.floor(limb / 58);
      digits = ALPHABET[limb - q * 58]! + digits;
      limb = q;
      if (j === length - 1 && limb === 0) break; // the top limb without its leading zero digits
    }
    out += digits;
  }
  return out;
}

/**
 * The bytes of base58 text, or null when a character is not base58. Read 4 digits at a time into limbs
 * of 3 bytes (a limb times 58^4 plus the carry stays below 2^48, exact in a double).
 */
export function base58Decode(text: string): Uint8Array | null {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  const limbs = new Float64Array(Math.ceil((text.length - zeros) * 0.25) + 1);
  let length = 0;
  let i = zeros;
  const digitAt = (at: number): number => {
    const code = text.charCodeAt(at);
    return code < 128 ? DIGIT_OF[code]! : -1;
  };
  const head = (text.length - zeros) % 4;
  if (head > 0) {
    let value = 0;
    let scale = 1;
    for (const end = i + head; i < end; i++) {
      const digit = digitAt(i);
      if (digit < 0) return null;
      value = value * 58 + digit;
      scale *= 58;
    }
    length = mulAdd(limbs, length, B24, scale, value);
  }
  for (; i < text.length; i += 4) {
    const a = digitAt(i);
    const b = digitAt(i + 1);
    const c = digitAt(i + 2);
    const d = digitAt(i + 3);
    if ((a | b | c | d) < 0) return null;
    length = mulAdd(limbs, length, B24, B58_4, ((a * 58 + b) * 58 + c) * 58 + d);
  }
  // The number's bytes, big-endian, without leading zero bytes, after one zero byte per leading '1'.
  const number = new Uint8Array(length * 3);
  for (let j = 0; j < length; j++) {
    const limb = limbs[j]!;
    const at = number.length - 3 * j;
    number[at - 1] = limb & 0xff;
    number[at - 2] = (limb >>> 8) & 0xff;
    number[at - 3] = limb >>> 16;
  }
  let skip = 0;
  while (skip < number.length && number[skip] === 0) skip++;
  const out = new Uint8Array(zeros + number.length - skip);
  out.set(number.subarray(skip), zeros);
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
