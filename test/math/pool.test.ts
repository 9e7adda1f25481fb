import { describe, expect, it } from 'vitest';
import { U64_MAX } from '../../core/math/curve-error.js';
import { isPoolError, PoolError, type PoolErrorCode } from '../../core/math/pool-error.js';
import { isPoolFeeRates, largestQuoteWithinBudget, poolFeeRates, poolFees } from '../../core/math/pool-fees.js';
import {
  buyExactBase,
  buyExactQuoteIn,
  isPoolReserves,
  poolReserves,
  poolSpotPricePerWholeBase,
  poolSpotPricePerWholeBaseFloor,
  priceImpactBps,
  sellExactBase,
} from '../../core/math/pool.js';
import { quoteUnits as q } from '../../core/math/quote-units.js';
import { tokenUnits as t } from '../../core/math/units.js';

/** Runs `action` and answers the PoolError code it throws (failing when it throws anything else). */
function refusal(action: () => unknown): PoolErrorCode {
  try {
    action();
  } catch (error) {
    if (isPoolError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

// Price 2 quote units per base unit; LP 0.2%, protocol 0.05%, creator 0.3%.
const pool = poolReserves({ baseReserves: 1_000_000n, quoteReserves: 2_000_000n });
const rates = poolFeeRates({ lpBps: 20n, protocolBps: 5n, creatorBps: 30n });
const noFees = poolFeeRates({ lpBps: 0n, protocolBps: 0n, creatorBps: 0n });

describe('pool fees', () => {
  it('rounds each of the three fees up on its own', () => {
    // 2003 * 20 / 10000 = 4.006 -> 5, * 5 -> 1.0015 -> 2, * 30 -> 6.009 -> 7.
    expect(poolFees(q(2003n), rates)).toEqual({ lpFee: 5n, protocolFee: 2n, creatorFee: 7n, totalFee: 14n });
    expect(poolFees(q(1n), rates).totalFee).toBe(3n);
    expect(poolFees(q(0n), rates).totalFee).toBe(0n);
  });

  it('finds the largest quote whose fees fit a budget', () => {
    // c0 = 2019 * 10000 / 10055 = 2007; 2007 + 14 = 2021 and 2006 + 14 = 2020 do not fit, 2005 + 14 does.
    expect(largestQuoteWithinBudget(q(2019n), rates)).toBe(2005n);
    expect(largestQuoteWithinBudget(q(2019n), noFees)).toBe(2019n);
    expect(largestQuoteWithinBudget(q(3n), rates)).toBe(0n);
  });

  it('refuses rates outside 0..=10000 or adding up to more than 10000', () => {
    expect(refusal(() => poolFeeRates({ lpBps: -1n, protocolBps: 0n, creatorBps: 0n }))).toBe('invalid_fee_rates');
    expect(refusal(() => poolFeeRates({ lpBps: 0n, protocolBps: 10_001n, creatorBps: 0n }))).toBe('invalid_fee_rates');
    expect(() => poolFeeRates({ lpBps: 5000n, protocolBps: 5000n, creatorBps: 1n })).toThrow(/add up to 10001 bps/);
    expect(isPoolFeeRates({ lpBps: 1, protocolBps: 0n, creatorBps: 0n })).toBe(false);
    expect(refusal(() => poolFees(q(-1n), rates))).toBe('invalid_amount');
  });
});

describe('pool reserves', () => {
  it('accepts two nonzero u64 reserves and freezes them', () => {
    expect(isPoolReserves(pool)).toBe(true);
    expect(Object.isFrozen(pool)).toBe(true);
  });

  it('refuses zero, negative, oversized or missing reserves with a message naming the field', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ baseReserves: 0n, quoteReserves: 1n }, /baseReserves must not be zero/],
      [{ baseReserves: 1n, quoteReserves: 0n }, /quoteReserves must not be zero/],
      [{ baseReserves: -1n, quoteReserves: 1n }, /baseReserves must not be negative/],
      [{ baseReserves: 1n, quoteReserves: U64_MAX + 1n }, /quoteReserves .* does not fit in a u64/],
      [{ baseReserves: 1n, quoteReserves: 1 }, /quoteReserves must be a bigint/],
    ];
    for (const [fields, message] of cases) {
      expect(() => poolReserves(fields as { baseReserves: bigint; quoteReserves: bigint })).toThrow(message);
      expect(isPoolReserves(fields)).toBe(false);
    }
    expect(refusal(() => buyExactBase({ ...pool, quoteReserves: q(0n) }, t(1n), rates))).toBe('invalid_pool_state');
    expect(new PoolError('amount_overflow', 'x')).toBeInstanceOf(RangeError);
  });
});

describe('buyExactBase', () => {
  it('charges ceil(Q * base / (B - base)), then each fee rounded up; the LP fee stays in the pool', () => {
    // 2e6 * 1000 / 999_000 = 2002.002 -> 2003; fees 5 + 2 + 7 (above).
    const buy = buyExactBase(pool, t(1000n), rates);
    expect(buy).toEqual({
      side: 'buy',
      baseOut: 1000n,
      quoteIn: 2003n,
      lpFee: 5n,
      protocolFee: 2n,
      creatorFee: 7n,
      totalFee: 14n,
      totalCost: 2017n,
      next: { baseReserves: 999_000n, quoteReserves: 2_002_008n },
    });
    expect(Object.isFrozen(buy) && Object.isFrozen(buy.next)).toBe(true);
  });

  it('sells all but the last base unit, never the last', () => {
    const small = poolReserves({ baseReserves: 10n, quoteReserves: 10n });
    // 10 * 9 / 1 = 90.
    expect(buyExactBase(small, t(9n), noFees)).toMatchObject({ quoteIn: 90n, next: { baseReserves: 1n, quoteReserves: 100n } });
    expect(refusal(() => buyExactBase(small, t(10n), noFees))).toBe('insufficient_base_reserves');
    expect(() => buyExactBase(small, t(11n), noFees)).toThrow(/asks for 11 base units but the pool holds 10/);
  });

  it('refuses zero, negative and oversized amounts, and results beyond a u64', () => {
    expect(refusal(() => buyExactBase(pool, t(0n), rates))).toBe('buy_zero_amount');
    expect(refusal(() => buyExactBase(pool, t(-1n), rates))).toBe('invalid_amount');
    expect(refusal(() => buyExactBase(pool, t(U64_MAX + 1n), rates))).toBe('invalid_amount');
    // quoteIn = ceil(u64::MAX * 2 / 1) is beyond a u64.
    expect(() => buyExactBase(poolReserves({ baseReserves: 3n, quoteReserves: U64_MAX }), t(2n), noFees)).toThrow(/quoteIn .* would overflow/);
    // quoteIn = u64::MAX fits, but the pool's quote reserves after it do not.
    expect(() => buyExactBase(poolReserves({ baseReserves: 2n, quoteReserves: U64_MAX }), t(1n), noFees)).toThrow(/quoteReserves .* would overflow/);
    // quoteIn = 2^63 fits, but with a 100% fee the total does not.
    const all = poolFeeRates({ lpBps: 0n, protocolBps: 10_000n, creatorBps: 0n });
    expect(() => buyExactBase(poolReserves({ baseReserves: 2n, quoteReserves: 1n << 63n }), t(1n), all)).toThrow(/totalCost .* would overflow/);
  });
});

describe('buyExactQuoteIn', () => {
  it('buys the most base the quote pays for, fees included', () => {
    // c = 2003 (2004 + 14 = 2018 and 2005 + 14 = 2019 are over 2017), b = 2003e6 / 2_002_003 = 1000.
    expect(buyExactQuoteIn(pool, q(2017n), rates)).toMatchObject({ baseOut: 1000n, quoteIn: 2003n, totalCost: 2017n, spendable: 2017n, unspent: 0n });
    // 2018 pays for no more: 1001 base cost ceil(2e6 * 1001 / 998_999) = 2005, plus 14.
    expect(buyExactQuoteIn(pool, q(2018n), rates)).toMatchObject({ baseOut: 1000n, totalCost: 2017n, unspent: 1n });
    expect(buyExactQuoteIn(pool, q(2019n), rates)).toMatchObject({ baseOut: 1001n, quoteIn: 2005n, totalCost: 2019n, unspent: 0n });
  });

  it('refuses a quote that pays for no base unit', () => {
    expect(refusal(() => buyExactQuoteIn(pool, q(0n), rates))).toBe('buy_zero_amount');
    // 3: even a quote of 1 comes to 4 with its three fees.
    expect(refusal(() => buyExactQuoteIn(pool, q(3n), rates))).toBe('quote_in_too_small');
    // 5: a quote of 2 fits (2 + 1 + 1 + 1), but at price 2 it buys 2e6 / 2_000_002 = 0 base.
    expect(refusal(() => buyExactQuoteIn(pool, q(5n), rates))).toBe('quote_in_too_small');
    // The budget left after the fees tells the two apart.
    const budgetOf = (spendable: bigint) => {
      try {
        buyExactQuoteIn(pool, q(spendable), rates);
      } catch (error) {
        if (isPoolError(error)) return error.details?.budget;
      }
      return undefined;
    };
    expect([budgetOf(3n), budgetOf(5n)]).toEqual([0n, 2n]);
    // 6: a quote of 3 fits and buys one base unit, which costs ceil(2e6 / 999_999) = 3.
    expect(buyExactQuoteIn(pool, q(6n), rates)).toMatchObject({ baseOut: 1n, quoteIn: 3n, totalCost: 6n, unspent: 0n });
    expect(refusal(() => buyExactQuoteIn(pool, q(-6n), rates))).toBe('invalid_amount');
  });

  it('refuses a budget the pool could not hold on top of its quote reserves', () => {
    const full = poolReserves({ baseReserves: 1_000_000n, quoteReserves: U64_MAX - 10n });
    expect(() => buyExactQuoteIn(full, q(100n), noFees)).toThrow(/quoteReserves .* would overflow/);
    // 10 passes that check (Q + 10 = u64::MAX) and buys nothing at a price of ~1.8e13.
    expect(refusal(() => buyExactQuoteIn(full, q(10n), noFees))).toBe('quote_in_too_small');
  });
});

describe('sellExactBase', () => {
  const afterBuy = buyExactBase(pool, t(1000n), rates).next;

  it('pays floor(Q * base / (B + base)) less each fee rounded up; the LP fee stays in the pool', () => {
    // 2_002_008 * 1000 / 1_000_000 = 2002.008 -> 2002; fees 4.004 -> 5, 1.001 -> 2, 6.006 -> 7.
    expect(sellExactBase(afterBuy, t(1000n), rates)).toEqual({
      side: 'sell',
      baseIn: 1000n,
      quoteOut: 2002n,
      lpFee: 5n,
      protocolFee: 2n,
      creatorFee: 7n,
      totalFee: 14n,
      userReceives: 1988n,
      next: { baseReserves: 1_000_000n, quoteReserves: 2_000_011n },
    });
  });

  it('refuses a sale whose fees exceed its payout, a zero sale and reserves beyond a u64', () => {
    // 2 * 2e6 / 1_000_002 = 3; fees 1 + 1 + 1 fit. 1 * 2e6 / 1_000_001 = 1; fees 3 do not.
    expect(sellExactBase(pool, t(2n), rates)).toMatchObject({ quoteOut: 3n, userReceives: 0n });
    expect(() => sellExactBase(pool, t(1n), rates)).toThrow(/pays out 1, less than its fees of 3/);
    expect(refusal(() => sellExactBase(pool, t(0n), rates))).toBe('sell_zero_amount');
    expect(refusal(() => sellExactBase(poolReserves({ baseReserves: U64_MAX, quoteReserves: 5n }), t(1n), rates))).toBe('amount_overflow');
    // Without fees a payout of 0 is a valid (if pointless) sale.
    expect(sellExactBase(poolReserves({ baseReserves: 1000n, quoteReserves: 1n }), t(1n), noFees)).toMatchObject({ quoteOut: 0n, userReceives: 0n });
  });

  it('never pays out the last quote unit, however much is sold', () => {
    const sell = sellExactBase(pool, t(U64_MAX - pool.baseReserves), noFees);
    expect(sell.next.quoteReserves).toBe(1n);
  });
});

describe('prices', () => {
  it('gives the spot price per whole base token as an exact ratio and floored', () => {
    expect(poolSpotPricePerWholeBase(pool, 6)).toEqual({ numerator: 2_000_000n, denominator: 1n });
    const odd = poolReserves({ baseReserves: 3n, quoteReserves: 2n });
    expect(poolSpotPricePerWholeBase(odd, 0)).toEqual({ numerator: 2n, denominator: 3n });
    expect(poolSpotPricePerWholeBase(odd, 2)).toEqual({ numerator: 200n, denominator: 3n });
    expect(poolSpotPricePerWholeBaseFloor(odd, 2)).toBe(66n);
    expect(refusal(() => poolSpotPricePerWholeBase(pool, 1.5))).toBe('invalid_amount');
  });

  it('gives the price impact of a trade in bps, rounded up', () => {
    // Buy: (2003 * 1e6 - 1000 * 2e6) * 10000 / (1000 * 2e6) = 15 exactly.
    expect(priceImpactBps(pool, buyExactBase(pool, t(1000n), rates))).toBe(15n);
    // Sale: 1000 * 2e6 / 1_001_000 = 1998; (1000 * 2e6 - 1998 * 1e6) * 10000 / 2e9 = 10 exactly.
    expect(priceImpactBps(pool, sellExactBase(pool, t(1000n), rates))).toBe(10n);
    // One base unit: ceil(2e6 / 999_999) = 3 against a spot price of 2 is 5000 bps.
    expect(priceImpactBps(pool, buyExactBase(pool, t(1n), noFees))).toBe(5000n);
    // Half the pool costs twice the spot price: 10000 bps.
    expect(priceImpactBps(pool, buyExactBase(pool, t(500_000n), noFees))).toBe(10_000n);
    // A sale paying 0 has lost everything.
    const thin = poolReserves({ baseReserves: 1000n, quoteReserves: 1n });
    expect(priceImpactBps(thin, sellExactBase(thin, t(1n), noFees))).toBe(10_000n);
  });

  it('refuses the impact of a trade quoted on another pool', () => {
    const cheaper = poolReserves({ baseReserves: 1_000_000n, quoteReserves: 1_000_000n });
    expect(refusal(() => priceImpactBps(pool, buyExactBase(cheaper, t(10n), rates)))).toBe('invalid_amount');
  });
});
