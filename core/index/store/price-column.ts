/**
 * How the index stores an exact high-precision price (ZEC per whole coin × 1e18: see core/index/candles.ts)
 * in SQLite, whose integers stop at 2^63 - 1 (a price of 9.22 ZEC per whole coin at this scale).
 *
 * A price that fits is stored as an INTEGER; a larger one as TEXT of exactly PRICE_DIGITS digits,
 * zero-padded. The price columns are declared without a type (no affinity: SQLite keeps either as
 * given; an INTEGER column would turn such TEXT into a lossy REAL). SQLite orders every INTEGER before
 * every TEXT, and equal-width digit strings in numeric order, so the candle upsert's comparisons of high and low
 * stay exact over both kinds. Nothing is ever rounded or clamped.
 */
/** SQLite's largest integer. */
export const I64_MAX = 2n ** 63n - 1n;

/** The index's exact price columns (kept as storedPrice gives them; NUMERIC on PostgreSQL). */
export const PRICE_COLUMNS: ReadonlySet<string> = new Set(['last_price_e18', 'price_e18', 'open', 'high', 'low', 'close']);
/** Wide enough for any price made of u64 amounts: (2^64)^2 * 1e16 has 55 digits. */
const PRICE_DIGITS = 60;

export function storedPrice(price: bigint): bigint | string {
  if (price < 0n) throw new RangeError(`a price is never negative, got ${price}`);
  return price <= I64_MAX ? price : price.toString().padStart(PRICE_DIGITS, '0');
}

export function readPrice(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new TypeError(`not a stored price: ${String(value)}`);
}
