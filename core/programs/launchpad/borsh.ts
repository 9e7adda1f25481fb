import {
  addCodecSizePrefix,
  containsBytes,
  createCodec,
  getEncodedSize,
  getU32Codec,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';

/**
 * The Borsh rules where kit's stock codecs differ from what an Anchor program reads and writes, and the
 * launchpad's rule for fields added at the end of a layout.
 */

/** Borsh `bool`: exactly 0 or 1 (kit's boolean decoder reads 2 as false; Borsh refuses it). */
export const borshBool: Codec<boolean> = createCodec({
  fixedSize: 1,
  write(value: boolean, bytes, offset) {
    bytes[offset] = value ? 1 : 0;
    return offset + 1;
  },
  read(bytes, offset) {
    const byte = bytes[offset];
    if (byte !== 0 && byte !== 1) throw new RangeError(`invalid Borsh bool ${String(byte)} at offset ${offset}`);
    return [byte === 1, offset + 1];
  },
});

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** UTF-8 that keeps NUL characters (kit's decoder strips them) and refuses malformed bytes. */
const utf8Codec: Codec<string> = createCodec({
  getSizeFromValue: (value: string) => utf8.encode(value).length,
  write(value: string, bytes, offset) {
    const encoded = utf8.encode(value);
    bytes.set(encoded, offset);
    return offset + encoded.length;
  },
  read: (bytes, offset) => [strictUtf8.decode(bytes.slice(offset)), bytes.length],
});

/** Borsh `String`: u32 byte length, then UTF-8. */
export const borshString: Codec<string> = addCodecSizePrefix(utf8Codec, getU32Codec());

/**
 * A field appended to a layout after data in the shorter layout already existed. Where the data ends
 * exactly before it, it reads as `fallback`, as the program reads an older account, event or
 * instruction (pump's `OptionBool`/`OptionU64` arguments are read this way). A field cut in the
 * middle is still an error. Always written in full.
 */
export function defaultAtEnd<TFrom, TTo extends TFrom>(codec: Codec<TFrom, TTo>, fallback: TTo): Codec<TFrom, TTo> {
  return createCodec<TFrom, TTo>({
    getSizeFromValue: (value: TFrom) => getEncodedSize(value, codec),
    write: (value: TFrom, bytes, offset) => codec.write(value, bytes, offset),
    read: (bytes, offset) => (offset >= bytes.length ? [fallback, offset] : codec.read(bytes, offset)),
  });
}

export function hasDiscriminator(data: ReadonlyUint8Array, discriminator: ReadonlyUint8Array): boolean {
  return data.length >= discriminator.length && containsBytes(data, discriminator, 0);
}

/** The discriminator followed by the encoded body. */
export function withDiscriminator(discriminator: ReadonlyUint8Array, body: ReadonlyUint8Array): Uint8Array {
  const out = new Uint8Array(discriminator.length + body.length);
  out.set(discriminator, 0);
  out.set(body, discriminator.length);
  return out;
}

/** Zero bytes appended up to `size`: fields a shorter (older) fixed-size layout lacks read as zero/false. */
export function zeroPadded(data: ReadonlyUint8Array, size: number): ReadonlyUint8Array {
  if (data.length >= size) return data;
  const out = new Uint8Array(size);
  out.set(data, 0);
  return out;
}
