/**
 * The spec's image rule ("Other constants"): PNG, JPEG, WebP or GIF, under 4 MB. The type is read from
 * the bytes' own signature, never from a file name or a declared content type, which a client can set
 * to anything.
 */
export const IMAGE_TYPES = Object.freeze(['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const);
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The largest image taken, in bytes: under 4 MB (4 MiB). */
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024 - 1;

const ascii = (bytes: Uint8Array, at: number, text: string): boolean =>
  bytes.length >= at + text.length && [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** The image type `bytes` begin with, or null when they carry none of the four signatures. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  // RIFF container of form WEBP whose first chunk is one of WebP's three bitstream chunks.
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP') && (ascii(bytes, 12, 'VP8 ') || ascii(bytes, 12, 'VP8L') || ascii(bytes, 12, 'VP8X'))) return 'image/webp';
  return null;
}

/**
 * The most pixels an image may have on each side. A picture's decoded size is width × height × 4 bytes
 * whatever its file size (a 255 KB PNG can claim 16384² and take 1 GB to decode), so the header's
 * dimensions are read and checked before anything decodes it: 4096² decodes to 64 MB at most.
 */
export const IMAGE_MAX_SIDE = 4096;

const be16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const le16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const be32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** Width and height as the image's own header states them (before any decoding); null when the header does not say. */
export function imageSizeOf(bytes: Uint8Array, type: ImageType): { readonly width: number; readonly height: number } | null {
  const b = bytes;
  switch (type) {
    case 'image/png':
      // The signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
      return b.length >= 24 && ascii(b, 12, 'IHDR') ? { width: be32(b, 16), height: be32(b, 20) } : null;
    case 'image/gif':
      return b.length >= 10 ? { width: le16(b, 6), height: le16(b, 8) } : null;
    case 'image/webp': {
      if (ascii(b, 12, 'VP8X')) return b.length >= 30 ? { width: le24(b, 24) + 1, height: le24(b, 27) + 1 } : null;
      if (ascii(b, 12, 'VP8L')) {
        if (b.length < 25 || b[20] !== 0x2f) return null;
        const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      // VP8: a 3-byte frame tag, the start code 9d 01 2a, then 14-bit width and height.
      return b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a ? { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff } : null;
    }
    case 'image/jpeg': {
      // Walk the segments to the first start-of-frame (SOF0..SOF15 but DHT, JPG and DAC): its height and width.
      let at = 2;
      while (at + 4 <= b.length) {
        if (b[at] !== 0xff) return null;
        const marker = b[at + 1]!;
        if (marker === 0xff) {
          at++;
          continue;
        }
        if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          at += 2;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return at + 9 <= b.length ? { width: be16(b, at + 7), height: be16(b, at + 5) } : null;
        if (marker === 0xd9 || marker === 0xda) return null;
        at += 2 + be16(b, at + 2);
      }
      return null;
    }
  }
}

/** Why an image's stated size is refused, in words naming the field; null when it may be decoded. */
export function imageSizeProblem(bytes: Uint8Array, type: ImageType): string | null {
  const size = imageSizeOf(bytes, type);
  if (size === null) return 'image: its header does not say its width and height, so it is not decoded';
  if (size.width === 0 || size.height === 0) return `image: ${size.width} × ${size.height} pixels is empty`;
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE) return `image: ${size.width} × ${size.height} pixels; at most ${IMAGE_MAX_SIDE} on each side`;
  return null;
}
