import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { keepPrivate, PRIVATE_DIR_MODE } from './private-files.js';
import { DeskError } from '../errors.js';

/**
 * One process at a time owns a sandbox data dir (two writers would fork its history). The lock file
 * names the owner's pid and, once it serves, its RPC URL, so that a second command can talk to the
 * running sandbox instead of opening the files.
 */
export interface LockInfo {
  readonly pid: number;
  readonly rpcUrl: string | null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | null {
  const path = join(dataDir, 'sandbox.lock');
  if (!existsSync(path)) return null;
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    return alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export class DataLock {
  private constructor(private readonly path: string) {}

  static acquire(dataDir: string): DataLock {
    // A first run names a directory that does not exist yet (the default one included): make it, private.
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    keepPrivate(dataDir);
    const path = join(dataDir, 'sandbox.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx');
        writeSync(fd, JSON.stringify({ pid: process.pid, rpcUrl: null } satisfies LockInfo));
        closeSync(fd);
        return new DataLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = readLock(dataDir);
        if (owner && owner.pid !== process.pid) {
          throw new DeskError('data_dir_invalid', `the sandbox in ${dataDir} is already running (pid ${owner.pid}${owner.rpcUrl ? `, RPC ${owner.rpcUrl}` : ''})`);
        }
        // A lock left by a process that died: take it over.
        rmSync(path, { force: true });
      }
    }
    throw new DeskError('data_dir_invalid', `cannot lock ${dataDir}`);
  }

  setRpcUrl(rpcUrl: string | null): void {
    const fd = openSync(this.path, 'w');
    writeSync(fd, JSON.stringify({ pid: process.pid, rpcUrl } satisfies LockInfo));
    closeSync(fd);
  }

  release(): void {
    rmSync(this.path, { force: true });
  }
}
