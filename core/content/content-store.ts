import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { cidOf, isCid, type Cid } from './cid.js';
import { imageTypeOf } from '../verify/image-type.js';
import { imageVerdictOf, type ImageModeration, type ImageVerdict } from './moderation.js';
import type { PinningService } from './pinning.js';

export interface StoredContent {
  readonly bytes: Buffer;
  readonly contentType: string;
}

const PARTIAL = '.partial-';

/**
 * Content-addressed files on this machine: each block is `<dir>/<cid>`, written to a temporary name,
 * flushed and renamed, so a crash leaves either the whole block or none of it (a leftover temporary
 * file is removed at the next open). With a pinning service, each block is handed to it once it is
 * stored here; the local copy is kept either way. The operator's image lists come in from outside so a
 * caller (a test) can give its own.
 */
export class ContentStore {
  readonly dir: string;
  private readonly moderation: ImageModeration;
  private readonly pinning: PinningService | null;

  constructor(options: { readonly dir: string; readonly moderation: ImageModeration; readonly pinning?: PinningService | null }) {
    this.dir = options.dir;
    this.moderation = options.moderation;
    this.pinning = options.pinning ?? null;
    mkdirSync(this.dir, { recursive: true });
    for (const name of readdirSync(this.dir)) if (name.startsWith(PARTIAL)) rmSync(join(this.dir, name), { force: true });
  }

  /** Whether an image may be published, by the operator's lists. */
  imageVerdict(bytes: Uint8Array): ImageVerdict {
    return imageVerdictOf(this.moderation, bytes);
  }

  /** Stores `bytes` under their CID, then pins them. */
  async put(bytes: Uint8Array, contentType: string): Promise<Cid> {
    const cid = cidOf(bytes);
    const path = join(this.dir, cid);
    // A block already here is kept when it is whole; a damaged one is written again.
    const present = await readFile(path).then((held) => held.length === bytes.length && cidOf(held) === cid, () => false);
    if (!present) {
      const partial = join(this.dir, `${PARTIAL}${randomBytes(8).toString('hex')}`);
      try {
        const file = await open(partial, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    }
    await this.pinning?.pin(cid, bytes, contentType);
    return cid;
  }

  /** A stored block and its type (an image's from its signature, else JSON), or null for a CID not held intact. */
  async read(cid: string): Promise<StoredContent | null> {
    if (!isCid(cid)) return null;
    const bytes = await readFile(join(this.dir, cid)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (bytes === null || cidOf(bytes) !== cid) return null;
    return { bytes, contentType: imageTypeOf(bytes) ?? (bytes[0] === 0x7b ? 'application/json; charset=utf-8' : 'application/octet-stream') };
  }
}
