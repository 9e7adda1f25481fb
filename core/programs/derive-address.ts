import { getAddressEncoder, getProgramDerivedAddress, type Address, type ReadonlyUint8Array } from '@solana/kit';

/**
 * Program-derived addresses, memoised and derived synchronously.
 *
 * kit's getProgramDerivedAddress awaits a SubtleCrypto SHA-256 and runs an on-curve test per bump tried,
 * one after another, and base58-codes through bigints; here the same derivation runs in plain JS: a
 * SHA-256 of seeds ‖ bump ‖ program ‖ "ProgramDerivedAddress", bumps from 255 down to 1, the first hash
 * that is not an Ed25519 point (decompression as kit's isOnCurve does it) is the address. Browser-safe
 * (no node: builtins). test/programs/derive-address.test.ts checks it against kit for thousands of seeds.
 *
 * One trade derives a dozen or more addresses that mostly repeat (global configs, event authorities, fee
 * configs, a coin's curve and pools), so answers are kept (bounded). A memo key is the program and the
 * seeds as text (a byte per char, length-prefixed): no base58 work; address seeds made by `addressSeed`
 * are decoded once and carry their key text with them.
 *
 * Anything kit would refuse (too many or too long seeds, a malformed program address) is left to kit, so
 * the error is kit's own.
 */
const MEMO_LIMIT = 4096;
const memo = new Map<string, Promise<Address>>();

const MAX_SEED_LENGTH = 32;
/** kit counts the bump among its 16 seeds. */
const MAX_SEEDS_WITHOUT_BUMP = 15;

/**
 * The memo again, walked by the seeds themselves: text seeds by value, address seeds made by
 * `addressSeed` by identity (one array per address while it is kept), so a hit builds no key text; a
 * build looks up dozens of derivations. Other byte seeds use the text memo only.
 */
interface SeedNode {
  found: Promise<Address> | undefined;
  readonly next: Map<string | ReadonlyUint8Array, SeedNode>;
}
const byIdentity = new Map<string, SeedNode>();
let byIdentitySize = 0;

function identityNode(program: Address, seeds: readonly (string | ReadonlyUint8Array)[]): SeedNode | null {
  let node: SeedNode | undefined = byIdentity.get(program);
  if (node === undefined) {
    node = { found: undefined, next: new Map() };
    byIdentity.set(program, node);
  }
  for (const seed of seeds) {
    if (typeof seed !== 'string' && !keyTextOf.has(seed)) return null;
    let child: SeedNode | undefined = node.next.get(seed);
    if (child === undefined) {
      child = { found: undefined, next: new Map() };
      node.next.set(seed, child);
    }
    node = child;
  }
  return node;
}

export function derivePda(program: Address, seeds: readonly (string | ReadonlyUint8Array)[]): Promise<Address> {
  const node = identityNode(program, seeds);
  if (node?.found !== undefined) return node.found;
  const found = derivePdaByText(program, seeds);
  if (node !== null) {
    if (byIdentitySize++ >= MEMO_LIMIT) {
      byIdentity.clear();
      byIdentitySize = 0;
    } else {
      node.found = found;
      found.catch(() => {
        if (node.found === found) node.found = undefined;
      });
    }
  }
  return found;
}

function derivePdaByText(program: Address, seeds: readonly (string | ReadonlyUint8Array)[]): Promise<Address> {
  const key = memoKey(program, seeds);
  let found = memo.get(key);
  if (!found) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    const address = deriveSync(program, seeds);
    found = address !== null ? Promise.resolve(address) : getProgramDerivedAddress({ programAddress: program, seeds: [...seeds] }).then(([a]) => a);
    memo.set(key, found);
    // A failed derivation is not remembered.
    found.catch(() => memo.delete(key));
  }
  return found;
}

/**
 * The address kit's getProgramDerivedAddress answers for these seeds, computed synchronously; null when
 * kit would throw (seeds too many or too long, a malformed program address, no viable bump).
 */
export function deriveSync(program: Address, seeds: readonly (string | ReadonlyUint8Array)[]): Address | null {
  if (seeds.length > MAX_SEEDS_WITHOUT_BUMP) return null;
  const programBytes = addressBytesOrNull(program);
  if (programBytes === null) return null;
  const parts: ArrayLike<number>[] = [];
  let length = 0;
  for (const seed of seeds) {
    const bytes = typeof seed === 'string' ? utf8(seed) : seed;
    if (bytes.length > MAX_SEED_LENGTH) return null;
    parts.push(bytes);
    length += bytes.length;
  }
  const buffer = new Uint8Array(length + 1 + 32 + PDA_MARKER.length);
  let at = 0;
  for (const part of parts) {
    buffer.set(part, at);
    at += part.length;
  }
  const bumpAt = at;
  buffer.set(programBytes, bumpAt + 1);
  buffer.set(PDA_MARKER, bumpAt + 33);
  for (let bump = 255; bump > 0; bump--) {
    buffer[bumpAt] = bump;
    const hash = sha256(buffer);
    if (!isOnCurve(hash)) return base58Of32(hash) as Address;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Address seeds and memo keys
// ---------------------------------------------------------------------------------------------------

const SEED_LIMIT = 8192;
const seedBytesByAddress = new Map<string, Uint8Array>();
/** The key text of seed arrays made here (a byte per char), so a memo hit does no per-byte work. */
const keyTextOf = new WeakMap<ReadonlyUint8Array, string>();

/**
 * An address as a PDA seed (its 32 bytes), decoded once and kept (bounded). The array is shared: do not
 * write to it. A malformed address throws kit's own error.
 */
export function addressSeed(address: Address): ReadonlyUint8Array {
  let bytes = seedBytesByAddress.get(address);
  if (bytes === undefined) {
    bytes = addressBytesOrNull(address) ?? new Uint8Array(getAddressEncoder().encode(address));
    if (seedBytesByAddress.size >= SEED_LIMIT) seedBytesByAddress.clear();
    seedBytesByAddress.set(address, bytes);
    keyTextOf.set(bytes, latin1(bytes));
  }
  return bytes;
}

function memoKey(program: Address, seeds: readonly (string | ReadonlyUint8Array)[]): string {
  let key: string = program;
  for (const seed of seeds) {
    if (typeof seed === 'string') key += `|s${seed.length}:${seed}`;
    else key += `|b${seed.length}:${keyTextOf.get(seed) ?? latin1(seed)}`;
  }
  return key;
}

function latin1(bytes: ArrayLike<number>): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

let textEncoder: TextEncoder | undefined;
function utf8(text: string): ArrayLike<number> {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) return (textEncoder ??= new TextEncoder()).encode(text);
  }
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

// ---------------------------------------------------------------------------------------------------
// Base58 for 32-byte addresses
// ---------------------------------------------------------------------------------------------------

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT_OF[ALPHABET.charCodeAt(i)] = i;

/** The 32 bytes of a well-formed address (32 to 44 base58 characters decoding to 32 bytes); else null. */
function addressBytesOrNull(address: string): Uint8Array | null {
  const cached = seedBytesByAddress.get(address);
  if (cached !== undefined) return cached;
  if (typeof address !== 'string' || address.length < 32 || address.length > 44) return null;
  let zeros = 0;
  while (zeros < address.length && address.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  // Big-endian base-256 digits of the number, built by multiply-and-add per character.
  const out = new Uint8Array(33);
  let used = 0;
  for (let i = zeros; i < address.length; i++) {
    const code = address.charCodeAt(i);
    const digit = code < 128 ? DIGIT_OF[code]! : -1;
    if (digit < 0) return null;
    let carry = digit;
    for (let j = 0; j < used; j++) {
      carry += out[32 - j]! * 58;
      out[32 - j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      if (used === 33) return null;
      out[32 - used] = carry & 0xff;
      used++;
      carry >>= 8;
    }
  }
  if (zeros + used !== 32) return null;
  return out.slice(1);
}

/** Base58 of 32 bytes, as kit's address decoder writes it. */
function base58Of32(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < 32 && bytes[zeros] === 0) zeros++;
  const digits = new Uint8Array(44);
  let used = 0;
  for (let i = zeros; i < 32; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < used; j++) {
      carry += digits[j]! << 8;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits[used++] = carry % 58;
      carry = (carry / 58) | 0;
    }
  }
  let text = '1'.repeat(zeros);
  for (let j = used - 1; j >= 0; j--) text += ALPHABET[digits[j]!];
  return text;
}

// ---------------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4)
// ---------------------------------------------------------------------------------------------------

/** 'ProgramDerivedAddress' */
const PDA_MARKER = new Uint8Array([80, 114, 111, 103, 114, 97, 109, 68, 101, 114, 105, 118, 101, 100, 65, 100, 100, 114, 101, 115, 115]);

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const W = new Int32Array(64);

/** SHA-256 of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  const length = message.length;
  const blocks = Math.ceil((length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(message);
  padded[length] = 0x80;
  const bits = length * 8;
  const end = padded.length;
  padded[end - 1] = bits & 0xff;
  padded[end - 2] = (bits >>> 8) & 0xff;
  padded[end - 3] = (bits >>> 16) & 0xff;
  padded[end - 4] = (bits >>> 24) & 0xff;
  padded[end - 5] = Math.floor(bits / 0x100000000) & 0xff;

  let h0 = 0x6a09e667 | 0, h1 = 0xbb67ae85 | 0, h2 = 0x3c6ef372 | 0, h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f | 0, h5 = 0x9b05688c | 0, h6 = 0x1f83d9ab | 0, h7 = 0x5be0cd19 | 0;
  for (let offset = 0; offset < end; offset += 64) {
    for (let t = 0; t < 16; t++) {
      const i = offset + t * 4;
      W[t] = (padded[i]! << 24) | (padded[i + 1]! << 16) | (padded[i + 2]! << 8) | padded[i + 3]!;
    }
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15]!, w2 = W[t - 2]!;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[t]! + W[t]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0; h1 = (h1 + b) | 0; h2 = (h2 + c) | 0; h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0; h5 = (h5 + f) | 0; h6 = (h6 + g) | 0; h7 = (h7 + h) | 0;
  }
  const out = new Uint8Array(32);
  const words = [h0, h1, h2, h3, h4, h5, h6, h7];
  for (let i = 0; i < 8; i++) {
    const w = words[i]!;
    out[i * 4] = w >>> 24;
    out[i * 4 + 1] = (w >>> 16) & 0xff;
    out[i * 4 + 2] = (w >>> 8) & 0xff;
    out[i * 4 + 3] = w & 0xff;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The on-curve test: Ed25519 point decompression, as kit's compressedPointBytesAreOnCurve does it
// ---------------------------------------------------------------------------------------------------

const P = 2n ** 255n - 19n;
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;
const MASK_255 = 2n ** 255n - 1n;

/** x mod P for 0 <= x < 2^510 (a product of two reduced values), by 2^255 = 19 (mod P). */
function reduce(x: bigint): bigint {
  x = (x & MASK_255) + 19n * (x >> 255n);
  x = (x & MASK_255) + 19n * (x >> 255n);
  return x >= P ? x - P : x;
}

/**
 * The Jacobi symbol (a/n) for odd n > 0 (for a prime n, the Legendre symbol: 1 for a nonzero square,
 * -1 for a non-square, 0 for 0), by quadratic reciprocity: about a hundred and fifty big-integer
 * remainders, some three times faster here than the exponentiation a square-root test takes.
 */
function jacobi(a: bigint, n: bigint): number {
  let t = 1;
  a %= n;
  while (a !== 0n) {
    let twos = 0;
    while ((a & 0xffffffffn) === 0n) {
      a >>= 32n;
      twos += 32;
    }
    const low = Number(a & 0xffffffffn);
    const tz = 31 - Math.clz32(low & -low);
    if (tz > 0) {
      a >>= BigInt(tz);
      twos += tz;
    }
    if ((twos & 1) === 1) {
      const r = Number(n & 7n);
      if (r === 3 || r === 5) t = -t;
    }
    const swap = a;
    a = n;
    n = swap;
    if (Number(a & 3n) === 3 && Number(n & 3n) === 3) t = -t;
    a %= n;
  }
  return n === 1n ? t : 0;
}

/**
 * Whether 32 bytes are a compressed Ed25519 point, as kit's compressedPointBytesAreOnCurve answers: y (the
 * low 255 bits, little-endian, not reduced) gives u = y² - 1 and v = d·y² + 1; kit (vendored noble)
 * finds a point when x² = u/v has a root (v·x² is u or -u for its candidate x), and refuses x = 0 with
 * the sign bit set. v is never 0 (-1/d is not a square), so a root exists exactly when u·v is a square
 * or 0 (Legendre symbol not -1), and x = 0 exactly when u = 0.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  let y = 0n;
  for (let i = 31; i >= 0; i -= 4) {
    const word = (i === 31 ? bytes[i]! & 0x7f : bytes[i]!) * 0x1000000 + ((bytes[i - 1]! << 16) | (bytes[i - 2]! << 8) | bytes[i - 3]!);
    y = (y << 32n) | BigInt(word);
  }
  const y2 = reduce(y * y);
  const u = y2 === 0n ? P - 1n : y2 - 1n;
  const v = reduce(D * y2 + 1n);
  if (jacobi(reduce(u * v), P) === -1) return false;
  return !(u === 0n && (bytes[31]! & 0x80) !== 0);
}
