import { describe, expect, it } from 'vitest';
import { BPS_DENOMINATOR } from '../../core/math/curve-fees.js';
import { isPoolError } from '../../core/math/pool-error.js';
import { largestQuoteWithinBudget, poolFees, totalPoolFeeBps } from '../../core/math/pool-fees.js';
import { buyExactBase, buyExactQuoteIn, isPoolReserves, priceImpactBps, sellExactBase, type PoolReserves } from '../../core/math/pool.js';
import { quoteUnits as q } from '../../core/math/quote-units.js';
import { tokenUnits as t } from '../../core/math/units.js';
import { randomBaseIn, randomBaseOut, randomPool, randomPoolFeeRates, randomSpendable } from './pool-cases.js';
import { SeededRandom } from './seeded-random.js';

const CASES = 2000;
const k = (pool: PoolReserves) => pool.baseReserves * pool.quoteReserves;

/** Runs a trade, answering null for a refusal with one of `allowed` codes (any other error fails). */
function tryTrade<T>(allowed: readonly string[], trade: () => T): T | null {
  try {
    return trade();
  } catch (error) {
    if (isPoolError(error) && allowed.includes(error.code)) return null;
    throw error;
  }
}

describe('pool invariants over random pools (seeded)', () => {
  it('a buy never lowers k, charges quoteIn plus fees and keeps the LP fee; selling the base back never profits', () => {
    const random = new SeededRandom(0x9001_0001n);
    const outcomes = { bought: 0, roundTrips: 0, beyondReserves: 0 };
    for (let i = 0; i < CASES; i++) {
      const pool = randomPool(random);
      const rates = randomPoolFeeRates(random);
      const baseOut = randomBaseOut(random, pool);
      const buy = tryTrade(['amount_overflow', 'insufficient_base_reserves'], () => buyExactBase(pool, t(baseOut), rates));
      if (buy === null) {
        if (baseOut >= pool.baseReserves) outcomes.beyondReserves++;
        continue;
      }
      outcomes.bought++;
      expect(buy.totalCost).toBe(buy.quoteIn + buy.lpFee + buy.protocolFee + buy.creatorFee);
      expect(buy.totalFee).toBe(buy.lpFee + buy.protocolFee + buy.creatorFee);
      expect(buy.quoteIn).toBeGreaterThanOrEqual(1n);
      expect(buy.next.baseReserves).toBe(pool.baseReserves - baseOut);
      expect(buy.next.quoteReserves).toBe(pool.quoteReserves + buy.quoteIn + buy.lpFee);
      expect(k(buy.next)).toBeGreaterThanOrEqual(k(pool));
      expect(isPoolReserves(buy.next)).toBe(true);
      expect(priceImpactBps(pool, buy)).toBeGreaterThanOrEqual(1n);
      // One base unit more never costs less.
      if (baseOut + 1n < pool.baseReserves) {
        const more = tryTrade(['amount_overflow'], () => buyExactBase(pool, t(baseOut + 1n), rates));
        if (more !== null) expect(more.totalCost).toBeGreaterThanOrEqual(buy.totalCost);
      }
      const sell = tryTrade(['amount_overflow', 'sell_output_below_fees'], () => sellExactBase(buy.next, buy.baseOut, rates));
      if (sell === null) continue;
      outcomes.roundTrips++;
      expect(sell.quoteOut).toBeLessThanOrEqual(buy.quoteIn + buy.lpFee);
      expect(sell.userReceives).toBeLessThanOrEqual(buy.totalCost);
      if (buy.totalFee > 0n) expect(sell.userReceives).toBeLessThan(buy.totalCost);
      expect(k(sell.next)).toBeGreaterThanOrEqual(k(buy.next));
      expect(sell.next.baseReserves).toBe(pool.baseReserves);
      expect(sell.next.quoteReserves).toBeGreaterThanOrEqual(pool.quoteReserves);
    }
    expect(outcomes.bought).toBeGreaterThan(CASES * 0.8);
    expect(outcomes.roundTrips).toBeGreaterThan(CASES / 2);
    expect(outcomes.beyondReserves).toBeGreaterThan(0);
  });

  it('a sale never lowers k, pays less than the quote reserves and splits quoteOut into fees and proceeds', () => {
    const random = new SeededRandom(0x9001_0002n);
    const outcomes = { sold: 0, belowFees: 0 };
    for (let i = 0; i < CASES; i++) {
      const pool = randomPool(random);
      const rates = randomPoolFeeRates(random);
      const baseIn = randomBaseIn(random, pool);
      const sell = tryTrade(['amount_overflow', 'sell_output_below_fees'], () => sellExactBase(pool, t(baseIn), rates));
      if (sell === null) {
        const quoteOut = (pool.quoteReserves * baseIn) / (pool.baseReserves + baseIn);
        if (pool.baseReserves + baseIn <= (1n << 64n) - 1n) {
          expect(poolFees(q(quoteOut), rates).totalFee).toBeGreaterThan(quoteOut);
          outcomes.belowFees++;
        }
        continue;
      }
      outcomes.sold++;
      expect(sell.quoteOut).toBeLessThan(pool.quoteReserves);
      expect(sell.userReceives + sell.totalFee).toBe(sell.quoteOut);
      expect(sell.next.quoteReserves).toBe(pool.quoteReserves - sell.quoteOut + sell.lpFee);
      expect(k(sell.next)).toBeGreaterThanOrEqual(k(pool));
      expect(isPoolReserves(sell.next)).toBe(true);
      const impact = priceImpactBps(pool, sell);
      expect(impact >= 0n && impact <= BPS_DENOMINATOR).toBe(true);
    }
    expect(outcomes.sold).toBeGreaterThan(CASES * 0.8);
    expect(outcomes.belowFees).toBeGreaterThan(0);
  });

  it('buyExactQuoteIn never charges more than the quote offered, and one base unit more would not fit', () => {
    const random = new SeededRandom(0x9001_0003n);
    const outcomes = { bought: 0, tooSmall: 0, oneMoreRefused: 0 };
    for (let i = 0; i < CASES; i++) {
      const pool = randomPool(random);
      const rates = randomPoolFeeRates(random);
      const spendable = randomSpendable(random, pool, rates);
      const buy = tryTrade(['quote_in_too_small', 'amount_overflow'], () => buyExactQuoteIn(pool, q(spendable), rates));
      if (buy === null) {
        // Refused only when not even one base unit fits (or the pool could not hold the quote).
        const one = tryTrade(['amount_overflow', 'insufficient_base_reserves'], () => buyExactBase(pool, t(1n), rates));
        if (one !== null && pool.quoteReserves + spendable <= (1n << 64n) - 1n) {
          expect(one.totalCost).toBeGreaterThan(spendable);
          outcomes.tooSmall++;
        }
        continue;
      }
      outcomes.bought++;
      expect(buy.totalCost).toBeLessThanOrEqual(spendable);
      expect(buy.unspent).toBe(spendable - buy.totalCost);
      expect(buy).toMatchObject(buyExactBase(pool, buy.baseOut, rates));
      const more = tryTrade(['amount_overflow', 'insufficient_base_reserves'], () => buyExactBase(pool, t(buy.baseOut + 1n), rates));
      if (more === null) outcomes.oneMoreRefused++;
      else expect(more.totalCost).toBeGreaterThan(spendable);
    }
    expect(outcomes.bought).toBeGreaterThan(CASES * 0.8);
    expect(outcomes.tooSmall).toBeGreaterThan(0);
  });

  it('the fee budget steps down from c0 at most (nonzero rates - 1) times and is the largest that fits', () => {
    const random = new SeededRandom(0x9001_0004n);
    const steps = [0, 0, 0];
    for (let i = 0; i < CASES * 2; i++) {
      const rates = randomPoolFeeRates(random);
      const budget = random.magnitude(0n, 1n << 62n);
      const c = largestQuoteWithinBudget(q(budget), rates);
      const c0 = (budget * BPS_DENOMINATOR) / (BPS_DENOMINATOR + totalPoolFeeBps(rates));
      const nonzero = [rates.lpBps, rates.protocolBps, rates.creatorBps].filter((rate) => rate > 0n).length;
      const taken = Number(c0 - c);
      expect(taken).toBeLessThanOrEqual(Math.max(0, nonzero - 1));
      steps[taken] = (steps[taken] ?? 0) + 1;
      expect(c + poolFees(c, rates).totalFee).toBeLessThanOrEqual(budget);
      expect(c + 1n + poolFees(q(c + 1n), rates).totalFee).toBeGreaterThan(budget);
    }
    expect(steps[1]).toBeGreaterThan(0);
    expect(steps[2]).toBeGreaterThan(0);
  });
});
