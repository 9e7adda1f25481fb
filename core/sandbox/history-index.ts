import type { Address, Signature } from '@solana/kit';
import type { TransactionError } from '../chain/types.js';

/** One landed transaction as the history answers it (its full record is read from the ledger file). */
export interface LedgerEntry {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly err: TransactionError | null;
  readonly blockTime: bigint;
  /** Where its record lies in the ledger, in bytes since the first record ever written. */
  readonly offset: number;
  readonly length: number;
}

/** What the index keeps of a transaction: no text, only numbers (the signature is read back from the ledger). */
export interface HistoryRow {
  /** Two 32-bit hashes of the signature's text: its key in the signature table. */
  readonly sigLo: number;
  readonly sigHi: number;
  readonly offset: number;
  readonly length: number;
  readonly slot: number;
  readonly blockTime: number;
  readonly err: TransactionError | null;
  /** The ids (in the ledger's address table) of every account the transaction referenced. */
  readonly addressIds: ArrayLike<number>;
}

/** A row as the index file hands it (ledger-index-file.ts): its ids are the first `idCount` of `ids`. */
export interface LoadedRow extends Omit<HistoryRow, 'addressIds'> {
  readonly ids: Uint32Array;
  readonly idCount: number;
}

const INITIAL = 1024;

/**
 * The in-memory index over the ledger's kept records, in columns of numbers: per transaction its place in
 * the file, slot, block time and error (a map, errors are few), a hash table from the signature's hash to
 * the transaction, and per address the transactions that referenced it (for
 * getSignaturesForAddress). About 40 bytes per transaction plus 4 per account it named; no string per
 * transaction is kept: a signature is read back from the head of its ledger record when asked for.
 * Positions here count the kept transactions from 0 (the ledger's pruned ones come before them).
 *
 * A restart's rows come in bulk (`load`, then `finishLoad`): their ids are gathered in one flat array and
 * inverted once into the base lists, one array for all addresses (each address a range of it), and the
 * signature table is made once at its final size. Rows added after (`add`) go to each address's own tail
 * list. At a million transactions a restart's open went from 1.1–1.2 s to 0.56–0.75 s (bench/sandbox-scale.ts).
 */
export class HistoryIndex {
  private countValue = 0;
  private offsets = new Float64Array(INITIAL);
  private lengths = new Uint32Array(INITIAL);
  private slots = new Float64Array(INITIAL);
  private blockTimes = new Float64Array(INITIAL);
  private sigLo = new Uint32Array(INITIAL);
  private sigHi = new Uint32Array(INITIAL);
  private readonly errs = new Map<number, TransactionError>();
  /** Open addressing: position + 1, 0 for an empty slot; kept under half full. */
  private table = new Int32Array(INITIAL * 2);
  /** The lists of the rows loaded at open: an address's positions are baseData[baseStart[id] .. baseStart[id + 1]). */
  private baseStart = new Int32Array(1);
  private baseData = new Int32Array(0);
  /** Each address's positions added after the load (all after its base list's). */
  private readonly postings: Int32Array[] = [];
  private readonly postingCounts: number[] = [];
  /** While loading: every loaded row's ids, flat, and where each row's start. */
  private loading: { ids: Int32Array; idCount: number; rowStarts: Int32Array; maxId: number } | null = null;

  constructor(
    /** The signature of the record at `offset` (read from the ledger). */
    private readonly signatureAt: (offset: number, length: number) => Signature,
    /** The address table's id of an address, if it has one. */
    private readonly addressId: (address: Address) => number | undefined,
  ) {}

  get count(): number {
    return this.countValue;
  }

  /**
   * Room for a load from an index file of `bytes`: at most one id per 4 bytes and one row per 44 (both
   * let go at the load's end). Doubling 15 million ids from a small array took a tenth of a restart.
   */
  reserve(bytes: number): void {
    if (this.countValue > 0) return;
    this.loading = { ids: new Int32Array(Math.ceil(bytes / 4)), idCount: 0, rowStarts: new Int32Array(Math.ceil(bytes / 44) + 2), maxId: -1 };
  }

  /** Adds a row read from the index file at open; `finishLoad` after the last, before any `add`. */
  load(row: LoadedRow): void {
    if (this.countValue > 0 && this.loading === null) throw new Error('a history index loads only before its first add');
    this.loading ??= { ids: new Int32Array(INITIAL * 8), idCount: 0, rowStarts: new Int32Array(INITIAL + 1), maxId: -1 };
    const loading = this.loading;
    const i = this.countValue;
    if (i === this.offsets.length) this.grow(false);
    this.setColumns(i, row);
    this.countValue = i + 1;
    if (loading.rowStarts.length < i + 2) loading.rowStarts = grownInt32(loading.rowStarts, this.offsets.length + 1);
    if (loading.idCount + row.idCount > loading.ids.length) loading.ids = grownInt32(loading.ids, Math.max(loading.ids.length * 2, loading.idCount + row.idCount));
    const ids = loading.ids;
    let at = loading.idCount;
    for (let k = 0; k < row.idCount; k++) {
      const id = row.ids[k]!;
      ids[at++] = id;
      if (id > loading.maxId) loading.maxId = id;
    }
    loading.idCount = at;
    loading.rowStarts[i + 1] = at;
  }

  /**
   * The loaded rows' signature table, made once at its size, and their address lists: counted per address,
   * then filled in order (a row naming an address twice is listed once).
   */
  finishLoad(): void {
    const loading = this.loading;
    if (loading === null) return;
    this.loading = null;
    this.table = new Int32Array(this.offsets.length * 2);
    for (let i = 0; i < this.countValue; i++) this.insert(i);
    const addresses = loading.maxId + 1;
    const start = new Int32Array(addresses + 1);
    const last = new Int32Array(addresses).fill(-1);
    const { ids, rowStarts } = loading;
    for (let i = 0; i < this.countValue; i++) {
      for (let k = rowStarts[i]!, end = rowStarts[i + 1]!; k < end; k++) {
        const id = ids[k]!;
        if (last[id] === i) continue;
        last[id] = i;
        start[id + 1]! += 1;
      }
    }
    for (let id = 0; id < addresses; id++) start[id + 1]! += start[id]!;
    const data = new Int32Array(start[addresses]!);
    const fill = start.slice(0, addresses);
    last.fill(-1);
    for (let i = 0; i < this.countValue; i++) {
      for (let k = rowStarts[i]!, end = rowStarts[i + 1]!; k < end; k++) {
        const id = ids[k]!;
        if (last[id] === i) continue;
        last[id] = i;
        data[fill[id]!++] = i;
      }
    }
    this.baseStart = start;
    this.baseData = data;
  }

  add(row: HistoryRow): number {
    this.finishLoad();
    const i = this.countValue;
    if (i === this.offsets.length) this.grow(true);
    this.setColumns(i, row);
    this.countValue = i + 1;
    this.insert(i);
    let previous = -1;
    for (let k = 0; k < row.addressIds.length; k++) {
      const id = row.addressIds[k]!;
      if (id === previous) continue;
      previous = id;
      let list = this.postings[id];
      const n = this.postingCounts[id] ?? 0;
      if (list === undefined) list = this.postings[id] = new Int32Array(4);
      else if (n === list.length) {
        const bigger = new Int32Array(n * 2);
        bigger.set(list);
        list = this.postings[id] = bigger;
      }
      // A transaction naming an address twice is listed once (ids of one row arrive sorted or not: check the tail).
      if (n > 0 && list[n - 1] === i) continue;
      list[n] = i;
      this.postingCounts[id] = n + 1;
    }
    return i;
  }

  private setColumns(i: number, row: Omit<HistoryRow, 'addressIds'>): void {
    this.offsets[i] = row.offset;
    this.lengths[i] = row.length;
    this.slots[i] = row.slot;
    this.blockTimes[i] = row.blockTime;
    this.sigLo[i] = row.sigLo;
    this.sigHi[i] = row.sigHi;
    if (row.err !== null) this.errs.set(i, row.err);
  }

  /** Doubles the columns; the signature table too unless loading (made once at the load's end). */
  private grow(rehash: boolean): void {
    const size = this.offsets.length * 2;
    const grown = <T extends Float64Array | Uint32Array>(from: T, make: (n: number) => T): T => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.offsets = grown(this.offsets, (n) => new Float64Array(n));
    this.lengths = grown(this.lengths, (n) => new Uint32Array(n));
    this.slots = grown(this.slots, (n) => new Float64Array(n));
    this.blockTimes = grown(this.blockTimes, (n) => new Float64Array(n));
    this.sigLo = grown(this.sigLo, (n) => new Uint32Array(n));
    this.sigHi = grown(this.sigHi, (n) => new Uint32Array(n));
    if (!rehash) return;
    this.table = new Int32Array(size * 2);
    for (let i = 0; i < this.countValue; i++) this.insert(i);
  }

  private insert(i: number): void {
    const mask = this.table.length - 1;
    let at = this.sigLo[i]! & mask;
    while (this.table[at] !== 0) at = (at + 1) & mask;
    this.table[at] = i + 1;
  }

  /** The position of a signature, or -1; a prefix match is checked against the ledger's text. */
  find(signature: Signature, lo: number, hi: number): number {
    this.finishLoad();
    const mask = this.table.length - 1;
    for (let at = lo & mask; this.table[at] !== 0; at = (at + 1) & mask) {
      const i = this.table[at]! - 1;
      if (this.sigLo[i] === lo && this.sigHi[i] === hi && this.signatureAt(this.offsets[i]!, this.lengths[i]!) === signature) return i;
    }
    return -1;
  }

  entry(i: number, signature?: Signature): LedgerEntry {
    const offset = this.offsets[i]!;
    const length = this.lengths[i]!;
    return {
      signature: signature ?? this.signatureAt(offset, length),
      slot: BigInt(this.slots[i]!),
      err: this.errs.get(i) ?? null,
      blockTime: BigInt(this.blockTimes[i]!),
      offset,
      length,
    };
  }

  offsetOf(i: number): number {
    return this.offsets[i]!;
  }
  slotOf(i: number): number {
    return this.slots[i]!;
  }

  /** The first position whose record starts at or after `offset` (the ones a snapshot taken there lacks). */
  firstFrom(offset: number): number {
    let low = 0;
    let high = this.countValue;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.offsets[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first position at `slot` or later. */
  firstAtSlot(slot: number): number {
    let low = 0;
    let high = this.countValue;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.slots[mid]! < slot) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Newest first; `before` and `until` are exclusive bounds given as positions (-1: none), as the RPC
   * method defines them.
   */
  forAddress(address: Address, before: number, until: number, limit: number): LedgerEntry[] {
    this.finishLoad();
    const id = this.addressId(address);
    if (id === undefined) return [];
    // The address's positions, ascending: its base list, then its tail.
    const baseFrom = id + 1 < this.baseStart.length ? this.baseStart[id]! : 0;
    const baseCount = id + 1 < this.baseStart.length ? this.baseStart[id + 1]! - baseFrom : 0;
    const tail = this.postings[id];
    const at = (j: number): number => (j < baseCount ? this.baseData[baseFrom + j]! : tail![j - baseCount]!);
    let j = baseCount + (this.postingCounts[id] ?? 0) - 1;
    if (before >= 0) {
      // The last one below `before`.
      let low = 0;
      let high = j + 1;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (at(mid) < before) low = mid + 1;
        else high = mid;
      }
      j = low - 1;
    }
    const out: LedgerEntry[] = [];
    for (; j >= 0 && out.length < limit; j--) {
      const i = at(j);
      if (i <= until) break;
      out.push(this.entry(i));
    }
    return out;
  }
}

function grownInt32(from: Int32Array, size: number): Int32Array {
  const to = new Int32Array(size);
  to.set(from);
  return to;
}
