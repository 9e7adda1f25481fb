/** The candle intervals the index keeps, in seconds: 1m, 5m, 15m, 1h, 4h, 1d. */
export const CANDLE_INTERVALS = Object.freeze({ '1m': 60n, '5m': 300n, '15m': 900n, '1h': 3_600n, '4h': 14_400n, '1d': 86_400n });
export type CandleInterval = keyof typeof CANDLE_INTERVALS;

/** The start (unix seconds) of the candle holding `at` for an interval of `seconds`. */
export const candleBucket = (at: bigint, seconds: bigint): bigint => at - (at % seconds);

/** Price in ZEC × 1e9 per whole coin (6 decimals) from zat and raw token units: zat × 1e7 / raw, floored. */
export function priceZecE9(zat: bigint, tokens: bigint): bigint {
  return tokens === 0n ? 0n : (zat * 10_000_000n) / tokens;
}
