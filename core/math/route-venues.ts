import { bpsFieldsProblemOrSum } from './bps-fields.js';
import { curveStateProblem, type CurveState } from './curve.js';
import { BPS_DENOMINATOR, feeRates, type FeeRates } from './curve-fees.js';
import { poolFeeRates, type PoolFeeRates } from './pool-fees.js';
import { poolReservesProblem, type PoolReserves } from './pool.js';
import { RouteError } from './route-error.js';
import { bps, type Bps } from './units.js';

/**
 * The two venues of the native route (the spec's route block, in buy order) and its fee rates.
 *
 * Hop 1 is the native-coin/ZEC pool: base = the native coin (held as TokenUnits), quote = ZEC (held as
 * QuoteUnits), its reserves the balances of its two vaults. Hop 2 is the coin's bonding curve (quote =
 * the native coin) or, once migrated, its canonical native-coin pool (base = the coin, quote = the
 * native coin), with reserves that exclude the creator fees accrued in the venue's tail but not yet
 * swept (they sit in the venue's native account and are not the venue's to trade with).
 */
export type RouteHop2 = Readonly<{ venue: 'curve'; curve: CurveState }> | Readonly<{ venue: 'pool'; pool: PoolReserves }>;

export type RouteVenues = Readonly<{ hop1: PoolReserves; hop2: RouteHop2 }>;

export type RouteVenue = RouteHop2['venue'];

/**
 * A route's rates, in basis points: the protocol fee, taken once and in ZEC (on a buy from the ZEC in,
 * on a sale from hop 1's ZEC out); the coin's creator fee and, on a hop-2 pool only, its LP fee, both
 * taken in the native coin at hop 2. Hop 1 charges nothing in a route.
 */
export type RouteFeeRates = Readonly<{ protocolBps: Bps; creatorBps: Bps; lpBps: Bps }>;

/** Why `value` is not a RouteFeeRates, or null: each rate 0..=10000, creatorBps + lpBps at most 10000. */
export function routeFeeRatesProblem(value: unknown): string | null {
  const sum = bpsFieldsProblemOrSum(value, 'route fee rates', ['protocolBps', 'creatorBps', 'lpBps']);
  if (typeof sum === 'string') return sum;
  // The two hop-2 fees are taken from the same native amount; more than all of it is never meant.
  const record = value as Record<'creatorBps' | 'lpBps', bigint>;
  const hop2 = record.creatorBps + record.lpBps;
  if (hop2 > BPS_DENOMINATOR) return `creatorBps + lpBps add up to ${hop2} bps, more than 10000`;
  return null;
}

export function isRouteFeeRates(value: unknown): value is RouteFeeRates {
  return routeFeeRatesProblem(value) === null;
}

export function assertIsRouteFeeRates(value: unknown): asserts value is RouteFeeRates {
  const problem = routeFeeRatesProblem(value);
  if (problem !== null) throw new RouteError('invalid_fee_rates', problem);
}

/** Validated, frozen route fee rates from plain bigints. */
export function routeFeeRates(rates: { protocolBps: bigint; creatorBps: bigint; lpBps: bigint }): RouteFeeRates {
  const value = Object.freeze({ protocolBps: bps(rates.protocolBps), creatorBps: bps(rates.creatorBps), lpBps: bps(rates.lpBps) });
  assertIsRouteFeeRates(value);
  return value;
}

/** The spec's route fees ("Other constants"): protocol 0.05%, creator 2.00%, a graduated pool's LP 0.20%. */
export const NATIVE_ROUTE_FEE_RATES: RouteFeeRates = routeFeeRates({ protocolBps: 5n, creatorBps: 200n, lpBps: 20n });

/** The curve's own rates for hop 2 of a route: the creator fee alone (the protocol fee is the route's). */
export function hop2CurveRates(rates: RouteFeeRates): FeeRates {
  return feeRates({ protocolBps: 0n, creatorBps: rates.creatorBps, buybackBps: 0n });
}

/** The pool's own rates for hop 2 of a route: LP and creator fees, no protocol fee. */
export function hop2PoolRates(rates: RouteFeeRates): PoolFeeRates {
  return poolFeeRates({ lpBps: rates.lpBps, protocolBps: 0n, creatorBps: rates.creatorBps });
}

/** The route's feeBps (spec): protocolBps + creatorBps, + lpBps when hop 2 is a pool. */
export function routeFeeBps(rates: RouteFeeRates, venue: RouteVenue): Bps {
  assertIsRouteFeeRates(rates);
  return bps(rates.protocolBps + rates.creatorBps + (venue === 'pool' ? rates.lpBps : 0n));
}

function venuesRefusal(value: unknown): RouteError | null {
  if (typeof value !== 'object' || value === null) return new RouteError('invalid_pool_state', 'route venues must be an object');
  const { hop1, hop2 } = value as Record<string, unknown>;
  const hop1Problem = poolReservesProblem(hop1);
  if (hop1Problem !== null) return new RouteError('invalid_pool_state', `hop 1 (the native-coin/ZEC pool): ${hop1Problem}`);
  if (typeof hop2 !== 'object' || hop2 === null) return new RouteError('invalid_curve_state', 'hop 2 must be an object');
  const record = hop2 as Record<string, unknown>;
  if (record.venue === 'curve') {
    const problem = curveStateProblem(record.curve);
    return problem === null ? null : new RouteError('invalid_curve_state', `hop 2 (the coin's curve): ${problem}`);
  }
  if (record.venue === 'pool') {
    const problem = poolReservesProblem(record.pool);
    return problem === null ? null : new RouteError('invalid_pool_state', `hop 2 (the coin's pool): ${problem}`);
  }
  return new RouteError('invalid_curve_state', `hop 2's venue must be 'curve' or 'pool', got ${String(record.venue)}`);
}

/** Why `value` is not a RouteVenues (hop 1 valid pool reserves, hop 2 a valid curve or pool), or null. */
export function routeVenuesProblem(value: unknown): string | null {
  return venuesRefusal(value)?.message ?? null;
}

export function isRouteVenues(value: unknown): value is RouteVenues {
  return venuesRefusal(value) === null;
}

/** Refuses malformed venues with 'invalid_pool_state' or 'invalid_curve_state', naming the hop. */
export function assertIsRouteVenues(value: unknown): asserts value is RouteVenues {
  const refusal = venuesRefusal(value);
  if (refusal !== null) throw refusal;
}

/** Validated, frozen route venues. */
export function routeVenues(hop1: PoolReserves, hop2: RouteHop2): RouteVenues {
  const venues: RouteVenues = Object.freeze({ hop1, hop2: Object.freeze({ ...hop2 }) });
  assertIsRouteVenues(venues);
  return venues;
}
