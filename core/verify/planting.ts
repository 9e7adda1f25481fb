import type { Address } from '@solana/kit';
import { decodeCreateV2Data, CREATE_V2_DISCRIMINATOR, type CreateV2Args } from '../programs/launchpad/instructions/create-v2.js';
import { BUY_V2_DISCRIMINATOR } from '../programs/launchpad/instructions/buy-v2.js';
import { hasDiscriminator } from '../programs/launchpad/borsh.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from '../programs/launchpad/spl-programs.js';
import { MULTI_HOP_SWAP_DISCRIMINATOR } from '../programs/amm/instructions/multi-hop-swap.js';
import { decodeDeclarePayeeData, DECLARE_PAYEE_DISCRIMINATOR, type Payee } from '../programs/vault/declare-payee.js';
import { findCoinAuthority } from '../programs/vault/pdas.js';
import type { ResolvedTransaction } from './message.js';

/** One top-level instruction with its accounts as addresses: all the judge reads. */
export interface PlantingInstruction {
  readonly program: Address;
  readonly accounts: readonly Address[];
  readonly data: Uint8Array;
}

/** What the judge reads of a transaction: a landed one (the index) or a built one (the engine, the desk). */
export interface PlantingTransaction {
  readonly feePayer: Address;
  readonly instructions: readonly PlantingInstruction[];
}

/** A resolved transaction (core/verify/message.ts) as the judge reads it. */
export const plantingTransactionOf = (tx: ResolvedTransaction): PlantingTransaction => ({
  feePayer: tx.feePayer,
  instructions: tx.instructions.map((ix) => ({ program: ix.program, accounts: ix.accounts.map((a) => a.address), data: ix.data })),
});

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;

/** What the spec's "Hand-built planting" compares a planting with: read from chain and the network profile, never typed in. */
export interface PlantingRules {
  readonly launchpad: Address;
  readonly vault: Address;
  readonly amm: Address;
  readonly zecMint: Address;
  readonly nativeMint: Address;
  /** The pinned native-coin/ZEC pool (hop 1 of every route). */
  readonly nativePool: Address;
  /** The native coin's own ticker: no planting may pass for it. */
  readonly nativeSymbol: string;
  readonly treasury: Address;
  readonly creatorFeeBps: bigint;
  readonly launchFeeLamports: bigint;
  /** The most a planting may pay in priority fees (compute-unit price × limit / 1e6). */
  readonly maxPriorityLamports: bigint;
  /** `planting.ticker.pattern` */
  readonly tickerPattern: RegExp;
  /** Words a name or ticker may not contain (compared case-insensitively); such plantings are not registered. */
  readonly refusedWords: readonly string[];
  /** The tokenized stocks' mints by stock key (the profile's stock review): a coin quoted in one is stock-paired. */
  readonly stockMints?: ReadonlyMap<Address, string>;
  /**
   * Sources that fund strangers: the sandbox's faucet, an exchange's hot wallets (the profile's
   * `commonFunders`). Two launch buyers they funded are not a bundle (core/types/risk-figures.ts).
   */
  readonly commonFunders?: readonly Address[];
}

export type PlantingVerdict =
  | { readonly listed: true; readonly mint: Address; readonly deployer: Address; readonly pair: 'zec' | 'native' | 'stock'; readonly create: CreateV2Args; readonly payee: Payee; readonly stock?: string }
  | { readonly listed: false; readonly mint: Address; readonly reason: string };

const startsWith = (ix: PlantingInstruction, discriminator: Uint8Array) => hasDiscriminator(ix.data, discriminator);
const u64At = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);

/** The priority fee a transaction's compute budget instructions ask for, in lamports (rounded up). */
function priorityLamports(instructions: readonly PlantingInstruction[]): bigint {
  let limit = 200_000n * BigInt(instructions.filter((ix) => ix.program !== COMPUTE_BUDGET_PROGRAM).length);
  let price = 0n;
  for (const ix of instructions) {
    if (ix.program !== COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(new DataView(ix.data.buffer, ix.data.byteOffset).getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) price = u64At(ix.data, 1);
  }
  return (price * limit + 999_999n) / 1_000_000n;
}

/**
 * Judges a transaction holding a top-level create_v2 against the spec's "Hand-built planting": exactly
 * the listed shape is listed; anything else is an unlisted launchpad coin, with the first reason found.
 * Answers null when the transaction plants nothing.
 */
export async function judgePlanting(tx: PlantingTransaction, rules: PlantingRules): Promise<PlantingVerdict | null> {
  const creates = tx.instructions.filter((ix) => ix.program === rules.launchpad && startsWith(ix, CREATE_V2_DISCRIMINATOR));
  if (creates.length === 0) return null;
  const create = creates[0]!;
  const mint = create.accounts[0]!;
  const refuse = (reason: string): PlantingVerdict => ({ listed: false, mint, reason });
  if (creates.length > 1) return refuse('more than one create_v2');
  let args: CreateV2Args;
  try {
    args = decodeCreateV2Data(create.data);
  } catch {
    // The codec's own text would say nothing to whoever reads the reason (the index keeps it, the API shows it).
    return refuse('the create_v2 data is not the launchpad\'s layout (name, symbol, uri, creator and flags)');
  }
  const payer = tx.feePayer;
  const quoteMint = create.accounts[16];
  const stock = quoteMint === undefined ? undefined : rules.stockMints?.get(quoteMint);
  const pair = quoteMint === rules.zecMint ? 'zec' : quoteMint === rules.nativeMint ? 'native' : stock !== undefined ? 'stock' : null;
  if (pair === null) return refuse('the quote mint is neither ZEC, the native coin nor a listed stock');
  if (args.creator !== (await findCoinAuthority(rules.vault, mint))) return refuse('the creator is not the coin-authority address');
  if (BigInt(args.creatorFeeBps) !== rules.creatorFeeBps) return refuse(`creator_fee_bps ${args.creatorFeeBps} is not ${rules.creatorFeeBps}`);
  if (args.isMayhemMode || args.isCashbackEnabled || args.isHolderReward) return refuse('mayhem mode, cashback or holder rewards on');
  if (create.accounts[5] !== payer) return refuse('the create_v2 user is not the fee payer');
  const nameProblem = nameProblemOf(args, rules);
  if (nameProblem) return refuse(nameProblem);

  let declare: PlantingInstruction | null = null;
  let launchFee = 0n;
  let buys = 0;
  const openedAccounts = new Set<Address>();
  for (const ix of tx.instructions) {
    if (ix === create || ix.program === COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.program === rules.vault && startsWith(ix, DECLARE_PAYEE_DISCRIMINATOR)) {
      if (declare) return refuse('more than one declare_payee');
      declare = ix;
    } else if (ix.program === SYSTEM_PROGRAM_ADDRESS && ix.data.length === 12 && ix.data[0] === 2 && ix.accounts[0] === payer && ix.accounts[1] === rules.treasury) {
      launchFee += u64At(ix.data, 4);
    } else if (ix.program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS && ix.data.length === 1 && ix.data[0] === 1 && ix.accounts[2] === payer && ix.accounts[3] === mint) {
      openedAccounts.add(ix.accounts[1]!);
    } else if ((pair === 'zec' || pair === 'stock') && ix.program === rules.launchpad && startsWith(ix, BUY_V2_DISCRIMINATOR) && ix.accounts.includes(mint) && ix.accounts.includes(payer)) {
      buys += 1;
    } else if (pair === 'native' && ix.program === rules.amm && startsWith(ix, MULTI_HOP_SWAP_DISCRIMINATOR) && ix.accounts[0] === payer && ix.accounts[21] === mint) {
      buys += 1;
    } else {
      return refuse(`an instruction of ${ix.program} that a planting may not hold`);
    }
  }
  if (buys > 1) return refuse('more than one first buy');
  if (buys === 1 && openedAccounts.size !== 1) return refuse('a first buy without the payer\'s coin account opened first');
  if (buys === 0 && openedAccounts.size > 0) return refuse('a coin account opened without a first buy');
  if (launchFee < rules.launchFeeLamports) return refuse(`launch fee ${launchFee} lamports, below ${rules.launchFeeLamports}`);
  if (!declare) return refuse('no declare_payee');
  if (declare.accounts[0] !== payer || declare.accounts[1] !== mint || declare.accounts[3] !== rules.zecMint) return refuse('declare_payee names another deployer, mint or ZEC mint');
  if (priorityLamports(tx.instructions) > rules.maxPriorityLamports) return refuse('a priority fee above planting.maxPriorityLamports');
  let payee: Payee;
  try {
    payee = decodeDeclarePayeeData(declare.data);
  } catch {
    return refuse('the declare_payee data is not its discriminator then 1 and a 32-byte payee, or 0 for holder rewards');
  }
  return { listed: true, mint, deployer: payer, pair, create: args, payee, ...(stock !== undefined && pair === 'stock' ? { stock } : {}) };
}

/** The spec's name rules: name ≤ 32 bytes, ticker by pattern and not the native coin's, no refused word, uri https/ipfs ≤ 100. */
export function nameProblemOf(args: Pick<CreateV2Args, 'name' | 'symbol' | 'uri'>, rules: Pick<PlantingRules, 'tickerPattern' | 'nativeSymbol' | 'refusedWords'>): string | null {
  if (new TextEncoder().encode(args.name).length > 32) return 'the name is longer than 32 bytes';
  if (!rules.tickerPattern.test(args.symbol)) return `the ticker ${JSON.stringify(args.symbol)} does not match ${rules.tickerPattern.source}`;
  if (args.symbol.toUpperCase() === rules.nativeSymbol.toUpperCase()) return 'the ticker passes for the native coin\'s';
  const lowered = `${args.name} ${args.symbol}`.toLowerCase();
  const word = rules.refusedWords.find((w) => lowered.includes(w.toLowerCase()));
  if (word !== undefined) return 'the name or ticker holds a refused word';
  if (!/^(https:\/\/|ipfs:\/\/)/.test(args.uri) || args.uri.length > 100) return 'the uri is not https or ipfs within 100 characters';
  return null;
}

