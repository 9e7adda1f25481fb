import { U64_MAX } from '../../core/math/curve-error.js';
import { poolReserves, type PoolReserves } from '../../core/math/pool.js';
import { hop2CurveRates, hop2PoolRates, routeFeeRates, routeVenues, type RouteFeeRates, type RouteVenues } from '../../core/math/route-venues.js';
import { randomCurveState, randomSpendable as randomCurveSpendable } from './curve-cases.js';
import { randomPool, randomSpendable as randomPoolSpendable } from './pool-cases.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * Random routes for property tests: a hop-2 curve or pool from the venues' own generators, a native
 * budget for it spread from less than one token to past all the curve's tokens, and a hop 1 deep
 * enough to give that budget, with the ZEC amount that buys about it.
 */

/** The spec's rate a third of the time, 0 now and then, otherwise anything up to 500 bps. */
function randomRate(random: SeededRandom, spec: bigint): bigint {
  if (random.chance(1n, 3n)) return spec;
  if (random.chance(1n, 6n)) return 0n;
  return random.between(1n, 500n);
}

export function randomRouteFeeRates(random: SeededRandom): RouteFeeRates {
  return routeFeeRates({ protocolBps: randomRate(random, 5n), creatorBps: randomRate(random, 200n), lpBps: randomRate(random, 20n) });
}

/** Hop 1 holding more than `native` native coin: now and then a realistic pool, otherwise any depth. */
function randomHop1(random: SeededRandom, native: bigint): PoolReserves {
  const least = native + 1n;
  if (random.chance(1n, 5n) && least < 1n << 50n) {
    return poolReserves({ baseReserves: random.magnitude(least > 1n << 40n ? least : 1n << 40n, 1n << 50n), quoteReserves: random.magnitude(1n << 30n, 1n << 42n) });
  }
  return poolReserves({ baseReserves: random.magnitude(least, U64_MAX), quoteReserves: random.magnitude(1n, U64_MAX) });
}

export type RandomRouteBuy = { venues: RouteVenues; rates: RouteFeeRates; amountIn: bigint };

/** A route and a ZEC amount for a buy on it: mostly one that buys about a random native budget. */
export function randomRouteBuy(random: SeededRandom): RandomRouteBuy {
  const rates = randomRouteFeeRates(random);
  const onCurve = random.chance(1n, 2n);
  const curve = randomCurveState(random);
  const pool = randomPool(random);
  const budget = onCurve ? randomCurveSpendable(random, curve, hop2CurveRates(rates)) : randomPoolSpendable(random, pool, hop2PoolRates(rates));
  const native = budget < U64_MAX - 1n ? budget : U64_MAX - 2n;
  const hop1 = randomHop1(random, native);
  const venues = routeVenues(hop1, onCurve ? { venue: 'curve', curve } : { venue: 'pool', pool });
  if (random.chance(1n, 10n)) return { venues, rates, amountIn: random.magnitude(1n, U64_MAX) };
  // The ZEC that buys `native` on hop 1, grossed up by the protocol fee, give or take a few units.
  const zec = (hop1.quoteReserves * native + hop1.baseReserves - native - 1n) / (hop1.baseReserves - native);
  const gross = (zec * 10_000n) / (10_000n - rates.protocolBps) + random.between(0n, 3n);
  return { venues, rates, amountIn: gross >= 1n && gross <= U64_MAX ? gross : random.magnitude(1n, U64_MAX) };
}

export type RandomRouteSell = { venues: RouteVenues; rates: RouteFeeRates; tokensIn: bigint };

/** A route and tokens to sell on it: the curve holding some native coin, tokens from one to many. */
export function randomRouteSell(random: SeededRandom): RandomRouteSell {
  const rates = randomRouteFeeRates(random);
  const onCurve = random.chance(1n, 2n);
  const curve = randomCurveState(random);
  const pool = randomPool(random);
  const venueBase = onCurve ? curve.virtualTokenReserves : pool.baseReserves;
  const upper = venueBase < 1n << 62n ? venueBase * 2n : U64_MAX;
  const tokensIn = random.magnitude(1n, upper > 1n ? upper : 2n);
  const hop1 = randomHop1(random, 0n);
  return { venues: routeVenues(hop1, onCurve ? { venue: 'curve', curve } : { venue: 'pool', pool }), rates, tokensIn };
}
