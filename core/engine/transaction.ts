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
import { DEFAULT_COMPUTE_UNIT_PRICE, priorityLamportsOf } from './priority-fee.js';
import type { World } from './world.js';

export { MAX_TRANSACTION_BYTES };

/** The compute unit price of a build that chooses none: a modest priority fee (micro-lamports per compute unit). */
export const COMPUTE_UNIT_PRICE_MICRO_LAMPORTS = DEFAULT_COMPUTE_UNIT_PRICE;
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

/**
 * A v0 message: the compute budget first (limit, price: the default unless `computeUnitPrice` is given),
 * then the instructions, addresses the cluster's lookup table holds compressed into it. Too big for one
 * packet: `too_large`.
 */
export function compileUnsigned(
  world: World,
  input: { readonly feePayer: Address; readonly instructions: readonly Instruction[]; readonly lifetime: LatestBlockhash; readonly computeUnitLimit: number; readonly computeUnitPrice?: bigint },
): UnsignedTransaction {
  const misuse = programMisuse(input.feePayer, input.instructions);
  if (misuse) throw misuse;
  const price = input.computeUnitPrice ?? COMPUTE_UNIT_PRICE_MICRO_LAMPORTS;
  const priceInstruction = price === COMPUTE_UNIT_PRICE_MICRO_LAMPORTS ? COMPUTE_UNIT_PRICE_INSTRUCTION : getSetComputeUnitPriceInstruction({ microLamports: price });
  const instructions = [computeUnitLimitInstruction(input.computeUnitLimit), priceInstruction, ...input.instructions];
  const table = world.lookupTable;
  // Kit's compile, done here for what builds give it (see compileV0); anything else goes through kit itself.
  const fast = compileV0(input.feePayer, input.lifetime.blockhash, instructions, table);
  let compiled: CompiledV0 | null = fast;
  let usesTable = fast?.usesTable ?? false;
  if (compiled === null) {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(input.feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(input.lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const compressed = table ? compressTransactionMessageUsingAddressLookupTables(message, { [table.address]: [...table.addresses] }) : message;
    compiled = compileTransactionMessage(compressed) as CompiledV0;
    usesTable = table !== null && hasLookups(compressed);
  }
  const signers = compiled.staticAccounts.slice(0, compiled.header.numSignerAccounts);
  // The bytes are written here (kit's encoders convert every address through a BigInt).
  const wire = encodeUnsignedV0(compiled);
  if (wire.length > MAX_TRANSACTION_BYTES) {
    throw new DeskError('too_large', `the transaction takes ${wire.length} bytes, more than the ${MAX_TRANSACTION_BYTES} one transaction may hold`);
  }
  return {
    wire,
    signers,
    lookupTables: table !== null && usesTable ? [table.address] : [],
    blockhash: input.lifetime.blockhash,
    lastValidBlockHeight: input.lifetime.lastValidBlockHeight,
    computeUnitLimit: input.computeUnitLimit,
    priorityLamports: priorityLamportsOf(input.computeUnitLimit, price),
  };
}

/** The price instruction of a build at the default price (kit's getSetComputeUnitPriceInstruction, made once). */
const COMPUTE_UNIT_PRICE_INSTRUCTION = getSetComputeUnitPriceInstruction({ microLamports: COMPUTE_UNIT_PRICE_MICRO_LAMPORTS });

/**
 * kit's getSetComputeUnitLimitInstruction({ units }): SetComputeUnitLimit (2) and the limit as a u32,
 * no accounts; written here (kit builds a struct encoder per call). A limit a u32 cannot hold goes to
 * kit, for kit's error.
 */
function computeUnitLimitInstruction(units: number): Instruction {
  if (!Number.isInteger(units) || units < 0 || units > 0xffff_ffff) return getSetComputeUnitLimitInstruction({ units });
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return Object.freeze({ data, programAddress: COMPUTE_BUDGET_PROGRAM });
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

// ---------------------------------------------------------------------------------------------------
// kit's v0 compile, without kit's per-call costs
// ---------------------------------------------------------------------------------------------------

/** Fee payer, then accounts named statically, then accounts loaded through the lookup table (kit's order). */
const FEE_PAYER = 0;
const STATIC = 1;
const LOOKUP = 2;

interface AccountEntry {
  kind: typeof FEE_PAYER | typeof STATIC | typeof LOOKUP;
  role: AccountRole;
  /** LOOKUP: the address's first index in the table. */
  tableIndex: number;
}

const isSigner = (role: AccountRole): boolean => role >= AccountRole.READONLY_SIGNER;
const isWritable = (role: AccountRole): boolean => (role & 1) !== 0;

/** Each frozen table's addresses by their first index, made once per table (world.ts keeps one array per table). */
const tableIndexes = new WeakMap<readonly Address[], ReadonlyMap<Address, number>>();

function indexOfTable(addresses: readonly Address[]): ReadonlyMap<Address, number> {
  let index = tableIndexes.get(addresses);
  if (index === undefined) {
    const built = new Map<Address, number>();
    addresses.forEach((address, i) => {
      if (!built.has(address)) built.set(address, i);
    });
    tableIndexes.set(addresses, built);
    index = built;
  }
  return index;
}

/**
 * What kit's compressTransactionMessageUsingAddressLookupTables with the one table, then
 * compileTransactionMessage, answer for a version 0 message (same accounts, same order, same indexes), or
 * null where kit would throw or the input is not what builds give (an account already given through a
 * lookup table), for kit to compile. Kit's rules, as its compile applies them instruction by instruction:
 * - an account in the table, not a program the transaction runs and not signing here, is loaded through
 *   the table (its first index there), unless named statically as a signer before or after;
 * - each address's role is the union of every role it is given; the fee payer stays the writable signer;
 * - order: fee payer, static accounts, loaded accounts; within each, signers first, then writable, then
 *   by address as kit's Intl.Collator compares them (compareAddresses).
 * `usesTable`: whether any account was given through the table (kit's message then names the table even
 * if every such address also ended up static).
 */
export function compileV0(
  feePayer: Address,
  blockhash: string,
  instructions: readonly Instruction[],
  table: { readonly address: Address; readonly addresses: readonly Address[] } | null,
): (CompiledV0 & { readonly usesTable: boolean }) | null {
  if (instructions.length > 64) return null;
  const programs = new Set<Address>();
  for (const ix of instructions) programs.add(ix.programAddress);
  const tableIndex = table === null ? null : indexOfTable(table.addresses);
  const entries = new Map<Address, AccountEntry>([[feePayer, { kind: FEE_PAYER, role: AccountRole.WRITABLE_SIGNER, tableIndex: -1 }]]);
  const invoked = new Set<Address>();
  let usesTable = false;
  for (const ix of instructions) {
    const program = ix.programAddress;
    invoked.add(program);
    const known = entries.get(program);
    if (known === undefined) entries.set(program, { kind: STATIC, role: AccountRole.READONLY, tableIndex: -1 });
    else if (isWritable(known.role) || known.kind !== STATIC) return null;
    const accounts = ix.accounts;
    if (accounts === undefined) continue;
    if (accounts.length > 255) return null;
    for (const account of accounts) {
      if ('lookupTableAddress' in account) return null;
      const address = account.address;
      const role = account.role;
      const at = tableIndex !== null && !isSigner(role) && !programs.has(address) ? tableIndex.get(address) : undefined;
      const viaTable = at !== undefined;
      if (viaTable) usesTable = true;
      const entry = entries.get(address);
      if (entry === undefined) {
        entries.set(address, { kind: viaTable ? LOOKUP : STATIC, role, tableIndex: viaTable ? at : -1 });
        continue;
      }
      if (entry.kind === FEE_PAYER) continue;
      const merged = (entry.role | role) as AccountRole;
      if (entry.kind === LOOKUP) {
        // Signing here: named statically from now on.
        if (!viaTable && isSigner(role)) {
          entry.kind = STATIC;
          entry.tableIndex = -1;
        }
      } else if (invoked.has(address)) {
        if (isWritable(role)) return null;
      } else if (viaTable && !isSigner(entry.role)) {
        entry.kind = LOOKUP;
        entry.tableIndex = at;
      }
      entry.role = merged;
    }
  }
  const ordered = [...entries].sort(([leftAddress, left], [rightAddress, right]) => {
    if (left.kind !== right.kind) return left.kind - right.kind;
    const leftSigns = isSigner(left.role);
    if (leftSigns !== isSigner(right.role)) return leftSigns ? -1 : 1;
    const leftWrites = isWritable(left.role);
    if (leftWrites !== isWritable(right.role)) return leftWrites ? -1 : 1;
    return compareAddresses(leftAddress, rightAddress);
  });
  if (ordered.length > 64) return null;
  const indexOf = new Map<Address, number>();
  const staticAccounts: Address[] = [];
  const writableIndexes: number[] = [];
  const readonlyIndexes: number[] = [];
  let numSignerAccounts = 0;
  let numReadonlySignerAccounts = 0;
  let numReadonlyNonSignerAccounts = 0;
  ordered.forEach(([address, entry], i) => {
    indexOf.set(address, i);
    if (entry.kind === LOOKUP) {
      // kit files a loaded account as writable only when its role is exactly WRITABLE.
      (entry.role === AccountRole.WRITABLE ? writableIndexes : readonlyIndexes).push(entry.tableIndex);
      return;
    }
    staticAccounts.push(address);
    if (isSigner(entry.role)) {
      numSignerAccounts++;
      if (!isWritable(entry.role)) numReadonlySignerAccounts++;
    } else if (!isWritable(entry.role)) numReadonlyNonSignerAccounts++;
  });
  if (numSignerAccounts > 12) return null;
  return {
    version: 0,
    header: { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts },
    staticAccounts,
    lifetimeToken: blockhash,
    instructions: instructions.map((ix) => ({
      programAddressIndex: indexOf.get(ix.programAddress)!,
      ...(ix.accounts ? { accountIndices: ix.accounts.map((account) => indexOf.get(account.address)!) } : null),
      ...(ix.data ? { data: ix.data } : null),
    })),
    addressTableLookups: table !== null && writableIndexes.length + readonlyIndexes.length > 0 ? [{ lookupTableAddress: table.address, writableIndexes, readonlyIndexes }] : [],
    usesTable,
  };
}

const ALPHANUMERIC = /^[0-9A-Za-z]*$/;
/** kit's getAddressComparator, made once (kit makes a new Intl.Collator on every compile). */
const addressCollator = new Intl.Collator('en', { caseFirst: 'lower', ignorePunctuation: false, localeMatcher: 'best fit', numeric: false, sensitivity: 'variant', usage: 'sort' });

/**
 * The order kit's address comparator gives, without the collator for base58 text: ignoring case first
 * (digits before letters, as in ASCII), then at the first letter that differs only in case the lower case
 * first. test/engine/compile-v0.test.ts checks it against the collator.
 */
export function compareAddresses(left: string, right: string): number {
  if (left === right) return 0;
  if (!ALPHANUMERIC.test(left) || !ALPHANUMERIC.test(right)) return addressCollator.compare(left, right);
  const leftFolded = left.toLowerCase();
  const rightFolded = right.toLowerCase();
  if (leftFolded !== rightFolded) return leftFolded < rightFolded ? -1 : 1;
  for (let i = 0; i < left.length; i++) {
    const code = left.charCodeAt(i);
    if (code !== right.charCodeAt(i)) return code >= 97 ? -1 : 1;
  }
  return 0;
}

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
 * `tx` with another compute unit limit, and with `price` another compute unit price: the same bytes but
 * the SetComputeUnitLimit (and SetComputeUnitPrice) values, which compileUnsigned always puts first (and
 * second), fixed sizes so nothing moves: what compiling the same input again with them writes. Without
 * `price` the transaction is taken to pay the default. Null when those instructions are not where
 * compileUnsigned puts them (then compile again).
 */
export function withComputeUnitLimit(tx: UnsignedTransaction, limit: number, price?: bigint): UnsignedTransaction | null {
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
  const count = shortU16();
  if (count < (price === undefined ? 1 : 2)) return null;
  const program = wire[at++]!;
  if (program >= statics || shortU16() !== 0 || shortU16() !== 5 || wire[at] !== 2) return null;
  const limitAt = at + 1;
  at += 5;
  let priceAt = -1;
  if (price !== undefined) {
    if (wire[at++] !== program || shortU16() !== 0 || shortU16() !== 9 || wire[at] !== 3) return null;
    priceAt = at + 1;
  }
  const programBytes = addressBytes(COMPUTE_BUDGET_PROGRAM);
  for (let i = 0; i < 32; i++) if (wire[staticsAt + program * 32 + i] !== programBytes[i]) return null;
  const patched = Uint8Array.from(wire);
  const view = new DataView(patched.buffer);
  view.setUint32(limitAt, limit, true);
  if (price !== undefined) view.setBigUint64(priceAt, price, true);
  return { ...tx, wire: patched, computeUnitLimit: limit, priorityLamports: priorityLamportsOf(limit, price ?? COMPUTE_UNIT_PRICE_MICRO_LAMPORTS) };
}

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;
