import { describe, expect, it } from 'vitest';
import { priceE9OfE18, priceE9TextOfE18 } from '../../core/index/candles.js';
import { presentCandle } from '../../core/api/schemas/candle.js';

/** A candle's (and a trade's) priceZecE9 is the floored division of its 1e18 price, for every size of price. */
describe('a candle presented', () => {
  it('takes priceE9 of a 1e18 text as the bigint division does', () => {
    for (const p of [0n, 9n, 999_999_999n, 1_000_000_000n, 123_456_789_012n, 2n ** 70n]) expect(priceE9TextOfE18(String(p))).toBe(String(priceE9OfE18(p)));
  });

  it('gives o..c as priceE9OfE18 of oE18..cE18, from zero to past 64 bits', () => {
    const prices = [0n, 1n, 999_999_999n, 1_000_000_000n, 1_999_999_999n, 28_123_456_789n, 2n ** 64n + 7n, 10n ** 30n - 1n];
    for (const p of prices) {
      const candle = presentCandle({ bucket: 1_750_000_020n, open: p, high: p * 3n, low: p / 2n, close: p + 1n, volumeZec: 5n, trades: 2n });
      expect([candle.o, candle.h, candle.l, candle.c]).toEqual([p, p * 3n, p / 2n, p + 1n].map((x) => String(priceE9OfE18(x))));
      expect([candle.oE18, candle.hE18, candle.lE18, candle.cE18]).toEqual([p, p * 3n, p / 2n, p + 1n].map(String));
      expect(candle).toMatchObject({ t: 1_750_000_020, volumeZec: '5', trades: 2 });
    }
  });
});
