/**
 * A graduated coin's pool liquidity in zat: both sides of the pool valued at the coin's spot price, so twice
 * the coin side's value (at the pool's own price its quote side is worth the same). `priceZecE18` is the
 * API's: the zat value of 1e16 raw coin units, which values a ZEC, native or stock pair alike. Rounded down.
 */
const PRICE_E18_RAW = 10n ** 16n;

export function poolLiquidityZat(poolBaseRaw: bigint, priceZecE18: bigint): bigint {
  if (poolBaseRaw < 0n || priceZecE18 < 0n) throw new RangeError(`pool liquidity needs non-negative amounts, got ${poolBaseRaw} at ${priceZecE18}`);
  return (2n * poolBaseRaw * priceZecE18) / PRICE_E18_RAW;
}
