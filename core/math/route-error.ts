/**
 * The one error type of the native route's math (route.ts), the counterpart of CurveError and
 * PoolError: a stable `code` callers branch on (the engine maps it to the API's error model) and a
 * plain `message`. Its own class because a route refuses things neither venue does on its own (a ZEC
 * amount that buys nothing after two hops), and because the route computes both hops itself, so a
 * caller sees one error type whichever hop refused.
 */
import { U64_MAX } from './curve-error.js';
import { u64Problem } from './pool-error.js';

export const ROUTE_ERROR_CODES = [
  // inputs that are not what the route math accepts at all
  'invalid_pool_state',
  'invalid_curve_state',
  'invalid_fee_rates',
  'invalid_amount',
  // refusals of a well-formed trade (multi_hop_swap refuses the same trades)
  'buy_zero_amount',
  'sell_zero_amount',
  'curve_complete',
  /** The ZEC in buys no token: details.stage says where it ran out ('protocol_fee', 'hop1', 'hop2'). */
  'zec_in_too_small',
  'insufficient_quote_reserves',
  /** A sale's hop-2 fees take all the native coin it pays out. */
  'sell_output_below_fees',
  'amount_overflow',
  // slippage bounds
  'below_min_tokens_out',
  'too_little_zec_received',
] as const;

export type RouteErrorCode = (typeof ROUTE_ERROR_CODES)[number];

export class RouteError extends RangeError {
  override readonly name = 'RouteError';
  constructor(
    readonly code: RouteErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, bigint | boolean | number | string>>,
  ) {
    super(message);
  }
}

export function isRouteError(value: unknown, code?: RouteErrorCode): value is RouteError {
  return value instanceof RouteError && (code === undefined || value.code === code);
}

/** Refuses `value` unless it is a bigint in 0..=u64::MAX (`invalid_amount`). */
export function assertRouteAmount(name: string, value: unknown): asserts value is bigint {
  const problem = u64Problem(name, value);
  if (problem !== null) throw new RouteError('invalid_amount', problem, typeof value === 'bigint' ? { [name]: value } : undefined);
}

/** Refuses a computed figure that would not fit the u64 the program holds it in (`amount_overflow`). */
export function assertRouteResult(name: string, value: bigint): void {
  if (value > U64_MAX) throw new RouteError('amount_overflow', `${name} ${value} would overflow a u64`, { [name]: value });
}
