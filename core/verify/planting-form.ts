import { imageSizeProblem, imageTypeOf, IMAGE_MAX_BYTES } from './image-type.js';

/**
 * The planting wizard's rules, checked in the desk before anything is uploaded (the server checks them
 * again): the image's type from its bytes and its size, the name in bytes, the ticker by the launchpad's
 * pattern and not the native coin's, links as http(s) URLs, a payee wallet as an address. Each answers
 * null or the problem in words, naming the field. Browser-safe.
 */
const NAME_MAX_BYTES = 32;
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function imageProblem(bytes: Uint8Array, size: number): string | null {
  if (size > IMAGE_MAX_BYTES) return `image: ${(size / 1024 / 1024).toFixed(1)} MB is too large; an image must be under 4 MB`;
  if (size === 0) return 'image: the file is empty';
  const type = imageTypeOf(bytes);
  if (type === null) return 'image: not a PNG, JPEG, WebP or GIF (read from the file itself, not its name)';
  // The desk reads the size from the header before it shows a preview (a small file can claim a huge picture).
  return imageSizeProblem(bytes, type);
}

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'name: give the coin a name';
  const bytes = new TextEncoder().encode(trimmed).length;
  return bytes > NAME_MAX_BYTES ? `name: ${bytes} bytes; at most ${NAME_MAX_BYTES} (letters outside ASCII take more than one)` : null;
}

export function tickerProblem(ticker: string, pattern: RegExp, nativeSymbol: string): string | null {
  if (ticker === '') return 'ticker: give the coin a ticker';
  if (!pattern.test(ticker)) return 'ticker: 2 to 10 characters, capital letters A-Z and digits';
  return ticker === nativeSymbol.toUpperCase() ? `ticker: ${ticker} is the native coin's` : null;
}

export function linkProblem(value: string, field: string): string | null {
  if (value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '') return null;
  } catch {
    // answered below
  }
  return `${field}: a link starting with https://`;
}

export const payeeWalletProblem = (value: string): string | null => (ADDRESS.test(value.trim()) ? null : 'payee: the wallet address that is paid');
