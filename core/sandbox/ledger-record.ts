import type { Address, Lamports, Signature } from '@solana/kit';
import { decodeWireTransaction } from './wire-transaction.js';
import type { ChainTransaction, TokenBalance, TransactionError, TransactionMeta } from '../chain/types.js';

/** One ledger record, as a JSON line: the signature first (`{"s":"…"`, read alone by the index), then the rest. */
export interface StoredRecord {
  s: string; // signature
  slot: string;
  t: string; // block time
  w: string; // wire, base64
  /** Account keys: only in records written before the ledger had its index (they are the wire's and `m.la`'s). */
  k?: string[];
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

function storedTokenBalance(b: TokenBalance): StoredTokenBalance {
  return { ...b, amount: b.amount.toString() };
}

export function storedOf(tx: ChainTransaction): StoredRecord {
  const m = tx.meta;
  return {
    s: tx.signature,
    slot: tx.slot.toString(),
    t: (tx.blockTime ?? 0n).toString(),
    w: Buffer.from(tx.wire).toString('base64'),
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

export function transactionOf(record: StoredRecord): ChainTransaction {
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

/** Every account a record's transaction referenced: static keys, then loaded writable, loaded readonly. */
export function accountKeysOf(record: StoredRecord): Address[] {
  if (record.k) return record.k as Address[];
  const message = decodeWireTransaction(new Uint8Array(Buffer.from(record.w, 'base64'))).message;
  return [...message.staticAccounts, ...(record.m.la.writable as Address[]), ...(record.m.la.readonly as Address[])];
}
