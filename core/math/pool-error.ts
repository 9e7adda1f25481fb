/**
 * The one error type of the pool (AMM) math, the counterpart of CurveError for the bonding curve: a
 * stable `code` callers branch on (the engine maps it to the API's error model) and a plain `message`.
 * It is its own class because its codes are not the curve's, and core/math imports nothing from the
 * rest of core.
 */
import { U64_MAX } from './curve-error.js';

export const POOL_ERROR_CODES = [
  // inputs that are not what the pool math accepts at all
  'invalid_pool_state',
  'invalid_fee_rates',
  'invalid_amount',
  'invalid_lp_supply',
  // refusals of a well-formed trade (the AMM program refuses the same trades)
  'buy_zero_amount',
  'sell_zero_amount',
  'insufficient_base_reserves',
  'quote_in_too_small',
  'sell_output_below_fees',
  'amount_overflow',
  // refusals of liquidity operations
  'deposit_zero_amount',
  'withdraw_zero_amount',
  'withdraw_exceeds_supply',
  'withdraw_empties_pool',
  'create_pool_zero_amount',
  'initial_liquidity_too_small',
] as const;

export type PoolErrorCode = (typeof POOL_ERROR_CODES)[number];

export class PoolError extends RangeError {
  override readonly name = 'PoolError';
  constructor(
    readonly code: PoolErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, bigint | boolean | number | string>>,
  ) {
    super(message);
  }
}

export function isPoolError(value: unknown, code?: PoolErrorCode): value is PoolError {
  return value instanceof PoolError && (code === undefined || value.code === code);
}

/** Why `value` is not a u64 amount, or null. */
export function u64Problem(name: string, value: unknown): string | null {
  if (typeof value !== 'bigint') return `${name} must be a bigint, got ${typeof value}`;
  if (value < 0n) return `${name} must not be negative, got ${value}`;
  if (value > U64_MAX) return `${name} ${value} does not fit in a u64`;
  return null;
}

/** Refuses `value` unless it is a bigint in 0..=u64::MAX (`invalid_amount`). */
export function assertPoolAmount(name: string, value: unknown): asserts value is bigint {
  const problem = u64Problem(name, value);
  if (problem !== null) throw new PoolError('invalid_amount', problem, typeof value === 'bigint' ? { [name]: value } : undefined);
}

/** Refuses a computed figure that would not fit the u64 the program stores it in (`amount_overflow`). */
export function assertPoolResult(name: string, value: bigint): void {
  if (value > U64_MAX) throw new PoolError('amount_overflow', `${name} ${value} would overflow a u64`, { [name]: value });
}
