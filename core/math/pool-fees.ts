import { bpsFieldsProblemOrSum } from './bps-fields.js';
import { amountWithinBudget, BPS_DENOMINATOR, bpsTripleOk, feeOf } from './curve-fees.js';
import { assertPoolAmount, PoolError } from './pool-error.js';
import { quoteUnits, type QuoteUnits } from './quote-units.js';
import { bps, type Bps } from './units.js';

/**
 * The fees a pool trade pays, all on its quote amount (the quote that enters the pool on a buy, the
 * quote that leaves it on a sale), each at its own rate in basis points, as the pump AMM charges them:
 * the LP fee stays in the pool's quote reserves (it raises what an LP token is worth), the protocol fee
 * and the creator fee go to their accounts. A pool without a coin creator is given `creatorBps` 0.
 */
export type PoolFeeRates = Readonly<{ lpBps: Bps; protocolBps: Bps; creatorBps: Bps }>;

export type PoolFees = Readonly<{
  lpFee: QuoteUnits;
  protocolFee: QuoteUnits;
  creatorFee: QuoteUnits;
  /** lpFee + protocolFee + creatorFee */
  totalFee: QuoteUnits;
}>;

const RATE_NAMES = ['lpBps', 'protocolBps', 'creatorBps'] as const;

/** Why `value` is not a PoolFeeRates (each rate 0..=10000, their sum at most 10000), or null. */
export function poolFeeRatesProblem(value: unknown): string | null {
  const sum = bpsFieldsProblemOrSum(value, 'pool fee rates', RATE_NAMES);
  if (typeof sum === 'string') return sum;
  // More than 100% in fees is never meant, and a sale could then owe more than it takes out.
  if (sum > BPS_DENOMINATOR) return `the pool fee rates add up to ${sum} bps, more than 10000`;
  return null;
}

export function isPoolFeeRates(value: unknown): value is PoolFeeRates {
  return poolFeeRatesProblem(value) === null;
}

export function assertIsPoolFeeRates(value: unknown): asserts value is PoolFeeRates {
  if (poolFeeRatesOk(value)) return;
  const problem = poolFeeRatesProblem(value);
  if (problem !== null) throw new PoolError('invalid_fee_rates', problem);
}

/**
 * poolFeeRatesProblem(value) === null without building the problem: the same conditions as one chain of
 * comparisons (curve-fees.ts bpsTripleOk), as the quote paths check their rates on every call. Only a
 * failing set goes through poolFeeRatesProblem, for its exact message.
 */
export function poolFeeRatesOk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const rates = value as Record<string, unknown>;
  return bpsTripleOk(rates.lpBps, rates.protocolBps, rates.creatorBps);
}

/** Validated, frozen pool fee rates from plain bigints. */
export function poolFeeRates(rates: { lpBps: bigint; protocolBps: bigint; creatorBps: bigint }): PoolFeeRates {
  const value = Object.freeze({ lpBps: bps(rates.lpBps), protocolBps: bps(rates.protocolBps), creatorBps: bps(rates.creatorBps) });
  assertIsPoolFeeRates(value);
  return value;
}

/** lpBps + protocolBps + creatorBps. */
export function totalPoolFeeBps(rates: PoolFeeRates): Bps {
  return bps(rates.lpBps + rates.protocolBps + rates.creatorBps);
}

/**
 * The three fees on `amount`, each rounded up on its own, as the SDK's `fee()` and the program compute
 * them (the same rounding as the curve's fees, curve-fees.ts feeAtBps):
 *   fee_i = ceil(amount * bps_i / 10000) = (amount * bps_i + 9999) / 10000
 * so a nonzero rate charges at least 1 on any nonzero amount, and the sum can exceed
 * ceil(amount * totalBps / 10000) by up to 2. amount * bps_i fits in 78 bits.
 */
export function poolFees(amount: QuoteUnits, rates: PoolFeeRates): PoolFees {
  assertPoolAmount('amount', amount);
  assertIsPoolFeeRates(rates);
  // Amount and rates are checked: feeAtBps's own checks (once per fee) could not refuse.
  const lpFee = quoteUnits(feeOf(amount, rates.lpBps));
  const protocolFee = quoteUnits(feeOf(amount, rates.protocolBps));
  const creatorFee = quoteUnits(feeOf(amount, rates.creatorBps));
  return Object.freeze({ lpFee, protocolFee, creatorFee, totalFee: quoteUnits(lpFee + protocolFee + creatorFee) });
}

/**
 * The largest quote amount whose fees still fit a budget: max { c : c + poolFees(c).totalFee <= budget }.
 *
 * F(c) = c + fees(c) grows by at least 1 with each unit of c, so the answer is unique. Start from
 *   c0 = budget * 10000 / (10000 + lpBps + protocolBps + creatorBps)   (floor)
 * and step down by 1 while F(c) > budget. No c above c0 fits, since F(c) >= c * (10000 + totalBps) / 10000.
 * Each fee is at most c * bps_i / 10000 + 9999/10000, so with n nonzero rates F(c0 - k) <= budget once
 * k >= n - 1: at most n - 1 <= 2 steps (the proof of curve-fees.ts largestAmountWithinBudget, with the
 * LP rate in the place of the buyback rate).
 */
export function largestQuoteWithinBudget(budget: QuoteUnits, rates: PoolFeeRates): QuoteUnits {
  assertPoolAmount('budget', budget);
  assertIsPoolFeeRates(rates);
  // The same search as the curve's (the sum of three ceil fees does not care which rate is which).
  return quoteUnits(amountWithinBudget(budget, rates.lpBps, rates.protocolBps, rates.creatorBps));
}
