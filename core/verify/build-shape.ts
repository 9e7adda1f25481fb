import { getAddressDecoder, type Address, type Instruction } from '@solana/kit';
import { aggregatorSwapInstruction, SOL_TO_ZEC_DISCRIMINATOR, ZEC_TO_SOL_DISCRIMINATOR, type AggregatorRoute } from '../programs/aggregator/swap.js';
import { AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR, decodeAmmBuyExactQuoteInData } from '../programs/amm/instructions/buy-exact-quote-in.js';
import { MULTI_HOP_SWAP_DISCRIMINATOR } from '../programs/amm/instructions/multi-hop-swap.js';
import { AMM_SELL_DISCRIMINATOR, decodeAmmSellData } from '../programs/amm/instructions/sell.js';
import { hasDiscriminator } from '../programs/launchpad/borsh.js';
import { BUY_EXACT_QUOTE_IN_V2_DISCRIMINATOR, decodeBuyExactQuoteInV2Data } from '../programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { decodeSellV2Data, SELL_V2_DISCRIMINATOR } from '../programs/launchpad/instructions/sell-v2.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '../programs/launchpad/spl-programs.js';
import type { Payee } from '../programs/vault/declare-payee.js';
import { CHANGE_PAYEE_DISCRIMINATOR, changePayeeInstruction, CLAIM_DISCRIMINATOR, claimInstruction } from '../programs/vault/payee.js';
import type { ResolvedAccount, ResolvedInstruction, ResolvedTransaction } from './message.js';
import type { NativeRouteAsk } from './native-route.js';
import { closeProblem, openProblem } from './own-accounts.js';
import { COMPUTE_BUDGET_PROGRAM, computeBudgetOf } from './signed-build.js';

/**
 * The accepted shape of every build kind but a native-paired trade (core/verify/native-route.ts) and a
 * planting (core/verify/planting.ts), as checks the engine runs before it answers a build and a client
 * runs on its own machine before signing. Each answers null when the transaction is exactly what was
 * asked for, else the first reason it is not, in words. Pure: every address, list and builder input is
 * passed in (read from chain and the network profile by the caller, never typed in).
 */

/** A fee recipient a program accepts, with its ZEC account. */
export interface FeeRecipient {
  readonly recipient: Address;
  readonly zecAccount: Address;
}

/** Where a builder names a fee recipient (at `index`, its ZEC account at `index + 1`) and which ones may stand there. */
export interface FeeRecipientSlot {
  readonly index: number;
  /** In words: "the launchpad's fee recipient". */
  readonly role: string;
  readonly allowed: readonly FeeRecipient[];
}

/** The aggregator's swap as core/programs/aggregator builds it; its protocol fee recipient may be any of the AMM's. */
export interface AggregatorRules {
  readonly route: AggregatorRoute;
  readonly protocolFeeRecipients: readonly FeeRecipient[];
}

/** A trade of a coin paired with ZEC: the same ask as a native-paired trade (amount in exactly, minimum out at least). */
export type ZecTradeAsk = NativeRouteAsk;

export interface ZecTradeRules {
  readonly launchpad: Address;
  readonly amm: Address;
  readonly zecMint: Address;
  readonly zecTokenProgram: Address;
  /** Where the coin trades now: its curve (launchpad) or its canonical pool (AMM). */
  readonly venue: 'curve' | 'pool';
  /** The trade's accounts for this wallet, coin and venue, by side, as the builders in core/programs make them. */
  readonly accounts: { readonly buy: readonly Address[]; readonly sell: readonly Address[] };
  /** The only accounts that may differ from `accounts`: fee recipients, each among the program's own. */
  readonly feeRecipients: readonly FeeRecipientSlot[];
  /** The cluster's aggregator (null: none): a swap through it passes where one was asked for. */
  readonly swap: AggregatorRules | null;
  readonly maxPriorityLamports: bigint;
}

export interface SwapBuildAsk {
  readonly wallet: Address;
  readonly direction: 'sol_to_zec' | 'zec_to_sol';
  /** Lamports (sol_to_zec) or ZEC base units (zec_to_sol): exactly this is the swap's amount_in. */
  readonly amountIn: bigint;
  /** The least the client accepts. */
  readonly minAmountOut: bigint;
}

export type SwapBuildRules = AggregatorRules & { readonly maxPriorityLamports: bigint };

export interface ClaimAsk {
  readonly wallet: Address;
  readonly mint: Address;
}

export interface VaultRules {
  readonly vault: Address;
  readonly zecMint: Address;
  readonly maxPriorityLamports: bigint;
}

/** `payee`: the coin's payee as its record on chain names it; a claim always pays it. */
export type ClaimRules = VaultRules & { readonly payee: Address };

export interface PayeeChangeAsk {
  /** The current payee: it signs and pays. */
  readonly wallet: Address;
  readonly mint: Address;
  readonly next: Payee;
}

/** `currentPayee`: as the coin's payee record on chain names it. */
export type PayeeChangeRules = VaultRules & { readonly currentPayee: Address };

const u64At = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
const addressesOf = (ix: Instruction): Address[] => (ix.accounts ?? []).map((a) => a.address);
const sideWord = (side: 'buy' | 'sell') => (side === 'buy' ? 'a buy' : 'a sale');
const directionWords = (direction: SwapBuildAsk['direction']) => (direction === 'sol_to_zec' ? 'SOL to ZEC' : 'ZEC to SOL');
const payeeWords = (payee: Payee) => (payee.kind === 'holders' ? 'holders (for good)' : `wallet:${payee.wallet}`);

/** What every build shares: the wallet pays and is the only signer; the compute budget is one limit and one price, bounded. */
function framingProblem(tx: ResolvedTransaction, wallet: Address, maxPriorityLamports: bigint): string | null {
  if (tx.feePayer !== wallet) return `the fee payer is ${tx.feePayer}, not the wallet ${wallet}`;
  const others = tx.signers.filter((s) => s !== wallet);
  if (others.length > 0) return `it asks for the signature of ${others.join(', ')} besides the wallet's`;
  const budget = computeBudgetOf(tx.instructions, { maxPriorityLamports, assertionPrograms: [] });
  return typeof budget === 'string' ? budget : null;
}

/** Account for account as expected, fee recipients only among the allowed ones (each with its own ZEC account). */
function accountsProblem(what: string, got: readonly ResolvedAccount[], expected: readonly Address[], roles: readonly string[], slots: readonly FeeRecipientSlot[]): string | null {
  if (got.length !== expected.length) return `${what} names ${got.length} accounts, not ${expected.length}`;
  for (let j = 0; j < expected.length; j++) {
    const address = got[j]!.address;
    const slot = slots.find((s) => s.index === j);
    if (slot) {
      const allowed = slot.allowed.find((a) => a.recipient === address);
      if (!allowed) return `${what}'s ${slot.role} ${address} is not one the program accepts`;
      const account = got[j + 1]?.address;
      if (account !== allowed.zecAccount) return `${what}'s account ${j + 1} is ${account}, not ${allowed.zecAccount} (the ZEC account of ${slot.role} ${address})`;
      j += 1;
    } else if (address !== expected[j]) {
      return `${what}'s account ${j} is ${address}, not ${expected[j]} (${roles[j] ?? 'an account of this build'})`;
    }
  }
  return null;
}


// --- Trades of a coin paired with ZEC -------------------------------------------------------------

interface TradeKind {
  readonly venue: 'curve' | 'pool';
  readonly side: 'buy' | 'sell';
  readonly name: string;
  readonly discriminator: Uint8Array;
  readonly dataLength: number;
  /** [amount in, minimum out] */
  readonly amounts: (data: Uint8Array) => readonly [bigint, bigint];
}

const TRADE_KINDS: readonly TradeKind[] = [
  { venue: 'curve', side: 'buy', name: 'buy_exact_quote_in_v2', discriminator: BUY_EXACT_QUOTE_IN_V2_DISCRIMINATOR, dataLength: 24, amounts: (d) => {
    const a = decodeBuyExactQuoteInV2Data(d);
    return [a.spendableQuoteIn, a.minTokensOut];
  } },
  { venue: 'curve', side: 'sell', name: 'sell_v2', discriminator: SELL_V2_DISCRIMINATOR, dataLength: 24, amounts: (d) => {
    const a = decodeSellV2Data(d);
    return [a.amount, a.minQuoteOutput];
  } },
  // buy_exact_quote_in carries track_volume (one byte) after its two amounts.
  { venue: 'pool', side: 'buy', name: 'buy_exact_quote_in', discriminator: AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR, dataLength: 25, amounts: (d) => {
    const a = decodeAmmBuyExactQuoteInData(d);
    return [a.spendableQuoteIn, a.minBaseAmountOut];
  } },
  { venue: 'pool', side: 'sell', name: 'sell', discriminator: AMM_SELL_DISCRIMINATOR, dataLength: 24, amounts: (d) => {
    const a = decodeAmmSellData(d);
    return [a.baseAmountIn, a.minQuoteAmountOut];
  } },
];

/** The accounts' roles, in the builders' order (core/programs/launchpad/.../trade-v2-accounts.ts, amm/.../trade-accounts.ts). */
function tradeRoles(venue: 'curve' | 'pool', side: 'buy' | 'sell'): readonly string[] {
  if (venue === 'curve') {
    return [
      "the launchpad's Global", 'the coin', 'the ZEC mint', "the coin's token program", "ZEC's token program", 'the associated token program',
      "the launchpad's fee recipient", "the fee recipient's ZEC account", "the launchpad's buyback fee recipient", "the buyback fee recipient's ZEC account",
      "the coin's curve", "the curve's coin account", "the curve's ZEC account", 'the wallet', "the wallet's coin account", "the wallet's ZEC account",
      "the coin creator's vault", "the creator vault's ZEC account", "the coin's sharing config",
      ...(side === 'buy' ? ["the launchpad's global volume accumulator"] : []),
      "the wallet's volume accumulator", "the volume accumulator's ZEC account", "the launchpad's fee config", 'the fee program', 'the system program',
      "the launchpad's event authority", 'the launchpad program',
    ];
  }
  return [
    "the coin's pool", 'the wallet', "the AMM's global config", 'the coin', 'the ZEC mint', "the wallet's coin account", "the wallet's ZEC account",
    "the pool's coin account", "the pool's ZEC account", "the AMM's protocol fee recipient", "the protocol fee recipient's ZEC account",
    "the coin's token program", "ZEC's token program", 'the system program', 'the associated token program', "the AMM's event authority", 'the AMM program',
    "the coin creator vault's ZEC account", "the coin creator vault's authority",
    ...(side === 'buy' ? ["the AMM's global volume accumulator", "the wallet's volume accumulator"] : []),
    "the AMM's fee config", 'the fee program',
  ];
}

/**
 * Null when the transaction is exactly an accepted trade of a coin paired with ZEC for `ask`: the compute
 * budget; the wallet's own coin or ZEC account opened idempotently; at most a close of its own emptied
 * coin account after a sale; an aggregator swap of this wallet only where asked; and exactly one trade
 * (on the curve the launchpad's buy_exact_quote_in_v2 / sell_v2, on the pool the AMM's buy_exact_quote_in
 * / sell) account for account the builders', fee recipients among the program's own, spending or selling
 * exactly what was asked for at least the minimum. A route (multi_hop_swap), a trade of another coin,
 * another wallet's account, a transfer and any other program are refused.
 */
export async function zecTradeProblem(tx: ResolvedTransaction, ask: ZecTradeAsk, rules: ZecTradeRules): Promise<string | null> {
  const framing = framingProblem(tx, ask.wallet, rules.maxPriorityLamports);
  if (framing) return framing;
  const expected = rules.accounts[ask.side];
  if (!expected.includes(ask.wallet) || !expected.includes(ask.mint)) return 'the expected trade accounts are not those of this wallet and coin';
  const coinAccount = await findAssociatedTokenAccount(ask.wallet, ask.mint, TOKEN_2022_PROGRAM_ADDRESS);
  const zecAccount = await findAssociatedTokenAccount(ask.wallet, rules.zecMint, rules.zecTokenProgram);
  const opens = [[coinAccount, ask.mint, TOKEN_2022_PROGRAM_ADDRESS], [zecAccount, rules.zecMint, rules.zecTokenProgram]] as const;
  const venueProgram = { curve: rules.launchpad, pool: rules.amm } as const;
  let trades = 0;
  let swaps = 0;
  for (const [i, ix] of tx.instructions.entries()) {
    const where = `instruction ${i + 1}`;
    if (ix.program === COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      const problem = openProblem(ix, ask.wallet, opens);
      if (problem) return `${where}: ${problem}`;
    } else if (ix.program === TOKEN_2022_PROGRAM_ADDRESS) {
      const problem = closeProblem(ix, ask.wallet, coinAccount, ask.side);
      if (problem) return `${where}: ${problem}`;
    } else if (rules.swap !== null && ix.program === rules.swap.route.aggregator) {
      if (!ask.swapAsked) return `${where}: an aggregator swap that was not asked for`;
      const problem = await aggregatorSwapProblem(ix, ask.wallet, ask.side === 'buy' ? 'sol_to_zec' : 'zec_to_sol', rules.swap);
      if (problem) return `${where}: ${problem}`;
      swaps += 1;
    } else if (ix.program === rules.amm && hasDiscriminator(ix.data, MULTI_HOP_SWAP_DISCRIMINATOR)) {
      return `${where}: a multi_hop_swap, the route of a native-paired coin; coin ${ask.mint} is paired with ZEC and trades directly on its ${rules.venue}`;
    } else if (ix.program === rules.launchpad || ix.program === rules.amm) {
      const kind = TRADE_KINDS.find((k) => ix.program === venueProgram[k.venue] && hasDiscriminator(ix.data, k.discriminator));
      const accepted = TRADE_KINDS.filter((k) => k.venue === rules.venue).map((k) => k.name).join(' or ');
      if (!kind) return `${where}: a ${ix.program === rules.launchpad ? 'launchpad' : 'AMM'} instruction other than a ${accepted}`;
      if (kind.venue !== rules.venue) return `${where}: a ${kind.name} on the ${kind.venue}, but the coin trades on its ${rules.venue}`;
      if (kind.side !== ask.side) return `${where}: ${sideWord(kind.side)} where ${sideWord(ask.side)} was asked for`;
      trades += 1;
      const problem = accountsProblem(`the ${kind.name}`, ix.accounts, expected, tradeRoles(kind.venue, kind.side), rules.feeRecipients) ?? tradeAmountsProblem(ix, kind, ask);
      if (problem) return `${where}: ${problem}`;
    } else {
      return `${where}: program ${ix.program} is not part of an accepted trade of a ZEC-paired coin`;
    }
  }
  if (trades !== 1) return trades === 0 ? 'it holds no trade' : `it holds ${trades} trades, not exactly one`;
  if (swaps > 1) return 'it holds more than one aggregator swap';
  return null;
}

function tradeAmountsProblem(ix: ResolvedInstruction, kind: TradeKind, ask: ZecTradeAsk): string | null {
  if (ix.data.length !== kind.dataLength) return `the ${kind.name}'s data is ${ix.data.length} bytes, not ${kind.dataLength}`;
  let amountIn: bigint;
  let minOut: bigint;
  try {
    [amountIn, minOut] = kind.amounts(ix.data);
  } catch (error) {
    return `the ${kind.name}'s data does not decode: ${(error as Error).message}`;
  }
  if (amountIn !== ask.amountIn) return `the ${kind.name} ${ask.side === 'buy' ? 'spends' : 'sells'} ${amountIn}, not the ${ask.amountIn} asked for`;
  if (minOut < ask.minAmountOut) return `the ${kind.name} accepts as little as ${minOut}, below the ${ask.minAmountOut} minimum`;
  return null;
}

// --- Swaps ----------------------------------------------------------------------------------------

const SWAP_ROLES: readonly string[] = [
  'the wallet', "the wallet's WSOL account", "the wallet's ZEC account", 'the WSOL mint', 'the ZEC mint', 'the token program', 'the system program',
  'the associated token program', 'the AMM program', 'the WSOL/ZEC pool', "the AMM's global config", "the pool's WSOL vault", "the pool's ZEC vault",
  "the AMM's protocol fee recipient", "the protocol fee recipient's ZEC account", "the pool's creator vault ZEC account", "the pool's creator vault authority",
  "the AMM's global volume accumulator", "the wallet's volume accumulator", "the AMM's fee config", 'the fee program', "the AMM's event authority",
];
const SWAP_PROTOCOL_FEE_INDEX = 13;

/** A swap in `direction` of this wallet, account for account the aggregator builder's. Amounts are the caller's to check. */
async function aggregatorSwapProblem(ix: ResolvedInstruction, wallet: Address, direction: SwapBuildAsk['direction'], rules: AggregatorRules): Promise<string | null> {
  const actual = hasDiscriminator(ix.data, SOL_TO_ZEC_DISCRIMINATOR) ? 'sol_to_zec' : hasDiscriminator(ix.data, ZEC_TO_SOL_DISCRIMINATOR) ? 'zec_to_sol' : null;
  if (actual === null) return 'an aggregator instruction other than a swap';
  if (actual !== direction) return `a swap of ${directionWords(actual)} where ${directionWords(direction)} was asked for`;
  const expected = await aggregatorSwapInstruction(rules.route, { direction, user: wallet, amountIn: 0n, minAmountOut: 0n });
  const slot = { index: SWAP_PROTOCOL_FEE_INDEX, role: "the AMM's protocol fee recipient", allowed: rules.protocolFeeRecipients };
  const problem = accountsProblem('the swap', ix.accounts, addressesOf(expected), SWAP_ROLES, [slot]);
  if (problem) return problem;
  return ix.data.length === 24 ? null : `the swap's data is ${ix.data.length} bytes, not 24`;
}

/**
 * Null when the transaction is exactly an accepted swap build for `ask`: the compute budget and one
 * aggregator swap of this wallet in the direction asked, account for account the builder's, amount_in
 * as asked and min_amount_out at least the minimum. Anything else is refused.
 */
export async function swapProblem(tx: ResolvedTransaction, ask: SwapBuildAsk, rules: SwapBuildRules): Promise<string | null> {
  const framing = framingProblem(tx, ask.wallet, rules.maxPriorityLamports);
  if (framing) return framing;
  return onlyInstructionProblem(tx, rules.route.aggregator, 'swap', async (ix) => {
    const problem = await aggregatorSwapProblem(ix, ask.wallet, ask.direction, rules);
    if (problem) return problem;
    const amountIn = u64At(ix.data, 8);
    const minOut = u64At(ix.data, 16);
    if (amountIn !== ask.amountIn) return `the swap spends ${amountIn}, not the ${ask.amountIn} asked for`;
    if (minOut < ask.minAmountOut) return `the swap accepts as little as ${minOut}, below the ${ask.minAmountOut} minimum`;
    return null;
  });
}

/** Beside the compute budget, exactly one instruction, of `program`, that `check` accepts. */
async function onlyInstructionProblem(tx: ResolvedTransaction, program: Address, name: string, check: (ix: ResolvedInstruction) => Promise<string | null>): Promise<string | null> {
  let found = 0;
  for (const [i, ix] of tx.instructions.entries()) {
    if (ix.program === COMPUTE_BUDGET_PROGRAM) continue;
    const where = `instruction ${i + 1}`;
    if (ix.program !== program) return `${where}: program ${ix.program} is not part of an accepted ${name}`;
    if (++found > 1) return `${where}: a second ${name}; a build holds exactly one`;
    const problem = await check(ix);
    if (problem) return `${where}: ${problem}`;
  }
  return found === 0 ? `it holds no ${name}` : null;
}

// --- Claims and payee changes ---------------------------------------------------------------------

const CLAIM_ROLES = ['the wallet', 'the coin', "the coin's payee record", "the payee record's ZEC account", "the recorded payee's ZEC account", 'the recorded payee', 'the ZEC mint', 'the token program', 'the associated token program', 'the system program'];
const CHANGE_ROLES = ['the wallet as current payee', 'the coin', "the coin's payee record", "the payee record's ZEC account", "the current payee's ZEC account", 'the ZEC mint', 'the token program', 'the associated token program', 'the system program'];

/**
 * Null when the transaction is exactly an accepted claim for `ask`: the compute budget and one vault
 * claim of this coin, sent by the wallet and paying the payee its record names, account for account the
 * builder's. Anything else is refused.
 */
export async function claimProblem(tx: ResolvedTransaction, ask: ClaimAsk, rules: ClaimRules): Promise<string | null> {
  const framing = framingProblem(tx, ask.wallet, rules.maxPriorityLamports);
  if (framing) return framing;
  const expected = await claimInstruction({ vault: rules.vault, zecMint: rules.zecMint, mint: ask.mint, sender: ask.wallet, payee: rules.payee });
  return onlyInstructionProblem(tx, rules.vault, 'claim', async (ix) => {
    if (!hasDiscriminator(ix.data, CLAIM_DISCRIMINATOR)) return 'a vault instruction other than claim';
    if (ix.data.length !== CLAIM_DISCRIMINATOR.length) return `the claim's data is ${ix.data.length} bytes, not ${CLAIM_DISCRIMINATOR.length}`;
    return accountsProblem('the claim', ix.accounts, addressesOf(expected), CLAIM_ROLES, []);
  });
}

/**
 * Null when the transaction is exactly an accepted payee change for `ask`: the compute budget and one
 * vault change_payee of this coin, signed by the wallet as its current payee (what waits paid to it),
 * account for account the builder's, its data naming exactly the next payee asked for. Anything else
 * is refused.
 */
export async function payeeChangeProblem(tx: ResolvedTransaction, ask: PayeeChangeAsk, rules: PayeeChangeRules): Promise<string | null> {
  const framing = framingProblem(tx, ask.wallet, rules.maxPriorityLamports);
  if (framing) return framing;
  if (rules.currentPayee !== ask.wallet) return `the wallet ${ask.wallet} is not the current payee (${rules.currentPayee}): only the current payee can change it`;
  const expected = await changePayeeInstruction({ vault: rules.vault, zecMint: rules.zecMint, mint: ask.mint, currentPayee: ask.wallet, next: ask.next });
  return onlyInstructionProblem(tx, rules.vault, 'payee change', async (ix) => {
    if (!hasDiscriminator(ix.data, CHANGE_PAYEE_DISCRIMINATOR)) return 'a vault instruction other than change_payee';
    const accounts = accountsProblem('the change_payee', ix.accounts, addressesOf(expected), CHANGE_ROLES, []);
    if (accounts) return accounts;
    const named = nextPayeeOf(ix.data);
    if (typeof named === 'string') return named;
    if (payeeWords(named) !== payeeWords(ask.next)) return `the change_payee names ${payeeWords(named)} as the next payee, not ${payeeWords(ask.next)} as asked`;
    return null;
  });
}

/** The next payee a change_payee's data names (its option tag and key follow the discriminator, as declare_payee's). */
function nextPayeeOf(data: Uint8Array): Payee | string {
  const at = CHANGE_PAYEE_DISCRIMINATOR.length;
  if (data[at] === 0 && data.length === at + 1) return { kind: 'holders' };
  if (data[at] === 1 && data.length === at + 33) return { kind: 'wallet', wallet: getAddressDecoder().decode(data.subarray(at + 1)) };
  return `the change_payee's data holds option tag ${String(data[at])} with ${Math.max(0, data.length - at - 1)} bytes after it, not a payee`;
}
