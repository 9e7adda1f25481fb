import { describe, expect, it } from 'vitest';
import { poolLiquidityZat } from '../../core/math/pool-liquidity.js';

/** The API's priceZecE18 of a ZEC pool: the zat value of 1e16 raw coin units (core/index/valuation.ts), rounded down. */
const poolSpotPrice = (base: bigint, quote: bigint) => (10n ** 16n * quote) / base;

describe('pool liquidity', () => {
  it('is twice the quote side of a ZEC pool, valued at the spot price the API answers (to the zat, rounded down)', () => {
    for (const [base, quote] of [[206_900_000_000_000n, 8_500_000_000_000n], [1_000_000n, 3n], [793_100_000_000_000n, 123_456_789_012n]] as const) {
      const price = poolSpotPrice(base, quote);
      const liquidity = poolLiquidityZat(base, price);
      expect(liquidity <= 2n * quote).toBe(true);
      // The price was rounded down once, by less than one per 1e16 raw units: twice that at most is lost.
      expect(2n * quote - liquidity <= 2n * (base / 10n ** 16n + 1n)).toBe(true);
    }
  });

  it('is zero for an empty pool and refuses a negative amount', () => {
    expect(poolLiquidityZat(0n, 5n)).toBe(0n);
    expect(() => poolLiquidityZat(-1n, 5n)).toThrow(RangeError);
  });
});
