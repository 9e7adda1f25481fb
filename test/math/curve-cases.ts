import { curveState, type CurveState } from '../../core/math/curve.js';
import { feeRates, type FeeRates } from '../../core/math/curve-fees.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * Random curve states and fee rates for property tests, spread over magnitudes: tiny curves where every
 * rounding matters, pump-sized ones (vT ~ 1e15, vQ ~ 3e10) and ones near the 64-bit edge.
 */
export function randomCurveState(random: SeededRandom, options: { maxVirtualQuote?: bigint } = {}): CurveState {
  const virtualTokenReserves = random.magnitude(2n, 1n << 60n);
  const virtualQuoteReserves = random.magnitude(1n, options.maxVirtualQuote ?? 1n << 50n);
  return curveState({
    virtualTokenReserves,
    virtualQuoteReserves,
    realTokenReserves: random.chance(1n, 20n) ? virtualTokenReserves - 1n : random.magnitude(1n, virtualTokenReserves - 1n),
    realQuoteReserves: random.chance(1n, 10n) ? 0n : random.magnitude(0n, virtualQuoteReserves),
    complete: false,
  });
}

/** A rate of 0 a fifth of the time, otherwise up to 500 bps (now and then up to 3000). */
function randomRate(random: SeededRandom): bigint {
  if (random.chance(1n, 5n)) return 0n;
  return random.between(1n, random.chance(1n, 10n) ? 3000n : 500n);
}

export function randomFeeRates(random: SeededRandom, options: { buyback: boolean }): FeeRates {
  return feeRates({ protocolBps: randomRate(random), creatorBps: randomRate(random), buybackBps: options.buyback ? randomRate(random) : 0n });
}

/** A token amount for `state`: mostly within its real reserves, sometimes beyond them. */
export function randomTokens(random: SeededRandom, state: CurveState): bigint {
  if (random.chance(1n, 20n)) return state.realTokenReserves + random.magnitude(1n, 1n << 40n);
  return random.magnitude(1n, state.realTokenReserves > 0n ? state.realTokenReserves : 1n);
}

/**
 * A quote amount for a buy on `state`: spread from about half the price of one token with its fees (so
 * that some buy nothing) to a little past the cost of all its real tokens (so that some run them out).
 */
export function randomSpendable(random: SeededRandom, state: CurveState, rates: FeeRates): bigint {
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT } = state;
  const withFees = (cost: bigint) => (cost * (10_000n + rates.protocolBps + rates.creatorBps + rates.buybackBps)) / 10_000n + 3n;
  const one = withFees(vQ / (vT - 1n) + 1n);
  const all = withFees((rT * vQ) / (vT - rT) + 1n);
  const upper = all + all / 10n;
  return random.magnitude(one / 2n > 0n ? one / 2n : 1n, upper < 1n << 63n ? upper : 1n << 63n);
}
