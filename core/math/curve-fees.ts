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
  const problem = feeRatesProblem(value);
  if (problem !== null) throw new CurveError('invalid_fee_rates', problem);
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
  return quoteUnits((amount * rate + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR);
}

/**
 * The three fees on `amount`, each rounded up on its own (so their sum can exceed
 * ceil(amount * totalBps / 10000) by up to 2), and their sum.
 */
export function curveFees(amount: QuoteUnits, rates: FeeRates): CurveFees {
  assertIsFeeRates(rates);
  const protocolFee = feeAtBps(amount, rates.protocolBps);
  const creatorFee = feeAtBps(amount, rates.creatorBps);
  const buybackFee = feeAtBps(amount, rates.buybackBps);
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
  let amount = (budget * BPS_DENOMINATOR) / (BPS_DENOMINATOR + totalFeeBps(rates));
  while (amount > 0n && amount + curveFees(quoteUnits(amount), rates).totalFee > budget) amount -= 1n;
  return quoteUnits(amount);
}
