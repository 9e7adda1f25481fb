import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/**
 * A snapshot is one file: a magic word, a JSON header (clock, blockhash window, how much of the ledger
 * it holds) and LiteSVM's serialised state. It is written to a temporary name, synced and renamed, so a
 * crash leaves either the old snapshot or the new one, never half of one.
 */
export interface SnapshotHeader {
  readonly version: 1;
  readonly slot: string;
  readonly blockHeight: string;
  readonly latestBlockhash: string;
  readonly blockhashes: readonly (readonly [string, string])[];
  readonly slotHashes: readonly (readonly [string, string])[];
  /** Bytes of the ledger already applied to `state`. */
  readonly ledgerOffset: number;
}

const MAGIC = Buffer.from('LDSNAP01', 'ascii');

export function writeSnapshot(path: string, header: SnapshotHeader, state: Uint8Array): void {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    for (const part of [MAGIC, length, json, state]) writeSync(fd, part);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

export function readSnapshot(path: string): { header: SnapshotHeader; state: Uint8Array } | null {
  if (!existsSync(path)) return null;
  const bytes = readFileSync(path);
  if (bytes.length < 12 || !bytes.subarray(0, 8).equals(MAGIC)) {
    throw new Error(`${path} is not a sandbox snapshot`);
  }
  const length = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.subarray(12, 12 + length).toString('utf8')) as SnapshotHeader;
  if (header.version !== 1) throw new Error(`${path} has snapshot version ${String(header.version)}, expected 1`);
  return { header, state: new Uint8Array(bytes.buffer, bytes.byteOffset + 12 + length, bytes.length - 12 - length) };
}
