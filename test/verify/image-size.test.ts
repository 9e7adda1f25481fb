import { describe, expect, it } from 'vitest';
import { imageSizeOf, imageSizeProblem, imageTypeOf } from '../../core/verify/image-type.js';

const sized = (bytes: number[]) => {
  const b = new Uint8Array(bytes);
  return imageSizeOf(b, imageTypeOf(b)!);
};

/** The size an image's own header states, read for each of the four types before anything decodes it. */
describe('imageSizeOf', () => {
  it('reads PNG, GIF, JPEG (past other segments) and the three WebP bitstreams', () => {
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x01, 0x2c, 0, 0, 0x00, 0xc8];
    expect(sized(png)).toEqual({ width: 300, height: 200 });
    expect(sized([...Buffer.from('GIF89a'), 0x2c, 0x01, 0xc8, 0x00])).toEqual({ width: 300, height: 200 });
    // SOI, an APP1 segment of 4 bytes, then SOF2 (progressive): height 200, width 300.
    expect(sized([0xff, 0xd8, 0xff, 0xe1, 0, 4, 1, 2, 0xff, 0xc2, 0, 11, 8, 0, 200, 1, 44, 3])).toEqual({ width: 300, height: 200 });
    const riff = (chunk: string, data: number[]) => [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP'), ...Buffer.from(chunk), 0, 0, 0, 0, ...data];
    // VP8X: canvas width − 1 and height − 1, 24 bits each, after 4 bytes of flags.
    expect(sized(riff('VP8X', [0, 0, 0, 0, 43, 1, 0, 199, 0, 0]))).toEqual({ width: 300, height: 200 });
    // VP8L: 0x2f, then width − 1 in 14 bits and height − 1 in the next 14.
    const bits = 299 | (199 << 14);
    expect(sized(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]))).toEqual({ width: 300, height: 200 });
    // VP8: a frame tag, the start code, then 14-bit width and height.
    expect(sized(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 44, 1, 200, 0]))).toEqual({ width: 300, height: 200 });
  });

  it('says why a size is refused, or that the header does not state one', () => {
    const png = (w: number, h: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...Buffer.alloc(8).fill(0).map((_, i) => (i < 4 ? (w >>> (24 - 8 * i)) & 0xff : (h >>> (24 - 8 * (i - 4))) & 0xff))]);
    expect(imageSizeProblem(png(4096, 4096), 'image/png')).toBeNull();
    expect(imageSizeProblem(png(4097, 10), 'image/png')).toBe('image: 4097 × 10 pixels; at most 4096 on each side');
    expect(imageSizeProblem(png(0, 10), 'image/png')).toBe('image: 0 × 10 pixels is empty');
    expect(imageSizeProblem(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBe('image: its header does not say its width and height, so it is not decoded');
  });
});
