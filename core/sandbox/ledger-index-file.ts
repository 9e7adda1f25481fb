import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import type { TransactionError } from '../chain/types.js';
import type { HistoryRow, LoadedRow } from './history-index.js';

/**
 * The ledger's index file (`ledger.index`), so that a restart reads numbers instead of parsing every
 * JSON record: a 32-byte header (magic, the ledger's first kept byte and the count of transactions before
 * it), then one record per transaction: its length (u32), offset and length in the ledger, slot, block
 * time, two 32-bit hashes of the signature's text, its error as JSON (usually none) and the ids of the accounts it
 * referenced (u32 each, ids into `ledger.addresses`, one base58 address a line).
 *
 * It is derived from the ledger and rebuilt from it whenever it is missing, belongs to another ledger
 * (its header differs) or stops short of it (the records after its end are parsed again): so it is
 * written in batches, and a crash costs at most a re-read of the ledger's tail.
 */

export const INDEX_MAGIC = Buffer.from('LDIDX002', 'ascii');
export const INDEX_HEADER_BYTES = 32;
const FIXED = 44;

export interface LedgerStart {
  /** The ledger's first kept byte, counted since the first record ever written (0 for a never-pruned one). */
  readonly from: number;
  /** Transactions pruned before it. */
  readonly count: number;
}

export function indexHeader(start: LedgerStart): Buffer {
  const header = Buffer.alloc(INDEX_HEADER_BYTES);
  INDEX_MAGIC.copy(header, 0);
  header.writeDoubleLE(start.from, 8);
  header.writeDoubleLE(start.count, 16);
  return header;
}

export function encodeIndexRow(row: HistoryRow): Buffer {
  const err = row.err === null ? null : Buffer.from(JSON.stringify(row.err), 'utf8');
  const errLength = err?.length ?? 0;
  const size = FIXED + errLength + 4 * row.addressIds.length;
  const out = Buffer.allocUnsafe(size);
  out.writeUInt32LE(size, 0);
  out.writeDoubleLE(row.offset, 4);
  out.writeUInt32LE(row.length, 12);
  out.writeDoubleLE(row.slot, 16);
  out.writeDoubleLE(row.blockTime, 24);
  out.writeUInt32LE(row.sigLo, 32);
  out.writeUInt32LE(row.sigHi, 36);
  out.writeUInt16LE(errLength, 40);
  out.writeUInt16LE(row.addressIds.length, 42);
  if (err) err.copy(out, FIXED);
  for (let k = 0, at = FIXED + errLength; k < row.addressIds.length; k++, at += 4) out.writeUInt32LE(row.addressIds[k]!, at);
  return out;
}

export interface IndexRead {
  readonly start: LedgerStart;
  /** Bytes of whole records (a record cut short by a crash is not counted). */
  readonly validBytes: number;
}

/**
 * Reads the index file, handing each row to `onRow`; null when there is no usable file (missing, or not
 * an index). Stops at a record cut short. The row and its `ids` are reused from one row to the next: a
 * reader copies what it keeps (a million rows make no million objects).
 */
export function readIndexFile(path: string, onRow: (row: LoadedRow) => void): IndexRead | null {
  if (!existsSync(path)) return null;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const header = Buffer.alloc(INDEX_HEADER_BYTES);
    if (size < INDEX_HEADER_BYTES || readSync(fd, header, 0, INDEX_HEADER_BYTES, 0) !== INDEX_HEADER_BYTES || !header.subarray(0, 8).equals(INDEX_MAGIC)) return null;
    const start = { from: header.readDoubleLE(8), count: header.readDoubleLE(16) };
    let chunk = Buffer.alloc(1 << 22);
    let view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
    let position = INDEX_HEADER_BYTES;
    let filled = 0;
    let validBytes = INDEX_HEADER_BYTES;
    // A row's key count is a u16: the ids never outgrow this.
    const row = { offset: 0, length: 0, slot: 0, blockTime: 0, sigLo: 0, sigHi: 0, err: null as TransactionError | null, ids: new Uint32Array(0x10000), idCount: 0 };
    const ids = row.ids;
    for (;;) {
      const read = readSync(fd, chunk, filled, chunk.length - filled, position);
      position += read;
      filled += read;
      let at = 0;
      while (at + 4 <= filled) {
        const length = view.getUint32(at, true);
        if (length < FIXED) return { start, validBytes };
        if (at + length > filled) break;
        const errLength = view.getUint16(at + 40, true);
        const keyCount = view.getUint16(at + 42, true);
        for (let k = 0, p = at + FIXED + errLength; k < keyCount; k++, p += 4) ids[k] = view.getUint32(p, true);
        row.idCount = keyCount;
        row.offset = view.getFloat64(at + 4, true);
        row.length = view.getUint32(at + 12, true);
        row.slot = view.getFloat64(at + 16, true);
        row.blockTime = view.getFloat64(at + 24, true);
        row.sigLo = view.getUint32(at + 32, true);
        row.sigHi = view.getUint32(at + 36, true);
        row.err = errLength === 0 ? null : (JSON.parse(chunk.toString('utf8', at + FIXED, at + FIXED + errLength)) as TransactionError);
        onRow(row);
        at += length;
        validBytes += length;
      }
      if (read === 0) return { start, validBytes };
      chunk.copy(chunk, 0, at, filled);
      filled -= at;
      if (filled === chunk.length) {
        chunk = Buffer.concat([chunk, Buffer.alloc(chunk.length)]);
        view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
      }
    }
  } finally {
    closeSync(fd);
  }
}
