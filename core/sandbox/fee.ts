import type { Address, Lamports, ReadonlyUint8Array } from '@solana/kit';
import type { CompiledTransactionMessage } from './wire-transaction.js';

/**
 * The fee agave charges a transaction: 5000 lamports a signature plus the prioritization fee
 * (compute-unit price in micro-lamports times the compute-unit limit, rounded up). LiteSVM charges it;
 * this computes the same figure for the transaction's recorded `meta.fee`.
 */
export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;
const DEFAULT_INSTRUCTION_LIMIT = 200_000n;
const BUILTIN_INSTRUCTION_LIMIT = 3_000n;
// Programs agave counts as builtins when it picks a default compute-unit limit.
const BUILTINS = new Set<string>([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
]);

function readU32(data: ReadonlyUint8Array, at: number): bigint {
  return BigInt(new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(at, true));
}
function readU64(data: ReadonlyUint8Array, at: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(at, true);
}

export function transactionFee(message: CompiledTransactionMessage, signatureCount: number): Lamports {
  let price = 0n;
  let limit: bigint | null = null;
  let defaultLimit = 0n;
  for (const ix of message.instructions) {
    const program: Address | undefined = message.staticAccounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    if (program === COMPUTE_BUDGET_PROGRAM) {
      if (data[0] === 2 && data.length >= 5) limit = readU32(data, 1);
      if (data[0] === 3 && data.length >= 9) price = readU64(data, 1);
    }
    defaultLimit += program !== undefined && BUILTINS.has(program) ? BUILTIN_INSTRUCTION_LIMIT : DEFAULT_INSTRUCTION_LIMIT;
  }
  const units = (limit ?? defaultLimit) > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : (limit ?? defaultLimit);
  const priority = (price * units + 999_999n) / 1_000_000n;
  return (LAMPORTS_PER_SIGNATURE * BigInt(signatureCount) + priority) as Lamports;
}
