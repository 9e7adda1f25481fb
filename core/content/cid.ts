import { createHash } from 'node:crypto';

/**
 * A content identifier as IPFS writes it for a single raw block: CIDv1, codec `raw` (0x55), a sha2-256
 * multihash (0x12, length 0x20, digest), in multibase base32 lower case (prefix `b`). Every such CID is
 * 59 characters and starts `bafkrei`. Branded: a string is a Cid only once it was computed or checked.
 */
export type Cid = string & { readonly __brand: 'Cid' };

const CIDV1 = 0x01;
const RAW_CODEC = 0x55;
const SHA2_256 = 0x12;
const DIGEST_BYTES = 32;
const PREFIX = Uint8Array.of(CIDV1, RAW_CODEC, SHA2_256, DIGEST_BYTES);
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'; // RFC 4648, lower case, written without padding
const CID_CHARS = 1 + Math.ceil(((PREFIX.length + DIGEST_BYTES) * 8) / 5);

function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The CID of `bytes` stored as one raw block. */
export function cidOf(bytes: Uint8Array): Cid {
  const digest = createHash('sha256').update(bytes).digest();
  const binary = new Uint8Array(PREFIX.length + DIGEST_BYTES);
  binary.set(PREFIX);
  binary.set(digest, PREFIX.length);
  return `b${base32(binary)}` as Cid;
}

/** The lower-case hex sha256 digest a CID names, or null when `value` is not a raw sha2-256 CIDv1 in canonical base32. */
export function digestOfCid(value: string): string | null {
  if (value.length !== CID_CHARS || value[0] !== 'b') return null;
  const bytes: number[] = [];
  let bits = 0;
  let acc = 0;
  for (const char of value.slice(1)) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) return null;
    acc = (acc << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bytes.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  }
  // The bits left over past the last whole byte must be zero, or two spellings would name one block.
  if (acc !== 0 || bytes.length !== PREFIX.length + DIGEST_BYTES) return null;
  if (PREFIX.some((byte, i) => bytes[i] !== byte)) return null;
  return Buffer.from(bytes.slice(PREFIX.length)).toString('hex');
}

export const isCid = (value: string): value is Cid => digestOfCid(value) !== null;

export function assertIsCid(value: string): asserts value is Cid {
  if (!isCid(value)) throw new Error(`${JSON.stringify(value.slice(0, 80))} is not a CIDv1 of a raw sha2-256 block in base32`);
}

/** The `ipfs://` URI of a CID, as metadata and planting URIs write it. */
export const ipfsUriOf = (cid: Cid): string => `ipfs://${cid}`;
