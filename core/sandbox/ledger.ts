import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import type { Address, Signature } from '@solana/kit';
import type { ChainTransaction, TransactionError } from '../chain/types.js';
import { HistoryIndex, type HistoryRow, type LedgerEntry } from './history-index.js';
import { encodeIndexRow, indexHeader, readIndexFile, type LedgerStart } from './ledger-index-file.js';
import { accountKeysOf, storedOf, transactionOf, type StoredRecord } from './ledger-record.js';

export type { LedgerEntry } from './history-index.js';

/**
 * The sandbox's transaction history: an append-only file of JSON lines, one per landed transaction.
 * It is both the history that `getTransaction` answers from and the write-ahead log that rebuilds the
 * state after a crash (a snapshot says how many bytes of it are already inside the state).
 *
 * Beside it, `ledger.index` (numbers per transaction, ledger-index-file.ts) and `ledger.addresses` (the
 * addresses transactions named, one a line) let a restart rebuild the in-memory index without parsing the
 * records; both are derived and rebuilt from the ledger when missing or short. In memory only numbers
 * are kept per transaction (history-index.ts); a record is read from disk when asked for.
 *
 * Pruning (`prune`) keeps the last records and forgets the older ones entirely, as a validator run with
 * a ledger size limit does: the file is rewritten with a first line saying where it now starts.
 * Offsets stay counted from the first record ever written, so a snapshot's offset keeps its meaning.
 */

/** Index rows and new addresses are written in batches of about this many bytes (and at each flush). */
const WRITE_BATCH_BYTES = 1 << 16;

interface LedgerFileHeader {
  ledger: 2;
  from: number;
  count: number;
}

/**
 * A signature's key in the index: two 32-bit hashes of its text (FNV-1a and a multiply-xorshift), so that
 * neither a send nor a status lookup decodes base58. A match is confirmed against the record's text.
 */
function keyOf(signature: string): { lo: number; hi: number } {
  let lo = 0x811c9dc5;
  let hi = 0x9747b28c;
  for (let i = 0; i < signature.length; i++) {
    const c = signature.charCodeAt(i);
    lo = Math.imul(lo ^ c, 16777619);
    hi = Math.imul(hi ^ c, 0x5bd1e995);
    hi ^= hi >>> 15;
  }
  return { lo: lo >>> 0, hi: hi >>> 0 };
}

export class Ledger {
  private fd: number | null = null;
  private indexFd: number | null = null;
  private addressesFd: number | null = null;
  /** The file's size; `start.from` + size - headerBytes is the logical end. */
  private size = 0;
  private headerBytes = 0;
  private start: LedgerStart = { from: 0, count: 0 };
  private readonly memory = new Map<number, string>();
  private addressIds = new Map<string, number>();
  private pendingIndex: Buffer[] = [];
  private pendingAddresses: string[] = [];
  private pendingBytes = 0;
  history: HistoryIndex;

  private constructor(readonly path: string | null) {
    this.history = this.newHistory();
  }

  private newHistory(): HistoryIndex {
    return new HistoryIndex(
      (offset, length) => this.signatureAt(offset, length),
      (address) => this.addressIds.get(address),
    );
  }

  /** A ledger with no file behind it (an in-memory sandbox). */
  static inMemory(): Ledger {
    return new Ledger(null);
  }

  /**
   * Opens (or creates) the file and its index. A last line cut short by a crash is dropped: the
   * transaction it described was never acknowledged as recorded.
   */
  static open(path: string): Ledger {
    const ledger = new Ledger(path);
    ledger.load();
    return ledger;
  }

  private get indexPath(): string {
    return `${this.path!.replace(/\.jsonl$/, '')}.index`;
  }
  private get addressesPath(): string {
    return `${this.path!.replace(/\.jsonl$/, '')}.addresses`;
  }

  private load(): void {
    const path = this.path!;
    // A pruning stopped after the ledger was replaced but before its index was: the new index is ready.
    // One stopped before its ledger was replaced: the old files are whole, the new ones are dropped.
    if (existsSync(`${path}.next`)) {
      rmSync(`${path}.next`);
      rmSync(`${this.indexPath}.next`, { force: true });
    } else if (existsSync(`${this.indexPath}.next`)) renameSync(`${this.indexPath}.next`, this.indexPath);
    this.fd = openSync(path, existsSync(path) ? 'r+' : 'w+');
    this.size = fstatSync(this.fd).size;
    this.readFileHeader();
    this.loadAddresses();
    const end = this.loadIndex();
    this.indexTail(end);
  }

  private readFileHeader(): void {
    const head = Buffer.alloc(Math.min(this.size, 256));
    readSync(this.fd!, head, 0, head.length, 0);
    const nl = head.indexOf(10);
    if (head.subarray(0, 10).toString('latin1') === '{"ledger":' && nl > 0) {
      const header = JSON.parse(head.subarray(0, nl).toString('utf8')) as LedgerFileHeader;
      this.start = { from: header.from, count: header.count };
      this.headerBytes = nl + 1;
    }
  }

  private loadAddresses(): void {
    this.addressesFd = openSync(this.addressesPath, existsSync(this.addressesPath) ? 'r+' : 'w+');
    const size = fstatSync(this.addressesFd).size;
    const bytes = Buffer.alloc(size);
    readSync(this.addressesFd, bytes, 0, size, 0);
    const text = bytes.toString('latin1');
    const whole = text.lastIndexOf('\n') + 1;
    if (whole !== size) ftruncateSync(this.addressesFd, whole);
    const list = whole === 0 ? [] : text.slice(0, whole - 1).split('\n');
    this.addressIds = new Map(list.map((address, id) => [address, id]));
  }

  /** Reads `ledger.index` if it belongs to this ledger; answers the logical offset up to which it is complete. */
  private loadIndex(): number {
    let end = this.start.from;
    const addressCount = this.addressIds.size;
    let usable = true;
    if (existsSync(this.indexPath)) this.history.reserve(statSync(this.indexPath).size);
    const read = readIndexFile(this.indexPath, (row) => {
      if (!usable) return;
      for (let k = 0; k < row.idCount; k++) {
        if (row.ids[k]! >= addressCount) {
          usable = false; // the index names addresses the address file lost: rebuilt below
          return;
        }
      }
      this.history.load(row);
      end = row.offset + row.length + 1;
    });
    const matches = read !== null && usable && read.start.from === this.start.from && read.start.count === this.start.count && end <= this.logicalEnd;
    if (!matches) {
      this.history = this.newHistory();
      this.indexFd = openSync(this.indexPath, 'w+');
      writeSync(this.indexFd, indexHeader(this.start));
      return this.start.from;
    }
    this.history.finishLoad();
    this.indexFd = openSync(this.indexPath, 'r+');
    ftruncateSync(this.indexFd, read.validBytes);
    return end;
  }

  /** Indexes the records after `from` (logical) by parsing them, and cuts a last line short of its end. */
  private indexTail(from: number): void {
    const chunk = Buffer.alloc(1 << 22);
    let position = this.physical(from);
    let filled = 0;
    let lineStart = from;
    for (;;) {
      const read = readSync(this.fd!, chunk, filled, chunk.length - filled, position);
      position += read;
      filled += read;
      let at = 0;
      for (let nl = chunk.indexOf(10, at); nl !== -1 && nl < filled; nl = chunk.indexOf(10, at)) {
        const record = JSON.parse(chunk.toString('utf8', at, nl)) as StoredRecord;
        this.index(record.s as Signature, lineStart, nl - at, BigInt(record.slot), BigInt(record.t), record.m.err, accountKeysOf(record));
        lineStart += nl - at + 1;
        at = nl + 1;
      }
      if (read === 0) break;
      if (at === 0 && filled === chunk.length) throw new Error(`a ledger record over ${chunk.length} bytes at ${lineStart}`);
      chunk.copy(chunk, 0, at, filled);
      filled -= at;
    }
    if (lineStart !== this.logicalEnd) {
      ftruncateSync(this.fd!, this.physical(lineStart));
      this.size = this.physical(lineStart);
    }
    this.writePending();
  }

  private physical(logical: number): number {
    return logical - this.start.from + this.headerBytes;
  }

  /** Bytes ever written, counted from the first record (what a snapshot's `ledgerOffset` compares with). */
  get byteLength(): number {
    return this.logicalEnd;
  }
  private get logicalEnd(): number {
    return this.start.from + this.size - this.headerBytes;
  }

  /** Transactions ever recorded (pruned ones included). */
  get transactionCount(): number {
    return this.start.count + this.history.count;
  }
  /** Transactions whose records are kept. */
  get keptCount(): number {
    return this.history.count;
  }
  /** The first kept byte, counted since the first record ever written. */
  get firstOffset(): number {
    return this.start.from;
  }
  /** Transactions pruned (their records forgotten). */
  get prunedCount(): number {
    return this.start.count;
  }

  private index(signature: Signature, offset: number, length: number, slot: bigint, blockTime: bigint, err: TransactionError | null, keys: readonly Address[]): void {
    const { lo, hi } = keyOf(signature);
    const addressIds = keys.map((key) => {
      let id = this.addressIds.get(key);
      if (id === undefined) {
        id = this.addressIds.size;
        this.addressIds.set(key, id);
        if (this.path !== null) {
          this.pendingAddresses.push(key);
          this.pendingBytes += key.length + 1;
        }
      }
      return id;
    });
    const row: HistoryRow = { sigLo: lo, sigHi: hi, offset, length, slot: Number(slot), blockTime: Number(blockTime), err, addressIds };
    this.history.add(row);
    if (this.path === null) return;
    const encoded = encodeIndexRow(row);
    this.pendingIndex.push(encoded);
    this.pendingBytes += encoded.length;
    if (this.pendingBytes >= WRITE_BATCH_BYTES) this.writePending();
  }

  /** The index rows and addresses not yet in their files; addresses first, since rows name them. */
  private writePending(): void {
    if (this.pendingAddresses.length > 0 && this.addressesFd !== null) {
      writeSync(this.addressesFd, `${this.pendingAddresses.join('\n')}\n`, fstatSync(this.addressesFd).size, 'latin1');
    }
    if (this.pendingIndex.length > 0 && this.indexFd !== null) writeSync(this.indexFd, Buffer.concat(this.pendingIndex), null, null, fstatSync(this.indexFd).size);
    this.pendingAddresses = [];
    this.pendingIndex = [];
    this.pendingBytes = 0;
  }

  append(transaction: ChainTransaction, accountKeys: readonly Address[]): LedgerEntry {
    const line = JSON.stringify(storedOf(transaction));
    const length = Buffer.byteLength(line, 'utf8');
    const offset = this.logicalEnd;
    // Handed to the OS before the entry exists, so a crash of the process loses nothing acknowledged
    // (synced to the disk at each snapshot and on close). The text is written as it is, no Buffer made of it.
    if (this.fd !== null) {
      const written = writeSync(this.fd, line + '\n', this.size, 'utf8');
      if (written !== length + 1) throw new Error(`the ledger took ${written} of the ${length + 1} bytes of a record`);
    } else this.memory.set(offset, line);
    this.size += length + 1;
    const err = transaction.meta.err === null ? null : (JSON.parse(JSON.stringify(transaction.meta.err)) as TransactionError);
    this.index(transaction.signature, offset, length, transaction.slot, transaction.blockTime ?? 0n, err, accountKeys);
    return { signature: transaction.signature, slot: transaction.slot, err, blockTime: transaction.blockTime ?? 0n, offset, length };
  }

  private lineAt(offset: number, length: number): string {
    if (this.fd === null) return this.memory.get(offset) ?? '';
    const buffer = Buffer.alloc(length);
    readSync(this.fd, buffer, 0, length, this.physical(offset));
    return buffer.toString('utf8');
  }

  /** A record's signature, from the head of its line (`{"s":"…"`), without reading the rest. */
  private signatureAt(offset: number, length: number): Signature {
    const head = this.fd === null ? this.memory.get(offset) ?? '' : this.lineAt(offset, Math.min(length, 100));
    return head.slice(6, head.indexOf('"', 6)) as Signature;
  }

  read(entry: Pick<LedgerEntry, 'offset' | 'length'>): ChainTransaction {
    return transactionOf(JSON.parse(this.lineAt(entry.offset, entry.length)) as StoredRecord);
  }

  /** The kept transaction with this signature, if any. */
  find(signature: Signature): LedgerEntry | undefined {
    const { lo, hi } = keyOf(signature);
    const i = this.history.find(signature, lo, hi);
    return i < 0 ? undefined : this.history.entry(i, signature);
  }

  /** Entries whose bytes lie at or after `offset` (those a snapshot taken at `offset` does not hold). */
  entriesFrom(offset: number): LedgerEntry[] {
    const out: LedgerEntry[] = [];
    for (let i = this.history.firstFrom(offset); i < this.history.count; i++) out.push(this.history.entry(i));
    return out;
  }

  /** Newest first; an unknown `before` answers nothing, an unknown `until` bounds nothing. */
  forAddress(address: Address, options: { before?: string; until?: string; limit?: number } = {}): LedgerEntry[] {
    const position = (signature: string | undefined): number | null => {
      if (signature === undefined) return -1;
      const { lo, hi } = keyOf(signature);
      const i = this.history.find(signature as Signature, lo, hi);
      return i < 0 ? null : i;
    };
    const before = position(options.before);
    if (before === null) return [];
    const until = position(options.until) ?? -1;
    return this.history.forAddress(address, before, until, options.limit ?? 1000);
  }

  /** The slot of the oldest kept record (0 when nothing was ever pruned). */
  get firstAvailableSlot(): bigint {
    return this.start.count === 0 || this.history.count === 0 ? 0n : BigInt(this.history.slotOf(0));
  }

  /**
   * Keeps the last `keep` records and forgets the others. The state must hold the whole ledger (a
   * snapshot at its end) before: nothing pruned is ever replayed. Crash-safe: the new ledger and index
   * are written beside the old ones as `.next` files and renamed into place, the ledger first; at any
   * stop, the directory opens on the old ledger or the new one (an index that does not match is rebuilt).
   */
  prune(keep: number, fromSlot: bigint): number {
    if (this.path === null || this.fd === null) return 0;
    // Never a record of `fromSlot` or later: the slots are in order, so the cut stops before the first of them.
    const cut = Math.min(this.history.count - keep, this.history.firstAtSlot(Number(fromSlot)));
    if (cut <= 0) return 0;
    this.writePending();
    const from = this.history.offsetOf(cut);
    const start: LedgerStart = { from, count: this.start.count + cut };
    const header = `${JSON.stringify({ ledger: 2, from: start.from, count: start.count } satisfies LedgerFileHeader)}\n`;
    const next = `${this.path}.next`;
    const nextIndex = `${this.indexPath}.next`;
    const out = openSync(next, 'w');
    const chunk = Buffer.alloc(1 << 22);
    try {
      writeSync(out, header);
      for (let position = this.physical(from); position < this.size; ) {
        const read = readSync(this.fd, chunk, 0, Math.min(chunk.length, this.size - position), position);
        writeSync(out, chunk, 0, read);
        position += read;
      }
      fsyncSync(out);
    } finally {
      closeSync(out);
    }
    const indexOut = openSync(nextIndex, 'w');
    try {
      writeSync(indexOut, indexHeader(start));
      readIndexFile(this.indexPath, (row) => {
        if (row.offset >= from) writeSync(indexOut, encodeIndexRow({ ...row, addressIds: row.ids.subarray(0, row.idCount) }));
      });
      fsyncSync(indexOut);
    } finally {
      closeSync(indexOut);
    }
    this.closeFiles();
    renameSync(next, this.path); // the commit point
    renameSync(nextIndex, this.indexPath);
    this.history = this.newHistory();
    this.headerBytes = 0;
    this.start = { from: 0, count: 0 };
    this.load();
    return cut;
  }

  flush(): void {
    this.writePending();
    if (this.fd !== null) fsyncSync(this.fd);
  }

  private closeFiles(): void {
    for (const fd of [this.fd, this.indexFd, this.addressesFd]) if (fd !== null) closeSync(fd);
    this.fd = this.indexFd = this.addressesFd = null;
  }

  close(): void {
    if (this.fd !== null) {
      this.writePending();
      fsyncSync(this.fd);
      this.closeFiles();
    }
  }
}
