import { describe, expect, it } from 'vitest';
import { buyExactQuoteIn, buyExactTokens, isCurveState, sellExactTokens, type CurveState } from '../../core/math/curve.js';
import { isCurveError } from '../../core/math/curve-error.js';
import { BPS_DENOMINATOR, curveFees, largestAmountWithinBudget, totalFeeBps, type FeeRates } from '../../core/math/curve-fees.js';
import { quoteUnits as q } from '../../core/math/quote-units.js';
import { tokenUnits as t } from '../../core/math/units.js';
import { randomCurveState, randomFeeRates, randomSpendable, randomTokens } from './curve-cases.js';
import { SeededRandom } from './seeded-random.js';

const CASES = 3000;
const k = (state: CurveState) => state.virtualTokenReserves * state.virtualQuoteReserves;

/** Runs a trade, answering null for a refusal with one of `allowed` codes (any other error fails). */
function tryTrade<T>(allowed: readonly string[], trade: () => T): T | null {
  try {
    return trade();
  } catch (error) {
    if (isCurveError(error) && allowed.includes(error.code)) return null;
    throw error;
  }
}

function costOf(state: CurveState, tokens: bigint, rates: FeeRates): bigint | null {
  return tryTrade(['amount_overflow'], () => buyExactTokens(state, t(tokens), rates))?.totalCost ?? null;
}

describe('curve invariants over random states (seeded)', () => {
  it('a buy raises k, charges cost plus fees and leaves a valid state; selling the tokens back never profits', () => {
    const random = new SeededRandom(0x5eed_0001n);
    let checked = 0;
    for (let i = 0; i < CASES; i++) {
      const state = randomCurveState(random);
      const rates = randomFeeRates(random, { buyback: true });
      const asked = randomTokens(random, state);
      const buy = tryTrade(['amount_overflow'], () => buyExactTokens(state, t(asked), rates));
      if (buy === null) continue;
      checked++;
      expect(buy.tokens).toBe(asked < state.realTokenReserves ? asked : state.realTokenReserves);
      expect(buy.totalCost).toBe(buy.quoteCost + buy.protocolFee + buy.creatorFee + buy.buybackFee);
      expect(buy.quoteCost).toBeGreaterThanOrEqual(1n);
      expect(k(buy.next)).toBeGreaterThan(k(state));
      expect(isCurveState(buy.next)).toBe(true);
      expect(buy.completes).toBe(buy.next.realTokenReserves === 0n);
      // One token more never costs less (the cost is non-decreasing in the tokens).
      if (buy.tokens < state.realTokenReserves) {
        const more = costOf(state, buy.tokens + 1n, rates);
        if (more !== null) expect(more).toBeGreaterThanOrEqual(buy.totalCost);
      }
      // Round trip. A completing buy leaves a complete curve, which sells nothing; the math of the sale
      // is checked on the same reserves with the flag cleared.
      const after = { ...buy.next, complete: false };
      const sell = tryTrade(['sell_output_below_fees'], () => sellExactTokens(after, buy.tokens, rates));
      if (sell === null) continue;
      expect(sell.quoteOut).toBeLessThan(buy.quoteCost);
      expect(sell.userReceives).toBeLessThan(buy.totalCost);
      expect(k(sell.next)).toBeGreaterThanOrEqual(k(after));
      expect(sell.next.virtualTokenReserves).toBe(state.virtualTokenReserves);
      expect(sell.next.realQuoteReserves).toBeGreaterThanOrEqual(state.realQuoteReserves + 1n);
    }
    expect(checked).toBeGreaterThan(CASES * 0.9);
  });

  it('a sale keeps k, pays out at most the real quote reserves and splits quoteOut into fees and proceeds', () => {
    const random = new SeededRandom(0x5eed_0002n);
    const outcomes = { sold: 0, refusedReserves: 0, refusedFees: 0 };
    for (let i = 0; i < CASES; i++) {
      const state = randomCurveState(random);
      const rates = randomFeeRates(random, { buyback: true });
      const tokens = random.magnitude(1n, state.virtualTokenReserves);
      const sell = tryTrade(['insufficient_quote_reserves', 'sell_output_below_fees'], () => sellExactTokens(state, t(tokens), rates));
      const quoteOut = (tokens * state.virtualQuoteReserves) / (state.virtualTokenReserves + tokens);
      if (sell === null) {
        if (quoteOut > state.realQuoteReserves) outcomes.refusedReserves++;
        else {
          expect(curveFees(q(quoteOut), rates).totalFee).toBeGreaterThan(quoteOut);
          outcomes.refusedFees++;
        }
        continue;
      }
      outcomes.sold++;
      expect(sell.quoteOut).toBeLessThanOrEqual(state.realQuoteReserves);
      expect(sell.userReceives + sell.protocolFee + sell.creatorFee + sell.buybackFee).toBe(sell.quoteOut);
      expect(k(sell.next)).toBeGreaterThanOrEqual(k(state));
      expect(isCurveState(sell.next)).toBe(true);
    }
    expect(outcomes.sold).toBeGreaterThan(CASES / 4);
    expect(outcomes.refusedReserves).toBeGreaterThan(0);
    expect(outcomes.refusedFees).toBeGreaterThan(0);
  });

  it('buyExactQuoteIn never charges more than the quote offered, and one token more would not fit', () => {
    const random = new SeededRandom(0x5eed_0003n);
    const outcomes = { bought: 0, capped: 0, tooSmall: 0 };
    for (let i = 0; i < CASES; i++) {
      const state = randomCurveState(random);
      const rates = randomFeeRates(random, { buyback: true });
      const spendable = randomSpendable(random, state, rates);
      const buy = tryTrade(['quote_in_too_small', 'amount_overflow'], () => buyExactQuoteIn(state, q(spendable), rates));
      if (buy === null) {
        // Refused only when not even one token fits.
        const one = costOf(state, 1n, rates);
        if (one !== null) expect(one).toBeGreaterThan(spendable);
        outcomes.tooSmall++;
        continue;
      }
      outcomes.bought++;
      expect(buy.totalCost).toBeLessThanOrEqual(spendable);
      expect(buy.unspent).toBe(spendable - buy.totalCost);
      expect(buy).toMatchObject(buyExactTokens(state, buy.tokens, rates));
      if (buy.tokens === state.realTokenReserves) {
        outcomes.capped++;
        expect(buy.completes).toBe(true);
      } else {
        const more = costOf(state, buy.tokens + 1n, rates);
        if (more !== null) expect(more).toBeGreaterThan(spendable);
      }
    }
    expect(outcomes.bought).toBeGreaterThan(CASES / 2);
    expect(outcomes.capped).toBeGreaterThan(0);
    expect(outcomes.tooSmall).toBeGreaterThan(0);
  });

  it('the fee budget steps down from c0 at most (nonzero rates - 1) times and is the largest that fits', () => {
    const random = new SeededRandom(0x5eed_0004n);
    const steps = [0, 0, 0];
    for (let i = 0; i < CASES * 3; i++) {
      const rates = randomFeeRates(random, { buyback: true });
      const budget = random.magnitude(0n, 1n << 62n);
      const c = largestAmountWithinBudget(q(budget), rates);
      const c0 = (budget * BPS_DENOMINATOR) / (BPS_DENOMINATOR + totalFeeBps(rates));
      const nonzero = [rates.protocolBps, rates.creatorBps, rates.buybackBps].filter((rate) => rate > 0n).length;
      const taken = Number(c0 - c);
      expect(taken).toBeLessThanOrEqual(Math.max(0, nonzero - 1));
      steps[taken] = (steps[taken] ?? 0) + 1;
      expect(c + curveFees(c, rates).totalFee).toBeLessThanOrEqual(budget);
      expect(c + 1n + curveFees(q(c + 1n), rates).totalFee).toBeGreaterThan(budget);
    }
    // Both bounds are reached: one step and two steps both happen.
    expect(steps[1]).toBeGreaterThan(0);
    expect(steps[2]).toBeGreaterThan(0);
  });
});
