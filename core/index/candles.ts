/** The candle intervals the index keeps, in seconds: 1m, 5m, 15m, 1h, 4h, 1d. */
export const CANDLE_INTERVALS = Object.freeze({ '1m': 60n, '5m': 300n, '15m': 900n, '1h': 3_600n, '4h': 14_400n, '1d': 86_400n });
export type CandleInterval = keyof typeof CANDLE_INTERVALS;

/** The start (unix seconds) of the candle holding `at` for an interval of `seconds`. */
export const candleBucket = (at: bigint, seconds: bigint): bigint => at - (at % seconds);

/** Price in ZEC × 1e9 per whole coin (6 decimals) from zat and raw token units: zat × 1e7 / raw, floored (the spec's priceZecE9). */
export function priceZecE9(zat: bigint, tokens: bigint): bigint {
  return tokens === 0n ? 0n : (zat * 10_000_000n) / tokens;
}

/**
 * The same price at full precision (an addition to /v1): ZEC per whole coin × 1e18 = zat × 1e16 / raw,
 * floored. A fresh curve's price, which reads about 28 as priceZecE9, has 11 significant digits here, so
 * a chart of a young coin moves with every trade. priceZecE9 is exactly this divided by 1e9, floored
 * (two floored divisions by integers are one): the index keeps this one and derives the other.
 */
export const PRICE_E18_SCALE = 10n ** 16n;

export function priceZecE18(zat: bigint, tokens: bigint): bigint {
  return tokens === 0n ? 0n : (zat * PRICE_E18_SCALE) / tokens;
}

/** priceZecE9 of a price kept at 1e18. */
export const priceE9OfE18 = (priceE18: bigint): bigint => priceE18 / 1_000_000_000n;

/**
 * priceE9OfE18 on the decimal text of a price at 1e18 (never negative): the same floored division, by dropping its
 * last nine digits. A chart presents four prices a candle and a tape one a trade; this is a third of a bigint
 * division and its String.
 */
export const priceE9TextOfE18 = (priceE18: string): string => (priceE18.length > 9 ? priceE18.slice(0, -9) : '0');

/**
 * A stock coin's own price, the stock's raw units per whole coin × 1e9 (as its pair block's `raw.priceE9`),
 * from the price the index keeps for its trades and candles: that is raw quote × 1e16 / raw coin units
 * (PRICE_E18_SCALE, made for zat), and raw quote per whole coin (1e6 raw) × 1e9 is raw quote × 1e15 / raw coin
 * units, a tenth of it (floored once: two floored divisions by integers are one).
 */
export const stockRawPriceE9OfStored = (stored: bigint): bigint => stored / 10n;
