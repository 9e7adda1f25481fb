import { bpsFieldsProblemOrSum } from './bps-fields.js';
import { assertU64Amount, CurveError } from './curve-error.js';
import { quoteUnits, type QuoteUnits } from './quote-units.js';
import { bps, type Bps } from './units.js';

/**
 * The fees a curve trade pays on its quote amount (the cost of a buy before fees, the proceeds of a
 * sale before fees): protocol, creator and buyback, each at its own rate in basis points. A curve
 * without a creator is given `creatorBps` 0; there is no other condition in here.
 */
export type FeeRates = Readonly<{ protocolBps: Bps; creatorBps: Bps; buybackBps: Bps }>;

export type CurveFees = Readonly<{
  protocolFee: QuoteUnits;
  creatorFee: QuoteUnits;
  buybackFee: QuoteUnits;
  /** protocolFee + creatorFee + buybackFee */
  totalFee: QuoteUnits;
}>;

export const BPS_DENOMINATOR = 10_000n;
/** BPS_DENOMINATOR - 1, the ceil's addend, computed once rather than per fee. */
const FEE_ROUNDING = BPS_DENOMINATOR - 1n;
const RATE_NAMES = ['protocolBps', 'creatorBps', 'buybackBps'] as const;

/** Why `value` is not a FeeRates (each rate 0..=10000, their sum at most 10000), or null. */
export function feeRatesProblem(value: unknown): string | null {
  const sum = bpsFieldsProblemOrSum(value, 'fee rates', RATE_NAMES);
  if (typeof sum === 'string') return sum;
  // More than 100% in fees is never meant, and a sale could then owe more than it takes out.
  if (sum > BPS_DENOMINATOR) return `the fee rates add up to ${sum} bps, more than 10000`;
  return null;
}

export function isFeeRates(value: unknown): value is FeeRates {
  return feeRatesProblem(value) === null;
}

export function assertIsFeeRates(value: unknown): asserts value is FeeRates {
  if (feeRatesOk(value)) return;
  const problem = feeRatesProblem(value);
  if (problem !== null) throw new CurveError('invalid_fee_rates', problem);
}

/**
 * Whether three rates are a valid set: each a bigint, none negative, their sum at most 10000 (which
 * bounds each one by 10000 too). The same condition as bpsFieldsProblemOrSum plus the sum check, as one
 * chain of comparisons on the fields themselves: the quote paths check their rates on every call, and
 * the generic walk over field names (keyed reads, a problem string built only to be compared with null)
 * took over a tenth of a quote's time (profiled). Only a failing set goes on to the slow path, for its exact message.
 */
export function bpsTripleOk(a: unknown, b: unknown, c: unknown): boolean {
  return typeof a === 'bigint' && typeof b === 'bigint' && typeof c === 'bigint' && a >= 0n && b >= 0n && c >= 0n && a + b + c <= BPS_DENOMINATOR;
}

/** feeRatesProblem(value) === null, without building the problem (see bpsTripleOk). */
export function feeRatesOk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const rates = value as Record<string, unknown>;
  return bpsTripleOk(rates.protocolBps, rates.creatorBps, rates.buybackBps);
}

/** Validated, frozen fee rates from plain bigints. */
export function feeRates(rates: { protocolBps: bigint; creatorBps: bigint; buybackBps: bigint }): FeeRates {
  const value = Object.freeze({ protocolBps: bps(rates.protocolBps), creatorBps: bps(rates.creatorBps), buybackBps: bps(rates.buybackBps) });
  assertIsFeeRates(value);
  return value;
}

/** protocolBps + creatorBps + buybackBps. */
export function totalFeeBps(rates: FeeRates): Bps {
  return bps(rates.protocolBps + rates.creatorBps + rates.buybackBps);
}

/**
 * The fee on `amount` at `rate`, rounded up so that the fee is never short:
 *   fee = ceil(amount * rate / 10000) = (amount * rate + 9999) / 10000   (integer division)
 * With amount a u64 and rate <= 10000 the product fits 78 bits, and fee <= amount.
 */
export function feeAtBps(amount: QuoteUnits, rate: Bps): QuoteUnits {
  assertU64Amount('amount', amount);
  if (rate < 0n || rate > BPS_DENOMINATOR) throw new CurveError('invalid_fee_rates', `fee rate must be within 0..=10000, got ${rate}`);
  return quoteUnits(feeOf(amount, rate));
}

/**
 * feeAtBps without its checks, for callers that have checked the amount and the rate already:
 * ceil(amount * rate / 10000). A zero rate charges 0 (what the formula gives: 9999 / 10000 = 0) without
 * the three bigint operations; zero rates are common (no buyback, no creator).
 */
export function feeOf(amount: bigint, rate: bigint): bigint {
  return rate === 0n ? 0n : (amount * rate + FEE_ROUNDING) / BPS_DENOMINATOR;
}

/**
 * The three fees on `amount`, each rounded up on its own (so their sum can exceed
 * ceil(amount * totalBps / 10000) by up to 2), and their sum.
 */
export function curveFees(amount: QuoteUnits, rates: FeeRates): CurveFees {
  assertIsFeeRates(rates);
  // The rates are checked (each within 0..=10000); the amount once here, not once per fee.
  assertU64Amount('amount', amount);
  const protocolFee = quoteUnits(feeOf(amount, rates.protocolBps));
  const creatorFee = quoteUnits(feeOf(amount, rates.creatorBps));
  const buybackFee = quoteUnits(feeOf(amount, rates.buybackBps));
  return Object.freeze({ protocolFee, creatorFee, buybackFee, totalFee: quoteUnits(protocolFee + creatorFee + buybackFee) });
}

/**
 * The largest amount `c` whose fees still fit a budget: max { c : c + curveFees(c).totalFee <= budget }.
 *
 * `c + fees(c)` grows by at least 1 with each unit of c, so the answer is unique. It starts from
 *   c0 = budget * 10000 / (10000 + totalBps)   (integer division)
 * and steps down by 1 while the fees do not fit. Bound: each fee is at most c*rate/10000 + 9999/10000,
 * so fees(c) <= c*totalBps/10000 + n*9999/10000 with n the number of nonzero rates (<= 3), while
 * c*(10000+totalBps)/10000 <= budget - k at c = c0 - k; hence c0 - k fits once k >= n - 1. The loop runs
 * at most n - 1 <= 2 times (3 evaluations of the fees). No c above c0 fits, because c + fees(c) >=
 * c*(10000+totalBps)/10000.
 */
export function largestAmountWithinBudget(budget: QuoteUnits, rates: FeeRates): QuoteUnits {
  assertU64Amount('budget', budget);
  assertIsFeeRates(rates);
  return quoteUnits(amountWithinBudget(budget, rates.protocolBps, rates.creatorBps, rates.buybackBps));
}

/**
 * largestAmountWithinBudget on checked inputs (budget a u64, rates a valid set), with the three rates
 * given apart: the pool's budget (pool-fees.ts) is the same sum of three ceil fees, so both share it.
 * No fee object per step: the loop only needs the sum.
 */
export function amountWithinBudget(budget: bigint, rateA: bigint, rateB: bigint, rateC: bigint): bigint {
  let amount = (budget * BPS_DENOMINATOR) / (BPS_DENOMINATOR + rateA + rateB + rateC);
  while (amount > 0n && amount + feeOf(amount, rateA) + feeOf(amount, rateB) + feeOf(amount, rateC) > budget) amount -= 1n;
  return amount;
}
