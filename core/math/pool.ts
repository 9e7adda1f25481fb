import type { PriceRatio } from './curve.js';
import { U64_MAX } from './curve-error.js';
import { BPS_DENOMINATOR, feeOf } from './curve-fees.js';
import { ceilDiv, gcd } from './integer.js';
import { assertPoolAmount, assertPoolResult, PoolError, u64Problem } from './pool-error.js';
import { assertIsPoolFeeRates, poolFeeRatesOk, type PoolFeeRates } from './pool-fees.js';
import { quoteUnits, type QuoteUnits } from './quote-units.js';
import { bps, tokenUnits, type Bps, type TokenUnits } from './units.js';

/**
 * The constant-product pool a graduated coin trades on (the pump AMM's `buy`, `buy_exact_quote_in` and
 * `sell`). Exact bigint math; the on-chain C program implements the same formulas, the same rounding
 * and the same order of checks, so each is written out next to its function. Notation: B and Q are the
 * pool's base and quote reserves before the trade, the balances of its two token accounts (no virtual
 * reserves); `/` is integer division, floor (all operands are non-negative); ceil(a / b) is
 * (a + b - 1) / b. Every input, output and reserve is a u64, every intermediate fits in a u128, and
 * every division the program makes has a u64 divisor and (once the refusals have passed) a u64 quotient,
 * so it maps onto mul_div_floor / mul_div_ceil of programs/lib/checked-math.h.
 */
export type PoolReserves = Readonly<{
  baseReserves: TokenUnits;
  quoteReserves: QuoteUnits;
}>;

/**
 * What a buy takes and gives. Fields map to the program's BuyEvent: quoteIn is quote_amount_in,
 * quoteIn + lpFee is quote_amount_in_with_lp_fee (what enters the pool), totalCost is
 * user_quote_amount_in.
 */
export type PoolBuy = Readonly<{
  side: 'buy';
  baseOut: TokenUnits;
  /** Quote the constant product asks for baseOut, before fees. */
  quoteIn: QuoteUnits;
  /** Stays in the pool. */
  lpFee: QuoteUnits;
  protocolFee: QuoteUnits;
  creatorFee: QuoteUnits;
  /** lpFee + protocolFee + creatorFee */
  totalFee: QuoteUnits;
  /** quoteIn + totalFee: all the buyer pays. */
  totalCost: QuoteUnits;
  next: PoolReserves;
}>;

export type PoolBuyExactQuoteIn = PoolBuy &
  Readonly<{
    /** The quote the buyer offered. */
    spendable: QuoteUnits;
    /** spendable - totalCost, never negative. */
    unspent: QuoteUnits;
  }>;

/**
 * What a sale takes and gives. Fields map to the program's SellEvent: quoteOut is quote_amount_out,
 * quoteOut - lpFee is quote_amount_out_without_lp_fee (what leaves the pool), userReceives is
 * user_quote_amount_out.
 */
export type PoolSell = Readonly<{
  side: 'sell';
  baseIn: TokenUnits;
  /** Quote the constant product pays for baseIn, before fees. */
  quoteOut: QuoteUnits;
  /** Stays in the pool. */
  lpFee: QuoteUnits;
  protocolFee: QuoteUnits;
  creatorFee: QuoteUnits;
  totalFee: QuoteUnits;
  /** quoteOut - totalFee: what the seller receives. */
  userReceives: QuoteUnits;
  next: PoolReserves;
}>;

/** Why `value` is not a PoolReserves (two u64 reserves, both nonzero: the price is Q/B), or null. */
export function poolReservesProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'pool reserves must be an object';
  const record = value as Record<string, unknown>;
  for (const name of ['baseReserves', 'quoteReserves'] as const) {
    const problem = u64Problem(name, record[name]);
    if (problem !== null) return problem;
    if (record[name] === 0n) return `${name} must not be zero`;
  }
  return null;
}

export function isPoolReserves(value: unknown): value is PoolReserves {
  return poolReservesProblem(value) === null;
}

export function assertIsPoolReserves(value: unknown): asserts value is PoolReserves {
  if (poolReservesOk(value)) return;
  const problem = poolReservesProblem(value);
  if (problem !== null) throw new PoolError('invalid_pool_state', problem);
}

/**
 * poolReservesProblem(value) === null as one chain of comparisons (two bigints within 1..=u64::MAX):
 * every quote checks its pool, and the generic walk (a problem string per field to compare with null)
 * was a good part of a quote's time. A pool that fails goes through poolReservesProblem for its message.
 */
function poolReservesOk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const pool = value as Record<string, unknown>;
  const B = pool.baseReserves;
  const Q = pool.quoteReserves;
  return typeof B === 'bigint' && typeof Q === 'bigint' && B > 0n && B <= U64_MAX && Q > 0n && Q <= U64_MAX;
}

/** Checks the pool then the rates, in that order (the program's), each on its fast path first. */
function assertPoolAndRates(pool: PoolReserves, rates: PoolFeeRates): void {
  if (!poolReservesOk(pool)) assertIsPoolReserves(pool);
  if (!poolFeeRatesOk(rates)) assertIsPoolFeeRates(rates);
}

/** A u64 amount of at least 1, or false (then assertPoolAmount says what is wrong, or it is zero). */
const isPositiveU64 = (value: unknown): boolean => typeof value === 'bigint' && value > 0n && value <= U64_MAX;

/** Validated, frozen pool reserves from plain bigints. */
export function poolReserves(fields: { baseReserves: bigint; quoteReserves: bigint }): PoolReserves {
  const reserves: PoolReserves = Object.freeze({ baseReserves: tokenUnits(fields.baseReserves), quoteReserves: quoteUnits(fields.quoteReserves) });
  assertIsPoolReserves(reserves);
  return reserves;
}

/**
 * Buys exactly `baseOut` (the pump AMM's `buy`). In order:
 *   refuse 'invalid_pool_state', 'invalid_fee_rates', 'invalid_amount' for malformed inputs
 *   refuse 'buy_zero_amount' when baseOut = 0
 *   refuse 'insufficient_base_reserves' when baseOut >= B (the pool never sells its last base unit)
 *   quoteIn   = ceil(Q * baseOut / (B - baseOut))      (rounded up: the pool is never short)
 *   refuse 'amount_overflow' when quoteIn > u64::MAX
 *   fee_i     = ceil(quoteIn * bps_i / 10000) for lp, protocol, creator (pool-fees.ts)
 *   totalCost = quoteIn + lpFee + protocolFee + creatorFee; refuse 'amount_overflow' above u64::MAX
 *   next      = { B - baseOut, Q + quoteIn + lpFee }; refuse 'amount_overflow' when Q + quoteIn + lpFee
 *               exceeds u64::MAX
 * The buyer pays totalCost; quoteIn + lpFee enters the pool, protocolFee and creatorFee go to their
 * accounts. B * Q never decreases: (B - b)(Q + quoteIn + lpFee) >= (B - b)(Q + Q*b/(B - b)) = B*Q.
 * Same formula and rounding as the SDK's buyBaseInput (internalQuoteAmount, uiQuote), which refuses
 * only baseOut >= B and answers a zero buy with zero.
 */
export function buyExactBase(pool: PoolReserves, baseOut: TokenUnits, rates: PoolFeeRates): PoolBuy {
  assertPoolAndRates(pool, rates);
  if (!isPositiveU64(baseOut)) {
    assertPoolAmount('baseOut', baseOut);
    throw new PoolError('buy_zero_amount', 'a buy must ask for at least one base unit');
  }
  const B = pool.baseReserves;
  if (baseOut >= B) {
    throw new PoolError('insufficient_base_reserves', `the buy asks for ${baseOut} base units but the pool holds ${B}`, { baseOut, baseReserves: B });
  }
  const rest = B - baseOut;
  // ceil(Q * baseOut / rest) as integer.ts ceilDiv has it, whose range check cannot fail here (rest >= 1).
  const quoteIn = (pool.quoteReserves * baseOut + rest - 1n) / rest;
  assertPoolResult('quoteIn', quoteIn);
  return poolBuy(pool, baseOut, quoteIn, feeOf(quoteIn, rates.lpBps), feeOf(quoteIn, rates.protocolBps), feeOf(quoteIn, rates.creatorBps), null);
}

/**
 * The rest of a buy of `baseOut` (1 <= baseOut < B) on a checked pool, once its quoteIn (checked to fit
 * a u64) and the three fees on it are known: the remaining overflow checks in the program's order and
 * the one frozen result, its fields in the same order as ever (a PoolBuy, then spendable and unspent
 * when `spendable` is given). Shared by buyExactBase and buyExactQuoteIn, which come by quoteIn and its
 * fees in different ways; the fees are computed by their callers rather than by poolFees, whose object
 * and checks only fed these fields.
 */
function poolBuy(
  pool: PoolReserves,
  baseOut: bigint,
  quoteIn: bigint,
  lpFee: bigint,
  protocolFee: bigint,
  creatorFee: bigint,
  spendable: QuoteUnits | null,
): PoolBuy {
  const totalFee = lpFee + protocolFee + creatorFee;
  const totalCost = quoteIn + totalFee;
  assertPoolResult('totalCost', totalCost);
  const nextQuote = pool.quoteReserves + quoteIn + lpFee;
  assertPoolResult('quoteReserves', nextQuote);
  const next: PoolReserves = Object.freeze({ baseReserves: tokenUnits(pool.baseReserves - baseOut), quoteReserves: quoteUnits(nextQuote) });
  const buy: { -readonly [K in keyof PoolBuy]: PoolBuy[K] } & { spendable?: QuoteUnits; unspent?: QuoteUnits } = {
    side: 'buy',
    baseOut: tokenUnits(baseOut),
    quoteIn: quoteUnits(quoteIn),
    lpFee: quoteUnits(lpFee),
    protocolFee: quoteUnits(protocolFee),
    creatorFee: quoteUnits(creatorFee),
    totalFee: quoteUnits(totalFee),
    totalCost: quoteUnits(totalCost),
    next,
  };
  if (spendable !== null) {
    // Added after the PoolBuy's own fields: the key order of a buy by quote in, as ever.
    buy.spendable = spendable;
    buy.unspent = quoteUnits(spendable - totalCost);
  }
  return Object.freeze(buy);
}

/**
 * Buys as much base as `spendable` pays for, fees included (the pump AMM's `buy_exact_quote_in`), and
 * charges exactly what buyExactBase charges for it. The answer is the largest b with
 * buyExactBase(b).totalCost <= spendable: never more than spendable, and one base unit more would not
 * fit. In order:
 *   refuse malformed inputs as buyExactBase; refuse 'buy_zero_amount' when spendable = 0
 *   c = max { c : c + fees(c) <= spendable }, the largest quoteIn the budget pays for with its fees:
 *       c0 = spendable * 10000 / (10000 + lpBps + protocolBps + creatorBps), then c - 1 while
 *       c + fees(c) > spendable; at most 2 steps (pool-fees.ts largestQuoteWithinBudget)
 *   refuse 'amount_overflow' when Q + c > u64::MAX (the pool could not hold the quote; this keeps the
 *       divisor within a u64 for the program)
 *   b = c * B / (Q + c)     (floor; b < B because Q >= 1)
 *       totalCost(b) = F(quoteIn(b)) with F(c) = c + fees(c) strictly increasing, so
 *       totalCost(b) <= spendable <=> quoteIn(b) <= c <=> Q*b / (B - b) <= c <=> b * (Q + c) <= c * B:
 *       this b is the maximum, found without search.
 *   refuse 'quote_in_too_small' when b = 0 (details.budget = c tells c = 0, no quote left after the fees,
 *       from c > 0 buying less than one base unit)
 *   the result is buyExactBase(b), with unspent = spendable - totalCost.
 *
 * The SDK's buyQuoteInput estimates q = spendable * 10000 / (10000 + totalBps), lowers q by the excess
 * when q + fees(q) > spendable, then buys floor(B * (q - 1) / (Q + q - 1)): it budgets one quote unit
 * less than it could (the "- 1"), so it never overspends, and its base is never more than ours (often
 * fewer; test/math/pool-sdk.test.ts counts how often).
 */
export function buyExactQuoteIn(pool: PoolReserves, spendable: QuoteUnits, rates: PoolFeeRates): PoolBuyExactQuoteIn {
  assertPoolAndRates(pool, rates);
  if (!isPositiveU64(spendable)) {
    assertPoolAmount('spendable', spendable);
    throw new PoolError('buy_zero_amount', 'a buy must offer at least one quote base unit');
  }
  const B = pool.baseReserves;
  const Q = pool.quoteReserves;
  const lpBps = rates.lpBps;
  const protocolBps = rates.protocolBps;
  const creatorBps = rates.creatorBps;
  // pool-fees.ts largestQuoteWithinBudget (at most 2 steps, proved there), written out so that the
  // fees of the budget it settles on are kept for the buy below: its quoteIn is usually the budget
  // itself, and those fees need not be computed twice.
  let budget = (spendable * BPS_DENOMINATOR) / (BPS_DENOMINATOR + lpBps + protocolBps + creatorBps);
  let lpFee = 0n;
  let protocolFee = 0n;
  let creatorFee = 0n;
  while (budget > 0n) {
    lpFee = feeOf(budget, lpBps);
    protocolFee = feeOf(budget, protocolBps);
    creatorFee = feeOf(budget, creatorBps);
    if (budget + lpFee + protocolFee + creatorFee <= spendable) break;
    budget -= 1n;
  }
  const poolAfter = Q + budget;
  assertPoolResult('quoteReserves', poolAfter);
  const budgetTimesB = budget * B;
  const baseOut = budgetTimesB / poolAfter;
  if (baseOut === 0n) {
    // details.budget tells the two causes apart: 0 when the fees alone eat the budget.
    throw new PoolError('quote_in_too_small', `${spendable} quote base units do not pay for one base unit with its fees`, { spendable, budget });
  }
  // buyExactBase(pool, baseOut) would check pool, rates and baseOut again: 1 <= baseOut < B (Q >= 1).
  // Its quoteIn(b) = ceil(Q*b/(B - b)) is at most c (= budget, >= 1 here; see above), and it is c
  // itself, whose fees the search just computed, exactly when Q*b/(B - b) > c - 1
  //   <=> Q*b > (c - 1)*(B - b)  <=>  b*(Q + c - 1) > c*B - B
  // (B - b >= 1): a multiplication and a comparison on c*B, already at hand, in place of a 128-bit
  // division and three fees. It holds in most buys: a quote unit buys thousands of base units.
  if (baseOut * (poolAfter - 1n) > budgetTimesB - B) {
    return poolBuy(pool, baseOut, budget, lpFee, protocolFee, creatorFee, spendable) as PoolBuyExactQuoteIn;
  }
  // quoteIn <= c <= spendable: no u64 check needed (buyExactBase's could not fail either).
  const rest = B - baseOut;
  const quoteIn = (Q * baseOut + rest - 1n) / rest;
  return poolBuy(pool, baseOut, quoteIn, feeOf(quoteIn, lpBps), feeOf(quoteIn, protocolBps), feeOf(quoteIn, creatorBps), spendable) as PoolBuyExactQuoteIn;
}

/**
 * Sells exactly `baseIn` (the pump AMM's `sell`). In order:
 *   refuse malformed inputs as buyExactBase; refuse 'sell_zero_amount' when baseIn = 0
 *   refuse 'amount_overflow' when B + baseIn > u64::MAX
 *   quoteOut     = Q * baseIn / (B + baseIn)            (floor: the pool never pays out a fraction)
 *   fee_i        = ceil(quoteOut * bps_i / 10000) for lp, protocol, creator
 *   refuse 'sell_output_below_fees' when lpFee + protocolFee + creatorFee > quoteOut (only for a
 *   quoteOut of a few units, each nonzero rate charging at least 1)
 *   userReceives = quoteOut - lpFee - protocolFee - creatorFee
 *   next         = { B + baseIn, Q - quoteOut + lpFee }
 * The fees come out of quoteOut: quoteOut - lpFee leaves the pool (userReceives to the seller,
 * protocolFee and creatorFee to their accounts). quoteOut < Q, so the pool keeps at least 1 quote unit
 * and never runs short. B * Q never decreases: (B + b)(Q - quoteOut + lpFee) >= (B + b)(Q - Q*b/(B + b))
 * = B*Q. A quoteOut of 0 is not refused (the seller gets nothing; min_quote_amount_out guards that).
 * Same formula and rounding as the SDK's sellBaseInput (internalQuoteAmountOut, uiQuote), which throws
 * where we refuse 'sell_output_below_fees'.
 */
export function sellExactBase(pool: PoolReserves, baseIn: TokenUnits, rates: PoolFeeRates): PoolSell {
  assertPoolAndRates(pool, rates);
  if (!isPositiveU64(baseIn)) {
    assertPoolAmount('baseIn', baseIn);
    throw new PoolError('sell_zero_amount', 'a sale must offer at least one base unit');
  }
  const B = pool.baseReserves;
  const Q = pool.quoteReserves;
  const nextBase = B + baseIn;
  assertPoolResult('baseReserves', nextBase);
  const quoteOut = (Q * baseIn) / nextBase;
  // poolFees past its checks: quoteOut < Q is a u64, the rates are checked.
  const lpFee = feeOf(quoteOut, rates.lpBps);
  const protocolFee = feeOf(quoteOut, rates.protocolBps);
  const creatorFee = feeOf(quoteOut, rates.creatorBps);
  const totalFee = lpFee + protocolFee + creatorFee;
  if (totalFee > quoteOut) {
    throw new PoolError('sell_output_below_fees', `the sale pays out ${quoteOut}, less than its fees of ${totalFee}`, { quoteOut, totalFee });
  }
  return Object.freeze({
    side: 'sell',
    baseIn,
    quoteOut: quoteUnits(quoteOut),
    lpFee: quoteUnits(lpFee),
    protocolFee: quoteUnits(protocolFee),
    creatorFee: quoteUnits(creatorFee),
    totalFee: quoteUnits(totalFee),
    userReceives: quoteUnits(quoteOut - totalFee),
    next: Object.freeze({ baseReserves: tokenUnits(nextBase), quoteReserves: quoteUnits(Q - quoteOut + lpFee) }),
  });
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new PoolError('invalid_amount', `token decimals must be an integer within 0..=255, got ${decimals}`);
  }
}

/**
 * Spot price of one whole base token (10^decimals base units) in quote base units, before fees and
 * price impact, as an exact fraction in lowest terms: Q * 10^decimals / B.
 */
export function poolSpotPricePerWholeBase(pool: PoolReserves, baseDecimals: number): PriceRatio {
  assertIsPoolReserves(pool);
  assertDecimals(baseDecimals);
  const numerator = pool.quoteReserves * 10n ** BigInt(baseDecimals);
  const divisor = gcd(numerator, pool.baseReserves);
  return Object.freeze({ numerator: numerator / divisor, denominator: pool.baseReserves / divisor });
}

/** The same spot price rounded down to whole quote base units: Q * 10^decimals / B (floor). */
export function poolSpotPricePerWholeBaseFloor(pool: PoolReserves, baseDecimals: number): QuoteUnits {
  const { numerator, denominator } = poolSpotPricePerWholeBase(pool, baseDecimals);
  return quoteUnits(numerator / denominator);
}

/**
 * Price impact of a trade quoted on `pool`, in basis points: how far the trade's own price, before
 * fees, is from the spot price Q/B, relative to the spot price.
 *   buy:  (quoteIn / baseOut) / (Q / B) - 1  = (quoteIn * B - baseOut * Q) / (baseOut * Q)
 *   sell: 1 - (quoteOut / baseIn) / (Q / B)  = (baseIn * Q - quoteOut * B) / (baseIn * Q)
 *   bps = ceil(10000 * numerator / denominator)
 * Rounded up, so an impact is never shown smaller than it is and any buy shows at least 1 bps. A sale's
 * impact is at most 10000 (quoteOut = 0); a buy's is unbounded (paying 3x spot is 20000). Fees are not
 * part of it; they are their own figures of the trade. A display figure, not computed on chain (its
 * intermediates reach 142 bits). Refuses 'invalid_amount' for a trade that was not quoted on this pool
 * (its price beats the spot price).
 */
export function priceImpactBps(pool: PoolReserves, trade: PoolBuy | PoolSell): Bps {
  assertIsPoolReserves(pool);
  const { baseReserves: B, quoteReserves: Q } = pool;
  const [numerator, denominator] =
    trade.side === 'buy' ? [trade.quoteIn * B - trade.baseOut * Q, trade.baseOut * Q] : [trade.baseIn * Q - trade.quoteOut * B, trade.baseIn * Q];
  if (numerator < 0n || denominator <= 0n) {
    throw new PoolError('invalid_amount', `the ${trade.side} was not quoted on a pool of ${B} base and ${Q} quote`, { baseReserves: B, quoteReserves: Q });
  }
  return bps(ceilDiv(numerator * BPS_DENOMINATOR, denominator));
}
