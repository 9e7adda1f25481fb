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
