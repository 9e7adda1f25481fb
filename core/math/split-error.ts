/**
 * The one error type of the creator-fee split math (split.ts), beside CurveError, PoolError and
 * RouteError: a stable `code` callers branch on and a plain `message` naming the problem. The vault
 * program refuses the same inputs with its own error numbers.
 */
import { u64Problem } from './pool-error.js';

export const SPLIT_ERROR_CODES = [
  /** Shares that are not four rates in basis points adding up to exactly 10000. */
  'invalid_split_rates',
  'invalid_amount',
  /** A price record of zero, or a tolerance outside 0..10000 bps. */
  'invalid_price_record',
  /** A conversion would pay less ZEC than the floor from the program's own price record. */
  'below_conversion_floor',
] as const;

export type SplitErrorCode = (typeof SPLIT_ERROR_CODES)[number];

export class SplitError extends RangeError {
  override readonly name = 'SplitError';
  constructor(
    readonly code: SplitErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, bigint | string>>,
  ) {
    super(message);
  }
}

export function isSplitError(value: unknown, code?: SplitErrorCode): value is SplitError {
  return value instanceof SplitError && (code === undefined || value.code === code);
}

/** Refuses `value` unless it is a bigint in 0..=u64::MAX (`invalid_amount`). */
export function assertSplitAmount(name: string, value: unknown): asserts value is bigint {
  const problem = u64Problem(name, value);
  if (problem !== null) throw new SplitError('invalid_amount', problem);
}
