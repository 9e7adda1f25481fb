import { getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address, type LegacyCompiledTransactionMessage, type Signature, type V0CompiledTransactionMessage } from '@solana/kit';
import type { ChainTransaction, TransactionMeta } from './types.js';

/** One instruction with its program and accounts resolved to addresses. */
export interface ViewInstruction {
  readonly program: Address;
  readonly accounts: readonly Address[];
  readonly data: Uint8Array;
}

/**
 * A landed transaction taken apart for the index: every account key (static, then those loaded from
 * lookup tables, as the runtime orders them), the top-level instructions and, per top-level index, the
 * inner ones (CPIs, including the programs' self-CPI events).
 */
export interface TransactionView {
  readonly signature: Signature;
  readonly slot: bigint;
  /** Unix seconds; the slot's time. */
  readonly blockTime: bigint;
  readonly feePayer: Address;
  readonly signers: readonly Address[];
  readonly accountKeys: readonly Address[];
  readonly instructions: readonly ViewInstruction[];
  readonly inner: readonly (readonly ViewInstruction[])[];
  readonly meta: TransactionMeta;
}

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

export function viewTransaction(tx: ChainTransaction): TransactionView {
  const transaction = transactionDecoder.decode(tx.wire);
  const decoded = messageDecoder.decode(transaction.messageBytes);
  if (decoded.version !== 'legacy' && decoded.version !== 0) throw new Error(`transaction ${tx.signature}: version ${String(decoded.version)} is not indexed`);
  const message = decoded as LegacyCompiledTransactionMessage | V0CompiledTransactionMessage;
  const signers = Object.keys(transaction.signatures) as Address[];
  const accountKeys = [...message.staticAccounts, ...tx.meta.loadedAddresses.writable, ...tx.meta.loadedAddresses.readonly];
  const key = (index: number): Address => {
    const address = accountKeys[index];
    if (address === undefined) throw new Error(`transaction ${tx.signature} names account index ${index} of ${accountKeys.length}`);
    return address;
  };
  const instructions = (message.instructions ?? []).map((ix) => ({
    program: key(ix.programAddressIndex),
    accounts: (ix.accountIndices ?? []).map(key),
    data: new Uint8Array(ix.data ?? new Uint8Array()),
  }));
  const inner: ViewInstruction[][] = instructions.map(() => []);
  for (const group of tx.meta.innerInstructions) {
    inner[group.index] = group.instructions.map((ix) => ({ program: key(ix.programIdIndex), accounts: ix.accounts.map(key), data: ix.data }));
  }
  const first = signers[0];
  if (first === undefined) throw new Error(`transaction ${tx.signature} carries no signer`);
  return {
    signature: tx.signature,
    slot: tx.slot,
    blockTime: tx.blockTime ?? 0n,
    feePayer: first,
    signers,
    accountKeys,
    instructions,
    inner,
    meta: tx.meta,
  };
}
