import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64Decoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import type { LatestBlockhash } from '../chain/types.js';
import { DeskError } from '../errors.js';
import { addressBytes } from '../programs/address-text.js';
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
  // kit orders the accounts; the bytes are written here (kit's encoders convert every address through a BigInt).
  const compiled = compileTransactionMessage(compressed);
  const signers = compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts);
  const wire = encodeUnsignedV0(compiled as CompiledV0);
  if (wire.length > MAX_TRANSACTION_BYTES) {
    throw new DeskError('too_large', `the transaction takes ${wire.length} bytes, more than the ${MAX_TRANSACTION_BYTES} one transaction may hold`);
  }
  return {
    wire,
    signers,
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

/** What kit's compileTransactionMessage answers for a version 0 message with a blockhash lifetime. */
interface CompiledV0 {
  readonly version: 0;
  readonly header: { readonly numSignerAccounts: number; readonly numReadonlySignerAccounts: number; readonly numReadonlyNonSignerAccounts: number };
  readonly staticAccounts: readonly Address[];
  readonly lifetimeToken: string;
  readonly instructions: readonly { readonly programAddressIndex: number; readonly accountIndices?: readonly number[]; readonly data?: Uint8Array | { readonly length: number; readonly [i: number]: number } }[];
  readonly addressTableLookups?: readonly { readonly lookupTableAddress: Address; readonly writableIndexes: readonly number[]; readonly readonlyIndexes: readonly number[] }[];
}

/**
 * The wire bytes kit's getTransactionEncoder writes for compileTransaction's answer: a compact-u16 count
 * of signature slots (one per signer, all zero), then the v0 message. test/engine checks them against kit's.
 */
export function encodeUnsignedV0(message: CompiledV0): Uint8Array {
  const out: number[] = [];
  const shortU16 = (value: number) => {
    let rest = value;
    for (;;) {
      const low = rest & 0x7f;
      rest >>= 7;
      if (rest === 0) {
        out.push(low);
        return;
      }
      out.push(low | 0x80);
    }
  };
  const bytes = (value: { readonly length: number; readonly [i: number]: number }) => {
    for (let i = 0; i < value.length; i++) out.push(value[i]!);
  };
  const list = (values: readonly number[]) => {
    shortU16(values.length);
    bytes(values);
  };
  const signers = message.header.numSignerAccounts;
  shortU16(signers);
  const signaturesEnd = out.length + signers * 64;
  out.length = signaturesEnd;
  out.fill(0, signaturesEnd - signers * 64);
  out.push(0x80, message.header.numSignerAccounts, message.header.numReadonlySignerAccounts, message.header.numReadonlyNonSignerAccounts);
  shortU16(message.staticAccounts.length);
  for (const address of message.staticAccounts) bytes(addressBytes(address));
  bytes(addressBytes(message.lifetimeToken));
  shortU16(message.instructions.length);
  for (const ix of message.instructions) {
    out.push(ix.programAddressIndex);
    list(ix.accountIndices ?? []);
    const data = ix.data ?? new Uint8Array();
    shortU16(data.length);
    bytes(data);
  }
  const lookups = message.addressTableLookups ?? [];
  shortU16(lookups.length);
  for (const lookup of lookups) {
    bytes(addressBytes(lookup.lookupTableAddress));
    list(lookup.writableIndexes);
    list(lookup.readonlyIndexes);
  }
  return Uint8Array.from(out);
}

/**
 * `tx` with another compute unit limit: the same bytes but the SetComputeUnitLimit value, which
 * compileUnsigned always puts first (fixed size, so nothing moves): what compiling the same input again
 * with that limit writes. Null when the first instruction is not that (then compile again).
 */
export function withComputeUnitLimit(tx: UnsignedTransaction, limit: number): UnsignedTransaction | null {
  const wire = tx.wire;
  let at = 0;
  const shortU16 = (): number => {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = wire[at++]!;
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    return -1;
  };
  const signatures = shortU16();
  at += signatures * 64;
  if (wire[at] !== 0x80) return null;
  at += 4;
  const statics = shortU16();
  const staticsAt = at;
  at += statics * 32 + 32;
  if (shortU16() < 1) return null;
  const program = wire[at++]!;
  if (program >= statics || shortU16() !== 0 || shortU16() !== 5 || wire[at] !== 2) return null;
  const programBytes = addressBytes(COMPUTE_BUDGET_PROGRAM);
  for (let i = 0; i < 32; i++) if (wire[staticsAt + program * 32 + i] !== programBytes[i]) return null;
  const patched = Uint8Array.from(wire);
  new DataView(patched.buffer).setUint32(at + 1, limit, true);
  return { ...tx, wire: patched, computeUnitLimit: limit, priorityLamports: priorityLamportsOf(limit, COMPUTE_UNIT_PRICE_MICRO_LAMPORTS) };
}

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;
