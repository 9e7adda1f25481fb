import { getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit';
import type { ResolvedInstruction, ResolvedTransaction } from './message.js';

/**
 * The relay's rule (spec "POST /v1/tx/send"): a signed transaction passes only if it equals the built
 * one except for what a wallet may add: compute budget instructions within bounds (at most one limit and
 * one price, the priority fee within `maxPriorityLamports`) and balance assertions of the programs the
 * network profile names. Fee payer, blockhash, signers, lookup tables, and every other instruction with
 * its program, accounts, roles and data must be exactly as built. Pure: the desk's review uses it too.
 */
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
/** A transaction's most compute units; also the default a wallet's price applies to without a limit. */
export const MAX_COMPUTE_UNITS = 1_400_000n;

export interface WalletAdditionRules {
  readonly maxPriorityLamports: bigint;
  /** Programs whose instructions a wallet may add (balance assertions); none by default. */
  readonly assertionPrograms: readonly Address[];
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const u32 = (data: Uint8Array) => BigInt(new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(1, true));
const u64 = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(1, true);

/** The compute budget a transaction asks for, or why it is not one a wallet may set. */
export function computeBudgetOf(instructions: readonly ResolvedInstruction[], rules: WalletAdditionRules): { limit: bigint; microLamports: bigint } | string {
  let limit: bigint | null = null;
  let price: bigint | null = null;
  for (const ix of instructions) {
    if (ix.program !== COMPUTE_BUDGET_PROGRAM) continue;
    const tag = ix.data[0];
    if (tag === SET_COMPUTE_UNIT_LIMIT && ix.data.length === 5 && ix.accounts.length === 0) {
      if (limit !== null) return 'it sets the compute unit limit twice';
      limit = u32(ix.data);
    } else if (tag === SET_COMPUTE_UNIT_PRICE && ix.data.length === 9 && ix.accounts.length === 0) {
      if (price !== null) return 'it sets the compute unit price twice';
      price = u64(ix.data);
    } else return 'it holds a compute budget instruction other than one limit and one price';
  }
  const units = limit ?? MAX_COMPUTE_UNITS;
  if (units > MAX_COMPUTE_UNITS) return `its compute unit limit ${units} is above ${MAX_COMPUTE_UNITS}`;
  const priority = (units * (price ?? 0n) + 999_999n) / 1_000_000n;
  if (priority > rules.maxPriorityLamports) return `its priority fee of ${priority} lamports is above the ${rules.maxPriorityLamports} allowed`;
  return { limit: units, microLamports: price ?? 0n };
}

function describeAccount(a: { address: Address; signer: boolean; writable: boolean }): string {
  return `${a.address}${a.signer ? ' (signer' : ' ('}${a.writable ? (a.signer ? ', writable)' : 'writable)') : a.signer ? ')' : 'read-only)'}`;
}

/** Null when `signed` is `built` plus allowed wallet additions; otherwise the first difference, in words. */
export function differenceFromBuilt(built: ResolvedTransaction, signed: ResolvedTransaction, rules: WalletAdditionRules): string | null {
  const named = (version: ResolvedTransaction['version']) => (version === 'legacy' ? 'a legacy transaction' : `a version ${version} transaction`);
  if (signed.version !== built.version) return `it is ${named(signed.version)}, not ${named(built.version)} as built`;
  if (signed.feePayer !== built.feePayer) return `its fee payer is ${signed.feePayer}, not ${built.feePayer} as built`;
  if (signed.blockhash !== built.blockhash) return `its blockhash is ${signed.blockhash}, not ${built.blockhash} as built`;
  if (signed.signers.join() !== built.signers.join()) return `its signers are ${signed.signers.join(', ')}, not ${built.signers.join(', ')} as built`;
  if (signed.lookupTables.join() !== built.lookupTables.join()) return 'it uses other lookup tables than the build';
  const budget = computeBudgetOf(signed.instructions, rules);
  if (typeof budget === 'string') return budget;
  const allowed = new Set<Address>([COMPUTE_BUDGET_PROGRAM, ...rules.assertionPrograms]);
  const core = (list: readonly ResolvedInstruction[]) => list.filter((ix) => !allowed.has(ix.program));
  const mine = core(built.instructions);
  const theirs = core(signed.instructions);
  for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
    const a = mine[i];
    const b = theirs[i];
    if (!a) return `it adds an instruction of program ${b!.program} that was not built`;
    if (!b) return `it leaves out the built instruction of program ${a.program}`;
    if (a.program !== b.program) return `instruction ${i + 1} runs program ${b.program}, not ${a.program} as built`;
    if (!equalBytes(a.data, b.data)) return `instruction ${i + 1} (program ${a.program}) has other data than built: an amount or argument changed`;
    if (a.accounts.length !== b.accounts.length) return `instruction ${i + 1} (program ${a.program}) names ${b.accounts.length} accounts, not ${a.accounts.length} as built`;
    for (let j = 0; j < a.accounts.length; j++) {
      const x = a.accounts[j]!;
      const y = b.accounts[j]!;
      if (x.address !== y.address || x.signer !== y.signer || x.writable !== y.writable) {
        return `instruction ${i + 1} (program ${a.program}) account ${j + 1} is ${describeAccount(y)}, not ${describeAccount(x)} as built`;
      }
    }
  }
  // An assertion a wallet adds may read accounts, never sign for or write to one.
  for (const ix of signed.instructions) {
    if (ix.program === COMPUTE_BUDGET_PROGRAM || !rules.assertionPrograms.includes(ix.program)) continue;
    if (ix.accounts.some((a) => a.signer || a.writable)) return `its balance assertion (program ${ix.program}) signs for or writes to an account`;
  }
  return null;
}

/** Each signer's CryptoKey, imported once (kit imports it anew on every call): a wallet signs build after build. */
const publicKeys = new Map<Address, Promise<CryptoKey>>();
function publicKeyOf(address: Address): Promise<CryptoKey> {
  let key = publicKeys.get(address);
  if (key === undefined) {
    if (publicKeys.size >= 10_000) publicKeys.clear();
    key = getPublicKeyFromAddress(address);
    publicKeys.set(address, key);
    // A refused import is not kept: the next call says so again in kit's words.
    key.catch(() => publicKeys.delete(address));
  }
  return key;
}

/** Null when every signer's slot holds a valid signature of the message; otherwise which one fails. */
export async function signatureProblem(tx: ResolvedTransaction): Promise<string | null> {
  for (let i = 0; i < tx.signers.length; i++) {
    const signer = tx.signers[i]!;
    const signature = tx.signatures[i];
    if (!signature || signature.every((b) => b === 0)) return `it is not signed by ${signer}`;
    const key = await publicKeyOf(signer);
    if (!(await verifySignature(key, signature as SignatureBytes, tx.messageBytes))) return `the signature of ${signer} does not verify`;
  }
  return null;
}
