import { poolFeeRates, type PoolFeeRates } from '../../core/math/pool-fees.js';
import { poolReserves, type PoolReserves } from '../../core/math/pool.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * Random pools, fee rates and amounts for property tests and SDK cross-checks, spread over magnitudes:
 * tiny pools where every rounding matters, graduated-coin pools (B ~ 2e14 token units, Q ~ 8.5e10) and
 * pools near the 64-bit edge.
 */
export function randomPool(random: SeededRandom): PoolReserves {
  if (random.chance(1n, 10n)) {
    // A graduated pump coin, give or take.
    return poolReserves({ baseReserves: random.magnitude(1n << 40n, 1n << 48n), quoteReserves: random.magnitude(1n << 30n, 1n << 40n) });
  }
  return poolReserves({ baseReserves: random.magnitude(1n, (1n << 64n) - 1n), quoteReserves: random.magnitude(1n, (1n << 64n) - 1n) });
}

/** A rate of 0 a fifth of the time, otherwise up to 500 bps (now and then up to 3000). */
function randomRate(random: SeededRandom): bigint {
  if (random.chance(1n, 5n)) return 0n;
  return random.between(1n, random.chance(1n, 10n) ? 3000n : 500n);
}

export function randomPoolFeeRates(random: SeededRandom): PoolFeeRates {
  return poolFeeRates({ lpBps: randomRate(random), protocolBps: randomRate(random), creatorBps: randomRate(random) });
}

/** Base to buy: mostly below the reserves (up to all but one unit), sometimes all of them or more. */
export function randomBaseOut(random: SeededRandom, pool: PoolReserves): bigint {
  const B = pool.baseReserves;
  if (random.chance(1n, 20n)) return B + random.between(0n, 2n);
  if (B === 1n) return 1n;
  if (random.chance(1n, 20n)) return B - 1n;
  return random.magnitude(1n, B - 1n);
}

/** Base to sell: from one unit to far more than the pool holds. */
export function randomBaseIn(random: SeededRandom, pool: PoolReserves): bigint {
  const upper = pool.baseReserves * 4n < 1n << 63n ? pool.baseReserves * 4n : 1n << 63n;
  return random.magnitude(1n, upper > 1n ? upper : 2n);
}

/**
 * Quote for a buy on `pool`: from about half the price of one base unit with its fees (so that some
 * buy nothing) to the price of nine tenths of the base reserves (so that the price impact is large).
 */
export function randomSpendable(random: SeededRandom, pool: PoolReserves, rates: PoolFeeRates): bigint {
  const { baseReserves: B, quoteReserves: Q } = pool;
  const withFees = (cost: bigint) => (cost * (10_000n + rates.lpBps + rates.protocolBps + rates.creatorBps)) / 10_000n + 3n;
  const one = withFees(Q / B + 1n);
  const most = (B * 9n) / 10n;
  const big = withFees(most > 0n ? (Q * most) / (B - most) + 1n : one);
  const upper = big < 1n << 63n ? big : 1n << 63n;
  const lower = one / 2n > 0n ? one / 2n : 1n;
  return random.magnitude(lower, upper > lower ? upper : lower + 1n);
}
