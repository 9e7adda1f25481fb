import type { Address, Instruction } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { DeskError } from '../errors.js';
import { lowerBySlippage } from '../math/curve-slippage.js';
import { buyExactQuoteIn, poolReserves, priceImpactBps, sellExactBase, type PoolReserves } from '../math/pool.js';
import { PoolError } from '../math/pool-error.js';
import { totalPoolFeeBps, type PoolFeeRates } from '../math/pool-fees.js';
import { quoteUnits } from '../math/quote-units.js';
import { bps, tokenUnits, type Bps } from '../math/units.js';
import { aggregatorSwapInstruction, type AggregatorRoute } from '../programs/aggregator/swap.js';
import { ZERO_KEY } from '../programs/amm/pdas.js';
import { decodePool, isPool, poolRouteCreatorFees, type Pool } from '../programs/amm/pool.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { tokenAccountAmount } from '../programs/token-account.js';
import { LISTING_RULES } from '../config/listing-rules.js';
import { swapProblem, type AggregatorRules } from '../verify/build-shape.js';
import { resolveTransaction } from '../verify/message.js';
import { expiresAtOf, newBuildId, type Build, type Expected } from './build.js';
import { poolTradeFeeRates } from './fee-rates.js';
import { SLIPPAGE_BPS } from './quote.js';
import { refuseShortfall, sol, zec } from './holdings-shortfall.js';
import { chosenPriorityLamports } from './priority-fee.js';
import { simulateTransaction, type SimulatedTransaction } from './simulate.js';
import { lookupTablesOf, type World } from './world.js';

/**
 * A SOL/ZEC swap through the cluster's aggregator (spec "POST /v1/swap/build"). In the sandbox the
 * aggregator is our own program (programs/aggregator): one instruction that wraps SOL, trades on the AMM's
 * WSOL/ZEC pool and unwraps, opening the wallet's WSOL and ZEC accounts itself. So a swap is quoted exactly
 * like a pool trade on that pool: `sol_to_zec` is the AMM's `sell` of exactly `amount` WSOL (base),
 * `zec_to_sol` its `buy_exact_quote_in` spending at most `amount` ZEC (quote); the pool has no coin creator.
 */
export type SwapDirection = 'sol_to_zec' | 'zec_to_sol';

/** Spec "Limits" caps slippage at 2000 bps; a swap's default is the curve's 100 (a deep pool, one hop). */
export const SWAP_SLIPPAGE_BPS = Object.freeze({ default: 100n, max: SLIPPAGE_BPS.max });

/**
 * The spec's overpay check: "refused when it would cost more than the amount swapped plus a small
 * margin". The margin covers what a swap may honestly cost on top: the network fee (5,000 lamports a
 * signature), the priority fee (at most ~14,000 lamports at our price and the largest limit), and the rent
 * of accounts opened at the wallet's expense and not closed again: its ZEC account, and on a pool whose fee
 * accounts are missing the protocol-fee and creator-vault ZEC accounts (2,039,280 lamports each, ~6.1
 * million for all three). 0.01 SOL holds all of that with room; a route that takes more is taking SOL it
 * should not, and is not built.
 */
export const SWAP_OVERPAY_MARGIN_LAMPORTS = 10_000_000n;

export interface SwapAsk {
  readonly direction: SwapDirection;
  /** Lamports for `sol_to_zec`, ZEC base units for `zec_to_sol`. */
  readonly amount: bigint;
  /** Null: SWAP_SLIPPAGE_BPS.default. */
  readonly slippageBps: bigint | null;
}

/** The exact quote of a swap: what the aggregator will move, to the base unit. */
export interface SwapQuote {
  readonly direction: SwapDirection;
  /** What goes into the instruction as `amount_in`: lamports to wrap and sell, or ZEC the buy may spend. */
  readonly amountIn: bigint;
  /** What actually leaves the wallet for the swap: all of `amountIn` lamports; the ZEC the buy costs (at most `amountIn`). */
  readonly spent: bigint;
  /** What the wallet receives: ZEC base units, or lamports. */
  readonly out: bigint;
  /** The least accepted: out x (10000 - slippageBps) / 10000, rounded down; the instruction's `min_amount_out`. */
  readonly minOut: bigint;
  readonly slippageBps: Bps;
  /** The pool's fees (LP and protocol; no creator fee on this pool). */
  readonly feeBps: Bps;
  readonly priceImpactBps: Bps;
  /** The pool as the quote leaves it (for a quote of what follows in the same transaction). */
  readonly next: PoolReserves;
}

/** Amounts in words: whole SOL and ZEC, exact. */

/** The aggregator's route on this cluster, from the network profile and the AMM's config; never typed in. */
export function swapRouteOf(world: World): AggregatorRoute {
  const { programs, accounts } = world.profile;
  const aggregator = programs['aggregator'];
  if (!aggregator) throw new DeskError('unavailable', 'this cluster has no aggregator configured (the network profile names no aggregator program): SOL/ZEC swaps cannot be built here');
  const [pool, poolWsolVault, poolZecVault] = (['wsolPool', 'wsolPoolBaseVault', 'wsolPoolQuoteVault'] as const).map((name) => {
    const address = accounts[name];
    if (!address) throw new DeskError('unavailable', `the network profile names no ${name}: the aggregator's WSOL/ZEC pool is not configured on this cluster`);
    return address;
  }) as [Address, Address, Address];
  const protocolFeeRecipient = world.ammConfig.protocolFeeRecipients.find((r) => r !== ZERO_KEY);
  if (!protocolFeeRecipient) throw new DeskError('unavailable', "the AMM's config names no protocol fee recipient");
  return Object.freeze({
    aggregator,
    amm: world.programs.amm,
    fees: world.programs.fees,
    pool,
    poolWsolVault,
    poolZecVault,
    zecMint: world.zec.address,
    protocolFeeRecipient,
  });
}

/** The WSOL/ZEC pool as the AMM reads it when it trades: its vaults, route creator fees left out, virtual quote added. */
async function readSwapPool(chain: Chain, world: World, route: AggregatorRoute): Promise<{ reserves: PoolReserves; rates: PoolFeeRates }> {
  const [account, wsolVault, zecVault] = await chain.getAccounts([route.pool, route.poolWsolVault, route.poolZecVault], 'confirmed');
  if (!account || account.owner !== route.amm || !isPool(account.data)) throw new DeskError('unavailable', `the aggregator's WSOL/ZEC pool (${route.pool}) is not on this cluster`);
  const pool: Pool = decodePool(account.data);
  const wsol = world.profile.mints.wsol.address;
  if (pool.baseMint !== wsol || pool.quoteMint !== route.zecMint || pool.poolBaseTokenAccount !== route.poolWsolVault || pool.poolQuoteTokenAccount !== route.poolZecVault) {
    throw new DeskError('unavailable', `the pool ${route.pool} is not the WSOL/ZEC pool the network profile names (its mints or vaults differ)`);
  }
  if (!wsolVault || !zecVault) throw new DeskError('unavailable', `the vaults of the WSOL/ZEC pool (${route.pool}) are not on this cluster`);
  const zecHeld = tokenAccountAmount(zecVault.data) - poolRouteCreatorFees(account.data);
  return {
    reserves: poolReserves({ baseReserves: tokenAccountAmount(wsolVault.data), quoteReserves: zecHeld + pool.virtualQuoteReserves }),
    rates: poolTradeFeeRates(world, pool),
  };
}

/**
 * The quote of `ask` on the pool as given (pure: the exact pool math the AMM runs under the aggregator).
 * Refused in words when the pool math refuses it or when nothing would be left to receive after slippage.
 */
export function quoteSwapOn(pool: { readonly reserves: PoolReserves; readonly rates: PoolFeeRates }, ask: SwapAsk): SwapQuote {
  return refuseNothingOut(exactSwapQuote(pool, ask));
}

function exactSwapQuote(pool: { readonly reserves: PoolReserves; readonly rates: PoolFeeRates }, ask: SwapAsk): SwapQuote {
  const slippage = bps(ask.slippageBps ?? SWAP_SLIPPAGE_BPS.default);
  const feeBps = totalPoolFeeBps(pool.rates);
  try {
    if (ask.direction === 'sol_to_zec') {
      const sell = sellExactBase(pool.reserves, tokenUnits(ask.amount), pool.rates);
      return Object.freeze({
        direction: ask.direction, amountIn: ask.amount, spent: ask.amount, out: sell.userReceives, minOut: lowerBySlippage(sell.userReceives, slippage),
        slippageBps: slippage, feeBps, priceImpactBps: priceImpactBps(pool.reserves, sell), next: sell.next,
      });
    }
    const buy = buyExactQuoteIn(pool.reserves, quoteUnits(ask.amount), pool.rates);
    return Object.freeze({
      direction: ask.direction, amountIn: ask.amount, spent: buy.totalCost, out: buy.baseOut, minOut: lowerBySlippage(buy.baseOut, slippage),
      slippageBps: slippage, feeBps, priceImpactBps: priceImpactBps(pool.reserves, buy), next: buy.next,
    });
  } catch (error) {
    if (!(error instanceof PoolError)) throw error;
    const given = ask.direction === 'sol_to_zec' ? sol(ask.amount) : zec(ask.amount);
    const why = error.code === 'quote_in_too_small' || error.code === 'sell_output_below_fees' ? `${given} is too small to swap: nothing would be left after the pool's fees` : error.message;
    throw new DeskError('refused', `the swap cannot be made: ${why}`, { reason: error.code });
  }
}

/** A swap whose least output after slippage is nothing would accept any price: refused as too small. */
function refuseNothingOut(quote: SwapQuote): SwapQuote {
  if (quote.minOut > 0n) return quote;
  const [given, got] = quote.direction === 'sol_to_zec' ? [sol(quote.amountIn), zec(quote.out)] : [zec(quote.amountIn), sol(quote.out)];
  throw new DeskError('refused', `the swap cannot be made: ${given} is too small to swap, it would give ${got}${quote.out > 0n ? ` and nothing at all after ${quote.slippageBps} bps of slippage` : ''}`);
}

/** Reads the WSOL/ZEC pool from chain (one round trip) and quotes `ask` on it exactly. */
export async function quoteSwap(chain: Chain, world: World, ask: SwapAsk, route: AggregatorRoute = swapRouteOf(world)): Promise<SwapQuote> {
  return quoteSwapOn(await readSwapPool(chain, world, route), ask);
}

/**
 * The instructions of a swap: the aggregator's one instruction, spending `amountIn` for at least `minOut`.
 * Nothing is opened first: the aggregator opens the wallet's WSOL and ZEC accounts itself (idempotently),
 * so a fresh wallet holding only SOL swaps as it is, and the ZEC account exists for what follows it.
 */
export async function swapInstructions(route: AggregatorRoute, wallet: Address, quote: SwapQuote): Promise<Instruction[]> {
  return [await aggregatorSwapInstruction(route, { direction: quote.direction, user: wallet, amountIn: quote.amountIn, minAmountOut: quote.minOut })];
}

/**
 * The overpay check, as a reason in words or null. What the simulation says the wallet's SOL goes down by
 * may exceed what the swap is meant to take in SOL by at most SWAP_OVERPAY_MARGIN_LAMPORTS: for
 * `sol_to_zec` that is the lamports swapped; for `zec_to_sol` it is minus the least SOL accepted (the
 * wallet must come out at least `minOut` up, less the margin for fees and rent). A priority fee the request
 * chose above the default's (`chosenPriority`, core/engine/priority-fee.ts) is the wallet's own choice,
 * allowed on top of the margin.
 */
export function swapOverpayProblem(quote: SwapQuote, solCostLamports: bigint, chosenPriority = 0n): string | null {
  const meant = quote.direction === 'sol_to_zec' ? quote.amountIn : -quote.minOut;
  if (solCostLamports <= meant + SWAP_OVERPAY_MARGIN_LAMPORTS + chosenPriority) return null;
  const margin = chosenPriority > 0n ? `${sol(SWAP_OVERPAY_MARGIN_LAMPORTS)} and the ${sol(chosenPriority)} priority fee chosen above the default` : sol(SWAP_OVERPAY_MARGIN_LAMPORTS);
  return quote.direction === 'sol_to_zec'
    ? `the route would cost the wallet ${sol(solCostLamports)}, more than the ${sol(quote.amountIn)} swapped plus ${margin} for fees and rent; it was not built`
    : `the route would leave the wallet ${sol(-solCostLamports)} better off, less than the ${sol(quote.minOut)} it must receive less ${margin} for fees and rent; it was not built`;
}

/** A swap request as the API read it. */
export interface SwapRequest extends SwapAsk {
  readonly wallet: Address;
  /** Micro-lamports per compute unit (core/engine/priority-fee.ts); absent: the default. */
  readonly computeUnitPrice?: bigint;
}

/** Refuses in words a swap the wallet cannot pay for, before simulating (the simulation stays the authority). */
const refuseUnaffordable = (chain: Chain, world: World, request: SwapRequest): Promise<void> =>
  refuseShortfall(chain, world, request.wallet, { kind: request.direction === 'sol_to_zec' ? 'sol' : 'zec', amount: request.amount, purpose: 'to swap' });

/** `expected` of a swap build: what the quote says moves, and the bound from slippage. */
export function swapExpectedOf(quote: SwapQuote): Expected {
  const amounts: Expected = quote.direction === 'sol_to_zec'
    ? { solIn: quote.spent, zecOut: quote.out, minZecOut: quote.minOut }
    : { zecIn: quote.spent, solOut: quote.out, minSolOut: quote.minOut };
  return { ...amounts, slippageBps: Number(quote.slippageBps), feeBps: Number(quote.feeBps), priceImpactBps: Number(quote.priceImpactBps) };
}

/**
 * The aggregator's accepted swap on this cluster (core/verify/build-shape.ts): its route from the network
 * profile, the protocol fee recipient any of the AMM config's; null when the cluster has no aggregator.
 */
export async function aggregatorRulesOf(world: World): Promise<AggregatorRules | null> {
  if (!world.profile.programs['aggregator']) return null;
  const route = swapRouteOf(world);
  const recipients = world.ammConfig.protocolFeeRecipients.filter((r) => r !== ZERO_KEY);
  const protocolFeeRecipients = await Promise.all(recipients.map(async (recipient) => ({ recipient, zecAccount: await findAssociatedTokenAccount(recipient, route.zecMint, world.zec.tokenProgram) })));
  return { route, protocolFeeRecipients };
}

/** A swap build checked against the accepted shape before it is answered, as the client will check it. */
async function assertAcceptedSwap(world: World, request: SwapRequest, quote: SwapQuote, tx: SimulatedTransaction): Promise<void> {
  const tables = lookupTablesOf(world);
  const ask = { wallet: request.wallet, direction: request.direction, amountIn: request.amount, minAmountOut: quote.minOut };
  // Not null: the build took its route from the same profile.
  const rules = { ...(await aggregatorRulesOf(world))!, maxPriorityLamports: LISTING_RULES.maxPriorityLamports };
  const problem = await swapProblem(resolveTransaction(tx.wire, tables), ask, rules);
  if (problem !== null) throw new DeskError('refused', `the build is not an accepted swap: ${problem}; it was not answered`);
}

/** Builds a swap: route from the profile, pool from chain, exact quote, one simulated v0 transaction, the overpay check. */
export async function buildSwap(chain: Chain, request: SwapRequest, world: World, now: number = Date.now()): Promise<Build> {
  const route = swapRouteOf(world);
  // Both reads at once; a refusal of the wallet's balance is said before one of the pool math.
  const [afford, quoted] = await Promise.allSettled([refuseUnaffordable(chain, world, request), quoteSwap(chain, world, request, route)]);
  if (afford.status === 'rejected') throw afford.reason;
  if (quoted.status === 'rejected') throw quoted.reason;
  const quote = quoted.value;
  const instructions = await swapInstructions(route, request.wallet, quote);
  const [lifetime, blockHeight] = await Promise.all([chain.getLatestBlockhash('confirmed'), chain.getBlockHeight('confirmed')]);
  const tx: SimulatedTransaction = await simulateTransaction(chain, world, { feePayer: request.wallet, instructions, lifetime, computeUnitPrice: request.computeUnitPrice });
  const overpay = swapOverpayProblem(quote, tx.solCostLamports, chosenPriorityLamports(tx));
  if (overpay !== null) throw new DeskError('refused', overpay, { solCostLamports: tx.solCostLamports });
  await assertAcceptedSwap(world, request, quote, tx);
  return {
    id: newBuildId(),
    kind: 'swap',
    wallet: request.wallet,
    mint: null,
    transactions: [tx],
    solCostLamports: tx.solCostLamports,
    expected: swapExpectedOf(quote),
    intent: { wallet: request.wallet, direction: request.direction, amount: request.amount, slippageBps: Number(quote.slippageBps) },
    createdAt: now,
    expiresAt: expiresAtOf(now, blockHeight, lifetime.lastValidBlockHeight),
    then: null,
    permanent: false,
  };
}
