import { assertU64Amount, assertU64Result, CurveError, U64_MAX } from './curve-error.js';
import { assertIsFeeRates, BPS_DENOMINATOR, feeOf, feeRatesOk, type FeeRates } from './curve-fees.js';
import { quoteUnits, type QuoteUnits } from './quote-units.js';
import { tokenUnits, type TokenUnits } from './units.js';

/**
 * The launchpad's bonding curve (the `pump` interface): a constant-product curve on virtual reserves,
 * with the real reserves tracking what the curve actually holds. Exact bigint math; the on-chain C
 * program implements the same formulas, the same rounding and the same order of checks, so each is
 * written out next to its function. Notation: vT, vQ, rT, rQ are the four reserves of the state before
 * the trade; `/` is integer division rounding toward zero (all operands are non-negative, so it is
 * floor). Every input, output and reserve is a u64; intermediates fit in 128 bits.
 */
export type CurveState = Readonly<{
  virtualTokenReserves: TokenUnits;
  virtualQuoteReserves: QuoteUnits;
  realTokenReserves: TokenUnits;
  realQuoteReserves: QuoteUnits;
  complete: boolean;
}>;

/** What a buy takes and gives. The fees go to their recipients; only quoteCost enters the curve. */
export type CurveBuy = Readonly<{
  /** Tokens bought, already capped at the curve's realTokenReserves. */
  tokens: TokenUnits;
  /** Quote the curve takes for the tokens, before fees. */
  quoteCost: QuoteUnits;
  protocolFee: QuoteUnits;
  creatorFee: QuoteUnits;
  buybackFee: QuoteUnits;
  /** quoteCost + protocolFee + creatorFee + buybackFee: all the buyer pays. */
  totalCost: QuoteUnits;
  /** The buy takes the last real token: the curve is complete after it. */
  completes: boolean;
  next: CurveState;
}>;

export type CurveBuyExactQuoteIn = CurveBuy &
  Readonly<{
    /** The quote the buyer offered. */
    spendable: QuoteUnits;
    /** spendable - totalCost, never negative. */
    unspent: QuoteUnits;
  }>;

export type CurveSell = Readonly<{
  tokens: TokenUnits;
  /** Quote the curve pays out, before fees. */
  quoteOut: QuoteUnits;
  protocolFee: QuoteUnits;
  creatorFee: QuoteUnits;
  buybackFee: QuoteUnits;
  /** quoteOut - protocolFee - creatorFee - buybackFee: what the seller receives. */
  userReceives: QuoteUnits;
  next: CurveState;
}>;

/** An exact non-negative rational; `denominator` > 0 and the fraction is in lowest terms. */
export type PriceRatio = Readonly<{ numerator: bigint; denominator: bigint }>;

const STATE_FIELDS = ['virtualTokenReserves', 'virtualQuoteReserves', 'realTokenReserves', 'realQuoteReserves'] as const;

/**
 * Why `value` is not a CurveState, or null. A curve state has four u64 reserves with vT > 0 and
 * vQ > 0 (the price is vQ/vT), and rT < vT: buying every remaining real token then leaves vT - rT >= 1,
 * so the buy formula never divides by zero. A pump curve keeps vT - rT at the virtual part of its token
 * reserves (279.9M whole tokens on mainnet) for its whole life.
 */
export function curveStateProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'curve state must be an object';
  const record = value as Record<string, unknown>;
  for (const name of STATE_FIELDS) {
    const field = record[name];
    if (typeof field !== 'bigint') return `${name} must be a bigint, got ${typeof field}`;
    if (field < 0n) return `${name} must not be negative, got ${field}`;
    if (field > U64_MAX) return `${name} ${field} does not fit in a u64`;
  }
  if (typeof record.complete !== 'boolean') return `complete must be a boolean, got ${typeof record.complete}`;
  const state = value as CurveState;
  if (state.virtualTokenReserves === 0n) return 'virtualTokenReserves must not be zero';
  if (state.virtualQuoteReserves === 0n) return 'virtualQuoteReserves must not be zero';
  if (state.realTokenReserves >= state.virtualTokenReserves) {
    return `realTokenReserves (${state.realTokenReserves}) must be below virtualTokenReserves (${state.virtualTokenReserves})`;
  }
  return null;
}

export function isCurveState(value: unknown): value is CurveState {
  return curveStateProblem(value) === null;
}

export function assertIsCurveState(value: unknown): asserts value is CurveState {
  if (curveStateOk(value)) return;
  const problem = curveStateProblem(value);
  if (problem !== null) throw new CurveError('invalid_curve_state', problem);
}

/**
 * curveStateProblem(value) === null, as one chain of comparisons on the fields: every quote checks its
 * state, and the walk over field names (keyed reads, a problem string to compare with null) was a good
 * part of a quote's time. The conditions are the same: four bigints with 0 < vT <= u64::MAX,
 * 0 < vQ <= u64::MAX, 0 <= rT < vT (so rT fits a u64 too), 0 <= rQ <= u64::MAX, and a boolean
 * `complete`. A state that fails goes through curveStateProblem for its exact message.
 */
function curveStateOk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  const vT = state.virtualTokenReserves;
  const vQ = state.virtualQuoteReserves;
  const rT = state.realTokenReserves;
  const rQ = state.realQuoteReserves;
  return (
    typeof vT === 'bigint' &&
    typeof vQ === 'bigint' &&
    typeof rT === 'bigint' &&
    typeof rQ === 'bigint' &&
    typeof state.complete === 'boolean' &&
    vT > 0n &&
    vT <= U64_MAX &&
    vQ > 0n &&
    vQ <= U64_MAX &&
    rT >= 0n &&
    rT < vT &&
    rQ >= 0n &&
    rQ <= U64_MAX
  );
}

/** Checks state then rates, in that order (the program's), each on its fast path first. */
function assertStateAndRates(state: CurveState, rates: FeeRates): void {
  if (!curveStateOk(state)) assertIsCurveState(state);
  if (!feeRatesOk(rates)) assertIsFeeRates(rates);
}

/** A validated, frozen curve state from plain bigints. */
export function curveState(fields: {
  virtualTokenReserves: bigint;
  virtualQuoteReserves: bigint;
  realTokenReserves: bigint;
  realQuoteReserves: bigint;
  complete: boolean;
}): CurveState {
  const state: CurveState = Object.freeze({
    virtualTokenReserves: tokenUnits(fields.virtualTokenReserves),
    virtualQuoteReserves: quoteUnits(fields.virtualQuoteReserves),
    realTokenReserves: tokenUnits(fields.realTokenReserves),
    realQuoteReserves: quoteUnits(fields.realQuoteReserves),
    complete: fields.complete,
  });
  assertIsCurveState(state);
  return state;
}

/** Checks shared by both buys, in the program's order: state, rates, then a curve with tokens left. */
function assertCanBuy(state: CurveState, rates: FeeRates): void {
  assertStateAndRates(state, rates);
  if (state.complete || state.realTokenReserves === 0n) {
    throw new CurveError('curve_complete', 'the curve is complete: it sells no more tokens');
  }
}

/**
 * Buys `tokens` (capped at rT). In order:
 *   refuse 'curve_complete' when complete or rT = 0; refuse 'buy_zero_amount' when tokens = 0
 *   t         = min(tokens, rT)
 *   quoteCost = t * vQ / (vT - t) + 1          (floor, then + 1: the curve never gives a token for free;
 *                                               vT - t >= vT - rT >= 1)
 *   fee_i     = ceil(quoteCost * bps_i / 10000) for protocol, creator, buyback (see curve-fees.ts)
 *   totalCost = quoteCost + protocolFee + creatorFee + buybackFee
 *   next      = { vT - t, vQ + quoteCost, rT - t, rQ + quoteCost, complete: rT - t = 0 }
 *   refuse 'amount_overflow' when quoteCost, totalCost, vQ + quoteCost or rQ + quoteCost exceeds
 *   u64::MAX (checked in that order, quoteCost before its fees are computed).
 * vT * vQ never decreases: (vT - t)(vQ + t*vQ/(vT - t) + 1) > (vT - t)(vQ + t*vQ/(vT - t)) = vT*vQ.
 */
export function buyExactTokens(state: CurveState, tokens: TokenUnits, rates: FeeRates): CurveBuy {
  assertCanBuy(state, rates);
  if (typeof tokens !== 'bigint' || tokens <= 0n || tokens > U64_MAX) {
    assertU64Amount('tokens', tokens);
    throw new CurveError('buy_zero_amount', 'a buy must ask for at least one token base unit');
  }
  const vT = state.virtualTokenReserves;
  const rT = state.realTokenReserves;
  const t = tokens < rT ? tokens : rT;
  const quoteCost = (t * state.virtualQuoteReserves) / (vT - t) + 1n;
  assertU64Result('quoteCost', quoteCost);
  return curveBuy(state, t, quoteCost, feeOf(quoteCost, rates.protocolBps), feeOf(quoteCost, rates.creatorBps), feeOf(quoteCost, rates.buybackBps), null);
}

/**
 * The rest of a buy of `t` tokens (1 <= t <= rT) on a checked state, once its quoteCost (checked to fit
 * a u64) and the three fees on it are known: the remaining overflow checks in the program's order and
 * the one frozen result, its fields in the same order as ever (a CurveBuy, then spendable and unspent
 * when `spendable` is given). Shared by buyExactTokens and buyExactQuoteIn, which come by quoteCost and
 * its fees in different ways.
 */
function curveBuy(
  state: CurveState,
  t: bigint,
  quoteCost: bigint,
  protocolFee: bigint,
  creatorFee: bigint,
  buybackFee: bigint,
  spendable: QuoteUnits | null,
): CurveBuy {
  const totalCost = quoteCost + (protocolFee + creatorFee + buybackFee);
  assertU64Result('totalCost', totalCost);
  const nextVQ = state.virtualQuoteReserves + quoteCost;
  assertU64Result('virtualQuoteReserves', nextVQ);
  const nextRQ = state.realQuoteReserves + quoteCost;
  assertU64Result('realQuoteReserves', nextRQ);
  const nextRT = state.realTokenReserves - t;
  const completes = nextRT === 0n;
  const next: CurveState = Object.freeze({
    virtualTokenReserves: tokenUnits(state.virtualTokenReserves - t),
    virtualQuoteReserves: quoteUnits(nextVQ),
    realTokenReserves: tokenUnits(nextRT),
    realQuoteReserves: quoteUnits(nextRQ),
    complete: completes,
  });
  const buy: CurveBuy & { spendable?: QuoteUnits; unspent?: QuoteUnits } = {
    tokens: tokenUnits(t),
    quoteCost: quoteUnits(quoteCost),
    protocolFee: quoteUnits(protocolFee),
    creatorFee: quoteUnits(creatorFee),
    buybackFee: quoteUnits(buybackFee),
    totalCost: quoteUnits(totalCost),
    completes,
    next,
  };
  if (spendable !== null) {
    // Added after the CurveBuy's own fields: the key order of a buy by quote in, as ever.
    buy.spendable = spendable;
    buy.unspent = quoteUnits(spendable - totalCost);
  }
  return Object.freeze(buy);
}

/**
 * Buys as many tokens as `spendable` pays for, fees included, and charges exactly what
 * buyExactTokens charges for them. The answer is the largest t <= rT with
 * buyExactTokens(t).totalCost <= spendable: never more than spendable, and one more token would not fit.
 * In order:
 *   refuse 'curve_complete' as buyExactTokens; refuse 'buy_zero_amount' when spendable = 0
 *   c  = max { c : c + fees(c) <= spendable }, the largest quoteCost the budget pays for with its fees:
 *        c0 = spendable * 10000 / (10000 + protocolBps + creatorBps + buybackBps), then c0 - 1 while
 *        c + fees(c) > spendable; at most 2 steps (proof at largestAmountWithinBudget in curve-fees.ts)
 *   t  = (c * vT - 1) / (vQ + c)              (floor; only when c >= 1)
 *        totalCost(t) = F(quoteCost(t)) with F(c) = c + fees(c) strictly increasing, so
 *        totalCost(t) <= spendable <=> quoteCost(t) <= c <=> floor(t*vQ/(vT - t)) <= c - 1
 *        <=> t*vQ < c*(vT - t) <=> t*(vQ + c) <= c*vT - 1: this t is the maximum, found without search.
 *   t  = min(t, rT); refuse 'quote_in_too_small' when c = 0 or t = 0
 *   the result is buyExactTokens(t), with unspent = spendable - totalCost.
 *
 * Why not the SDK's way. getBuyTokenAmountFromSolAmount estimates input = (spendable - 1) * 10000 /
 * (10000 + protocolBps + creatorBps), tokens = input * vT / (vQ + input). Its tokens may cost 1 or 2
 * more than spendable (each fee rounds up on its own; see test/math/curve-sdk.test.ts) or leave
 * tokens that would fit. Stepping such an estimate (with all three rates in the denominator) down one
 * token at a time until it fits takes at most 1 step while at most two rates are nonzero, but with
 * three it can have to shed a whole quote unit of tokens: about vT / vQ steps, 35_767 on pump's
 * initial curve, more the cheaper a token is. The closed form needs at most 3 fee evaluations.
 */
export function buyExactQuoteIn(state: CurveState, spendable: QuoteUnits, rates: FeeRates): CurveBuyExactQuoteIn {
  assertCanBuy(state, rates);
  if (typeof spendable !== 'bigint' || spendable <= 0n || spendable > U64_MAX) {
    assertU64Amount('spendable', spendable);
    throw new CurveError('buy_zero_amount', 'a buy must offer at least one quote base unit');
  }
  const vT = state.virtualTokenReserves;
  const vQ = state.virtualQuoteReserves;
  const rT = state.realTokenReserves;
  const protocolBps = rates.protocolBps;
  const creatorBps = rates.creatorBps;
  const buybackBps = rates.buybackBps;
  // largestAmountWithinBudget (curve-fees.ts, where the bound of at most 2 steps is proved), written
  // out so that the fees of the budget it settles on are kept for the buy below: its quoteCost is
  // usually the budget itself, and those fees need not be computed twice.
  let budget = (spendable * BPS_DENOMINATOR) / (BPS_DENOMINATOR + protocolBps + creatorBps + buybackBps);
  let protocolFee = 0n;
  let creatorFee = 0n;
  let buybackFee = 0n;
  while (budget > 0n) {
    protocolFee = feeOf(budget, protocolBps);
    creatorFee = feeOf(budget, creatorBps);
    buybackFee = feeOf(budget, buybackBps);
    if (budget + protocolFee + creatorFee + buybackFee <= spendable) break;
    budget -= 1n;
  }
  const budgetTimesVT = budget * vT;
  const affordable = budget === 0n ? 0n : (budgetTimesVT - 1n) / (vQ + budget);
  const t = affordable < rT ? affordable : rT;
  if (t === 0n) {
    throw new CurveError('quote_in_too_small', `${spendable} quote base units do not pay for one token base unit with its fees`, { spendable });
  }
  // buyExactTokens(state, t) would check state, rates and t again; all three are known good here. Its
  // quoteCost(t) = t*vQ/(vT - t) + 1 is at most c (= budget, >= 1 here; see above), and it is c itself,
  // whose fees the search just computed, exactly when floor(t*vQ/(vT - t)) >= c - 1
  //   <=> t*vQ >= (c - 1)*(vT - t)  <=>  t*(vQ + c - 1) >= c*vT - vT
  // (vT - t >= 1): a multiplication and a comparison on c*vT, already at hand, in place of a 128-bit
  // division and three fees. It holds in most buys: a quote unit buys thousands of token units.
  if (t * (vQ + budget - 1n) >= budgetTimesVT - vT) {
    return curveBuy(state, t, budget, protocolFee, creatorFee, buybackFee, spendable) as CurveBuyExactQuoteIn;
  }
  // quoteCost <= c <= spendable: no u64 check needed (buyExactTokens' could not fail either).
  const quoteCost = (t * vQ) / (vT - t) + 1n;
  return curveBuy(state, t, quoteCost, feeOf(quoteCost, protocolBps), feeOf(quoteCost, creatorBps), feeOf(quoteCost, buybackBps), spendable) as CurveBuyExactQuoteIn;
}

/**
 * Sells `tokens`. In order:
 *   refuse 'curve_complete' when complete; refuse 'sell_zero_amount' when tokens = 0
 *   quoteOut     = tokens * vQ / (vT + tokens)   (floor: the curve never pays out a fraction)
 *   refuse 'insufficient_quote_reserves' when quoteOut > rQ
 *   fee_i        = ceil(quoteOut * bps_i / 10000) for protocol, creator, buyback
 *   refuse 'sell_output_below_fees' when the fees add up to more than quoteOut (only possible for a
 *   quoteOut of a few units, as each fee rounds up to at least 1)
 *   userReceives = quoteOut - protocolFee - creatorFee - buybackFee
 *   next         = { vT + tokens, vQ - quoteOut, rT + tokens, rQ - quoteOut, complete: false }
 *   refuse 'amount_overflow' when vT + tokens exceeds u64::MAX.
 * The fees are paid out of quoteOut, so the curve's reserves drop by quoteOut in full.
 * vT * vQ never decreases: (vT + x)(vQ - floor(x*vQ/(vT + x))) >= (vT + x)(vQ - x*vQ/(vT + x)) = vT*vQ.
 */
export function sellExactTokens(state: CurveState, tokens: TokenUnits, rates: FeeRates): CurveSell {
  assertStateAndRates(state, rates);
  if (state.complete) throw new CurveError('curve_complete', 'the curve is complete: it buys no more tokens');
  if (typeof tokens !== 'bigint' || tokens <= 0n || tokens > U64_MAX) {
    assertU64Amount('tokens', tokens);
    throw new CurveError('sell_zero_amount', 'a sale must offer at least one token base unit');
  }
  const vT = state.virtualTokenReserves;
  const vQ = state.virtualQuoteReserves;
  const rT = state.realTokenReserves;
  const rQ = state.realQuoteReserves;
  const nextVT = vT + tokens;
  const quoteOut = (tokens * vQ) / nextVT;
  if (quoteOut > rQ) {
    throw new CurveError('insufficient_quote_reserves', `the sale would pay out ${quoteOut} but the curve holds ${rQ}`, { quoteOut, realQuoteReserves: rQ });
  }
  const protocolFee = feeOf(quoteOut, rates.protocolBps);
  const creatorFee = feeOf(quoteOut, rates.creatorBps);
  const buybackFee = feeOf(quoteOut, rates.buybackBps);
  const totalFee = protocolFee + creatorFee + buybackFee;
  if (totalFee > quoteOut) {
    throw new CurveError('sell_output_below_fees', `the sale pays out ${quoteOut}, less than its fees of ${totalFee}`, { quoteOut, totalFee });
  }
  assertU64Result('virtualTokenReserves', nextVT);
  return Object.freeze({
    tokens,
    quoteOut: quoteUnits(quoteOut),
    protocolFee: quoteUnits(protocolFee),
    creatorFee: quoteUnits(creatorFee),
    buybackFee: quoteUnits(buybackFee),
    userReceives: quoteUnits(quoteOut - totalFee),
    next: Object.freeze({
      virtualTokenReserves: tokenUnits(nextVT),
      virtualQuoteReserves: quoteUnits(vQ - quoteOut),
      realTokenReserves: tokenUnits(rT + tokens),
      realQuoteReserves: quoteUnits(rQ - quoteOut),
      complete: false,
    }),
  });
}

/**
 * Market cap in quote base units at the spot price: vQ * totalSupply / vT (floor), as the SDK's
 * bondingCurveMarketCap and pump's fee-tier selection compute it. `totalSupply` is in token base units.
 */
export function marketCap(state: CurveState, totalSupply: TokenUnits): QuoteUnits {
  assertIsCurveState(state);
  assertU64Amount('totalSupply', totalSupply);
  return quoteUnits((state.virtualQuoteReserves * totalSupply) / state.virtualTokenReserves);
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new CurveError('invalid_amount', `token decimals must be an integer within 0..=255, got ${decimals}`);
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * Spot price of one whole token (10^decimals base units) in quote base units, before fees and price
 * impact, as an exact fraction in lowest terms: vQ * 10^decimals / vT. Scale it however a display
 * needs (for a price in whole quote units times 1e9: numerator * 1e9 / (denominator * 10^quoteDecimals)).
 */
export function spotPricePerWholeToken(state: CurveState, tokenDecimals: number): PriceRatio {
  assertIsCurveState(state);
  assertDecimals(tokenDecimals);
  const numerator = state.virtualQuoteReserves * 10n ** BigInt(tokenDecimals);
  const divisor = gcd(numerator, state.virtualTokenReserves);
  return Object.freeze({ numerator: numerator / divisor, denominator: state.virtualTokenReserves / divisor });
}

/** The same spot price rounded down to whole quote base units: vQ * 10^decimals / vT (floor). */
export function spotPricePerWholeTokenFloor(state: CurveState, tokenDecimals: number): QuoteUnits {
  const { numerator, denominator } = spotPricePerWholeToken(state, tokenDecimals);
  return quoteUnits(numerator / denominator);
}
