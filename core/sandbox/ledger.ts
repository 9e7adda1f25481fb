import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readSync, writeSync, fsyncSync } from 'node:fs';
import type { Address, Lamports, Signature } from '@solana/kit';
import type { ChainTransaction, TokenBalance, TransactionError, TransactionMeta } from '../chain/types.js';

/**
 * The sandbox's transaction history: an append-only file of JSON lines, one per landed transaction.
 * It is both the history that `getTransaction` answers from and the write-ahead log that rebuilds the
 * state after a crash (a snapshot says how many bytes of it are already inside the state).
 * Only the offsets stay in memory; a record is read from disk when asked for.
 */

export interface LedgerEntry {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly err: TransactionError | null;
  readonly blockTime: bigint;
  /** Every account the transaction referenced (static keys, then loaded writable, loaded readonly). */
  readonly accountKeys: readonly Address[];
  readonly offset: number;
  readonly length: number;
}

interface StoredRecord {
  s: string; // signature
  slot: string;
  t: string; // block time
  w: string; // wire, base64
  k: string[]; // account keys
  m: StoredMeta;
}

interface StoredMeta {
  err: TransactionError | null;
  fee: string;
  pre: string[];
  post: string[];
  preT: StoredTokenBalance[];
  postT: StoredTokenBalance[];
  logs: string[];
  inner: { index: number; instructions: { p: number; a: number[]; d: string; h: number | null }[] }[];
  cu: string;
  ret: { programId: string; data: string } | null;
  la: { writable: string[]; readonly: string[] };
}

type StoredTokenBalance = Omit<TokenBalance, 'amount'> & { amount: string };

export class Ledger {
  private fd: number | null;
  private size: number;
  readonly entries: LedgerEntry[] = [];

  private constructor(
    readonly path: string | null,
    fd: number | null,
  ) {
    this.fd = fd;
    this.size = fd === null ? 0 : fstatSync(fd).size;
  }

  /** A ledger with no file behind it (an in-memory sandbox). */
  static inMemory(): Ledger {
    return new Ledger(null, null);
  }

  /**
   * Opens (or creates) the file and indexes it. A last line cut short by a crash is dropped: the
   * transaction it described was never acknowledged as recorded.
   */
  static open(path: string): Ledger {
    const fd = openSync(path, existsSync(path) ? 'r+' : 'w+');
    const ledger = new Ledger(path, fd);
    ledger.indexFile();
    return ledger;
  }

  get byteLength(): number {
    return this.size;
  }

  private readonly memory = new Map<number, string>();

  private indexFile(): void {
    if (this.fd === null) return;
    const chunk = Buffer.alloc(1 << 20);
    let carry = Buffer.alloc(0);
    let position = 0;
    let lineStart = 0;
    for (;;) {
      const read = readSync(this.fd, chunk, 0, chunk.length, position);
      if (read === 0) break;
      position += read;
      let buffer = Buffer.concat([carry, chunk.subarray(0, read)]);
      let from = 0;
      for (let nl = buffer.indexOf(10, from); nl !== -1; nl = buffer.indexOf(10, from)) {
        const line = buffer.subarray(from, nl).toString('utf8');
        this.entries.push(entryOf(JSON.parse(line) as StoredRecord, lineStart, nl - from));
        lineStart += nl - from + 1;
        from = nl + 1;
      }
      carry = Buffer.from(buffer.subarray(from));
      buffer = carry;
    }
    if (lineStart !== this.size) {
      ftruncateSync(this.fd, lineStart);
      this.size = lineStart;
    }
  }

  append(transaction: ChainTransaction, accountKeys: readonly Address[]): LedgerEntry {
    const record = storedOf(transaction, accountKeys);
    const line = JSON.stringify(record);
    const length = Buffer.byteLength(line, 'utf8');
    // Handed to the OS before the entry exists, so a crash of the process loses nothing acknowledged
    // (synced to the disk at each snapshot and on close). The text is written as it is, no Buffer made of it.
    if (this.fd !== null) {
      const written = writeSync(this.fd, line + '\n', this.size, 'utf8');
      if (written !== length + 1) throw new Error(`the ledger took ${written} of the ${length + 1} bytes of a record`);
    }
    // The entry as a reader of the file would make it (entryOf of the parsed line), without parsing the
    // whole line back: only a failed transaction's error is a nested value, and it is copied through JSON.
    const entry = entryOf(record.m.err === null ? record : { ...record, m: { ...record.m, err: JSON.parse(JSON.stringify(record.m.err)) as TransactionError } }, this.size, length);
    if (this.fd === null) this.memory.set(entry.offset, line);
    this.size += length + 1;
    this.entries.push(entry);
    return entry;
  }

  read(entry: LedgerEntry): ChainTransaction {
    let line: string;
    if (this.fd === null) {
      line = this.memory.get(entry.offset) ?? '';
    } else {
      const buffer = Buffer.alloc(entry.length);
      readSync(this.fd, buffer, 0, entry.length, entry.offset);
      line = buffer.toString('utf8');
    }
    return transactionOf(JSON.parse(line) as StoredRecord);
  }

  /** Entries whose bytes lie at or after `offset` (those a snapshot taken at `offset` does not hold). */
  entriesFrom(offset: number): LedgerEntry[] {
    return this.entries.filter((entry) => entry.offset >= offset);
  }

  flush(): void {
    if (this.fd !== null) fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== null) {
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.fd = null;
    }
  }
}

function entryOf(record: StoredRecord, offset: number, length: number): LedgerEntry {
  return Object.freeze({
    signature: record.s as Signature,
    slot: BigInt(record.slot),
    err: record.m.err,
    blockTime: BigInt(record.t),
    accountKeys: record.k as Address[],
    offset,
    length,
  });
}

function storedTokenBalance(b: TokenBalance): StoredTokenBalance {
  return { ...b, amount: b.amount.toString() };
}

function storedOf(tx: ChainTransaction, accountKeys: readonly Address[]): StoredRecord {
  const m = tx.meta;
  return {
    s: tx.signature,
    slot: tx.slot.toString(),
    t: (tx.blockTime ?? 0n).toString(),
    w: Buffer.from(tx.wire).toString('base64'),
    k: [...accountKeys],
    m: {
      err: m.err,
      fee: m.fee.toString(),
      pre: m.preBalances.map(String),
      post: m.postBalances.map(String),
      preT: m.preTokenBalances.map(storedTokenBalance),
      postT: m.postTokenBalances.map(storedTokenBalance),
      logs: [...m.logMessages],
      inner: m.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((ix) => ({
          p: ix.programIdIndex,
          a: [...ix.accounts],
          d: Buffer.from(ix.data).toString('base64'),
          h: ix.stackHeight,
        })),
      })),
      cu: m.computeUnitsConsumed.toString(),
      ret: m.returnData ? { programId: m.returnData.programId, data: Buffer.from(m.returnData.data).toString('base64') } : null,
      la: { writable: [...m.loadedAddresses.writable], readonly: [...m.loadedAddresses.readonly] },
    },
  };
}

function transactionOf(record: StoredRecord): ChainTransaction {
  const m = record.m;
  const token = (b: StoredTokenBalance): TokenBalance => ({ ...b, amount: BigInt(b.amount) });
  const meta: TransactionMeta = {
    err: m.err,
    fee: BigInt(m.fee) as Lamports,
    preBalances: m.pre.map((v) => BigInt(v) as Lamports),
    postBalances: m.post.map((v) => BigInt(v) as Lamports),
    preTokenBalances: m.preT.map(token),
    postTokenBalances: m.postT.map(token),
    logMessages: m.logs,
    innerInstructions: m.inner.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) => ({
        programIdIndex: ix.p,
        accounts: ix.a,
        data: new Uint8Array(Buffer.from(ix.d, 'base64')),
        stackHeight: ix.h,
      })),
    })),
    computeUnitsConsumed: BigInt(m.cu),
    returnData: m.ret ? { programId: m.ret.programId as Address, data: new Uint8Array(Buffer.from(m.ret.data, 'base64')) } : null,
    loadedAddresses: { writable: m.la.writable as Address[], readonly: m.la.readonly as Address[] },
  };
  return {
    signature: record.s as Signature,
    slot: BigInt(record.slot),
    blockTime: BigInt(record.t),
    wire: new Uint8Array(Buffer.from(record.w, 'base64')),
    meta,
  };
}
