/**
 * The one error type of the curve math. `code` is stable and is what callers branch on (the engine maps
 * it to the API's error model); `message` is plain words for a person. core/math may not import
 * core/errors.ts, so this is its own class; it extends RangeError because every refusal here is an
 * amount or a state outside what the curve accepts.
 */
export const CURVE_ERROR_CODES = [
  // inputs that are not what the curve math accepts at all
  'invalid_curve_state',
  'invalid_fee_rates',
  'invalid_amount',
  // refusals of a well-formed trade (the on-chain program refuses the same trades)
  'curve_complete',
  'buy_zero_amount',
  'sell_zero_amount',
  'quote_in_too_small',
  'insufficient_quote_reserves',
  'sell_output_below_fees',
  'amount_overflow',
  // slippage bounds
  'too_much_quote_required',
  'too_little_quote_received',
  'below_min_tokens_out',
] as const;

export type CurveErrorCode = (typeof CURVE_ERROR_CODES)[number];

export class CurveError extends RangeError {
  override readonly name = 'CurveError';
  constructor(
    readonly code: CurveErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, bigint | boolean | number | string>>,
  ) {
    super(message);
  }
}

export function isCurveError(value: unknown, code?: CurveErrorCode): value is CurveError {
  return value instanceof CurveError && (code === undefined || value.code === code);
}

/** Every amount and reserve is a u64 on chain; intermediates of the formulas need at most 128 bits. */
export const U64_MAX = (1n << 64n) - 1n;

/** Refuses `value` unless it is a bigint in 0..=u64::MAX (`invalid_amount`). */
export function assertU64Amount(name: string, value: unknown): asserts value is bigint {
  if (typeof value !== 'bigint') throw new CurveError('invalid_amount', `${name} must be a bigint, got ${typeof value}`);
  if (value < 0n) throw new CurveError('invalid_amount', `${name} must not be negative, got ${value}`, { [name]: value });
  if (value > U64_MAX) throw new CurveError('invalid_amount', `${name} ${value} does not fit in a u64`, { [name]: value });
}

/** Refuses a computed figure that would not fit the u64 the program stores it in (`amount_overflow`). */
export function assertU64Result(name: string, value: bigint): void {
  if (value > U64_MAX) throw new CurveError('amount_overflow', `${name} ${value} would overflow a u64`, { [name]: value });
}
