import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import type { LatestBlockhash } from '../chain/types.js';
import { DeskError } from '../errors.js';
import { MAX_TRANSACTION_BYTES } from '../verify/transaction-wire.js';
import type { World } from './world.js';

export { MAX_TRANSACTION_BYTES };

/** The compute unit price of every build: a modest priority fee (micro-lamports per compute unit). */
export const COMPUTE_UNIT_PRICE_MICRO_LAMPORTS = 10_000n;
/** The limit a first simulation runs with, to measure what the transaction uses. */
export const MEASURE_COMPUTE_UNITS = 1_400_000;

/** One unsigned transaction of a build, as the build answer carries it. */
export interface UnsignedTransaction {
  /** The wire bytes: empty signature slots, then the v0 message. */
  readonly wire: Uint8Array;
  /** Who signs, in slot order. */
  readonly signers: readonly Address[];
  readonly lookupTables: readonly Address[];
  readonly blockhash: string;
  readonly lastValidBlockHeight: bigint;
  readonly computeUnitLimit: number;
  readonly priorityLamports: bigint;
}

/** The priority fee a compute budget costs: limit x price, rounded up to whole lamports. */
export const priorityLamportsOf = (limit: number, microLamports: bigint): bigint => (BigInt(limit) * microLamports + 999_999n) / 1_000_000n;

/**
 * A v0 message: the compute budget first (limit, price), then the instructions, addresses the cluster's
 * lookup table holds compressed into it. Too big for one packet: `too_large`.
 */
export function compileUnsigned(
  world: World,
  input: { readonly feePayer: Address; readonly instructions: readonly Instruction[]; readonly lifetime: LatestBlockhash; readonly computeUnitLimit: number },
): UnsignedTransaction {
  const misuse = programMisuse(input.feePayer, input.instructions);
  if (misuse) throw misuse;
  const price = COMPUTE_UNIT_PRICE_MICRO_LAMPORTS;
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(input.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input.lifetime, m),
    (m) => appendTransactionMessageInstructions([getSetComputeUnitLimitInstruction({ units: input.computeUnitLimit }), getSetComputeUnitPriceInstruction({ microLamports: price }), ...input.instructions], m),
  );
  const table = world.lookupTable;
  const compressed = table ? compressTransactionMessageUsingAddressLookupTables(message, { [table.address]: [...table.addresses] }) : message;
  const transaction = compileTransaction(compressed);
  const wire = new Uint8Array(getTransactionEncoder().encode(transaction));
  if (wire.length > MAX_TRANSACTION_BYTES) {
    throw new DeskError('too_large', `the transaction takes ${wire.length} bytes, more than the ${MAX_TRANSACTION_BYTES} one transaction may hold`);
  }
  return {
    wire,
    signers: Object.keys(transaction.signatures) as Address[],
    lookupTables: table !== null && hasLookups(compressed) ? [table.address] : [],
    blockhash: input.lifetime.blockhash,
    lastValidBlockHeight: input.lifetime.lastValidBlockHeight,
    computeUnitLimit: input.computeUnitLimit,
    priorityLamports: priorityLamportsOf(input.computeUnitLimit, price),
  };
}

/**
 * A program address given where a wallet, coin or payee goes: kit refuses to compile a message that
 * runs a program as its fee payer, or signs or writes with one, in its own words; these are ours.
 */
function programMisuse(feePayer: Address, instructions: readonly Instruction[]): DeskError | null {
  const programs = new Set(instructions.map((ix) => ix.programAddress));
  if (programs.has(feePayer)) return new DeskError('invalid_param', `wallet: ${feePayer} is a program this transaction runs; a program cannot pay the fee or sign`, { field: 'wallet' });
  for (const ix of instructions) {
    const misused = ix.accounts?.find((account) => programs.has(account.address) && account.role !== AccountRole.READONLY);
    if (misused) return new DeskError('refused', `the transaction cannot be made: ${misused.address} is a program it runs, and would also have to sign or be written to (a program's address given for a wallet, coin or payee?)`);
  }
  return null;
}

function hasLookups(message: { readonly instructions: readonly Instruction[] }): boolean {
  return message.instructions.some((ix) => ix.accounts?.some((a) => 'lookupTableAddress' in a));
}

export const base64Of = (wire: Uint8Array): string => getBase64Decoder().decode(wire);
