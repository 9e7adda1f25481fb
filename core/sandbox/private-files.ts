import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Owner only: the data directory holds the index, the builds, the wallets' list, the key store and the orders. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes a data directory private to its owner: the directory and every directory under it 700, every file
 * 600 (a data directory made by an older version was 755 with files 644). From then on this process creates
 * files the same way (umask 077), so SQLite's journals and every later file are private from their start.
 * Symbolic links are left as they are (their targets are not ours to change). POSIX only: Windows keeps its
 * per-user profile's ACLs.
 */
export function keepPrivate(dataDir: string): void {
  if (process.platform === 'win32') return;
  // A worker thread may not set the process's umask; the files it finds are still made private.
  if (isMainThread) process.umask(0o077);
  const walk = (dir: string) => {
    chmodSync(dir, PRIVATE_DIR_MODE);
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(path, PRIVATE_FILE_MODE);
    }
  };
  walk(dataDir);
}
