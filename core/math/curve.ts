import { assertU64Amount, assertU64Result, CurveError, U64_MAX } from './curve-error.js';
import { assertIsFeeRates, curveFees, largestAmountWithinBudget, type FeeRates } from './curve-fees.js';
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
  const problem = curveStateProblem(value);
  if (problem !== null) throw new CurveError('invalid_curve_state', problem);
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
  assertIsCurveState(state);
  assertIsFeeRates(rates);
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
  assertU64Amount('tokens', tokens);
  if (tokens === 0n) throw new CurveError('buy_zero_amount', 'a buy must ask for at least one token base unit');
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT, realQuoteReserves: rQ } = state;
  const t = tokens < rT ? tokens : rT;
  const quoteCost = (t * vQ) / (vT - t) + 1n;
  assertU64Result('quoteCost', quoteCost);
  const fees = curveFees(quoteUnits(quoteCost), rates);
  const totalCost = quoteCost + fees.totalFee;
  assertU64Result('totalCost', totalCost);
  assertU64Result('virtualQuoteReserves', vQ + quoteCost);
  assertU64Result('realQuoteReserves', rQ + quoteCost);
  const completes = rT - t === 0n;
  return Object.freeze({
    tokens: tokenUnits(t),
    quoteCost: quoteUnits(quoteCost),
    protocolFee: fees.protocolFee,
    creatorFee: fees.creatorFee,
    buybackFee: fees.buybackFee,
    totalCost: quoteUnits(totalCost),
    completes,
    next: Object.freeze({
      virtualTokenReserves: tokenUnits(vT - t),
      virtualQuoteReserves: quoteUnits(vQ + quoteCost),
      realTokenReserves: tokenUnits(rT - t),
      realQuoteReserves: quoteUnits(rQ + quoteCost),
      complete: completes,
    }),
  });
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
  assertU64Amount('spendable', spendable);
  if (spendable === 0n) throw new CurveError('buy_zero_amount', 'a buy must offer at least one quote base unit');
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT } = state;
  const budget = largestAmountWithinBudget(spendable, rates);
  const affordable = budget === 0n ? 0n : (budget * vT - 1n) / (vQ + budget);
  const t = affordable < rT ? affordable : rT;
  if (t === 0n) {
    throw new CurveError('quote_in_too_small', `${spendable} quote base units do not pay for one token base unit with its fees`, { spendable });
  }
  const buy = buyExactTokens(state, tokenUnits(t), rates);
  return Object.freeze({ ...buy, spendable, unspent: quoteUnits(spendable - buy.totalCost) });
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
  assertIsCurveState(state);
  assertIsFeeRates(rates);
  if (state.complete) throw new CurveError('curve_complete', 'the curve is complete: it buys no more tokens');
  assertU64Amount('tokens', tokens);
  if (tokens === 0n) throw new CurveError('sell_zero_amount', 'a sale must offer at least one token base unit');
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT, realQuoteReserves: rQ } = state;
  const quoteOut = (tokens * vQ) / (vT + tokens);
  if (quoteOut > rQ) {
    throw new CurveError('insufficient_quote_reserves', `the sale would pay out ${quoteOut} but the curve holds ${rQ}`, { quoteOut, realQuoteReserves: rQ });
  }
  const fees = curveFees(quoteUnits(quoteOut), rates);
  if (fees.totalFee > quoteOut) {
    throw new CurveError('sell_output_below_fees', `the sale pays out ${quoteOut}, less than its fees of ${fees.totalFee}`, { quoteOut, totalFee: fees.totalFee });
  }
  assertU64Result('virtualTokenReserves', vT + tokens);
  return Object.freeze({
    tokens,
    quoteOut: quoteUnits(quoteOut),
    protocolFee: fees.protocolFee,
    creatorFee: fees.creatorFee,
    buybackFee: fees.buybackFee,
    userReceives: quoteUnits(quoteOut - fees.totalFee),
    next: Object.freeze({
      virtualTokenReserves: tokenUnits(vT + tokens),
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
