import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourcePath } from '../config/resources.js';

/**
 * The operator's image lists (resources/moderation/images-in-review.txt and images-refused.txt): images
 * named by the sha256 of their bytes that an upload may not publish, either until a person has looked
 * at them (in review) or at all (refused).
 */
export interface ImageModeration {
  readonly inReview: ReadonlySet<string>;
  readonly refused: ReadonlySet<string>;
}

export type ImageVerdict = 'clear' | 'in_review' | 'refused';

export const NO_IMAGE_MODERATION: ImageModeration = Object.freeze({ inReview: new Set<string>(), refused: new Set<string>() });

/** One list: a hex sha256 per line (the first word, so `sha256sum` lines paste as they are), # comments. */
export function readImageHashes(path: string): Set<string> {
  const hashes = new Set<string>();
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const word = line.trim().split(/\s+/)[0]!;
      if (word === '' || word.startsWith('#')) return;
      if (!/^[0-9a-fA-F]{64}$/.test(word)) throw new Error(`${path}:${i + 1}: ${JSON.stringify(word.slice(0, 80))} is not a hex sha256 (64 characters)`);
      hashes.add(word.toLowerCase());
    });
  return hashes;
}

/** Both lists, from `dir` (the app's resources/moderation by default). A malformed line stops the start. */
export function readImageModeration(dir = resourcePath('moderation')): ImageModeration {
  return Object.freeze({
    inReview: readImageHashes(join(dir, 'images-in-review.txt')),
    refused: readImageHashes(join(dir, 'images-refused.txt')),
  });
}

export const imageHashOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Refused wins over in review: an image on both lists is never coming back. */
export function imageVerdictOf(moderation: ImageModeration, bytes: Uint8Array): ImageVerdict {
  const hash = imageHashOf(bytes);
  if (moderation.refused.has(hash)) return 'refused';
  if (moderation.inReview.has(hash)) return 'in_review';
  return 'clear';
}
