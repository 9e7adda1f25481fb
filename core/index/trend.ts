/**
 * The `trending` order: a coin's counted ZEC volume, each trade's weight halving every TREND_HALF_LIFE
 * seconds. Kept per coin as log2 of the sum measured against a fixed epoch, so every coin's figure stays
 * comparable without rewriting the others as time passes, and the list is an index scan. A ranking key
 * only (a float): it is never shown as an amount.
 */
export const TREND_HALF_LIFE = 6n * 3_600n;
const EPOCH = 1_700_000_000n;

/** The trend after one more trade of `zec` at `at` (unix seconds); `previous` null for a coin's first. */
export function nextTrend(previous: number | null, zec: bigint, at: bigint): number | null {
  if (zec <= 0n) return previous;
  const added = Number(at - EPOCH) / Number(TREND_HALF_LIFE) + Math.log2(Number(zec));
  if (previous === null) return added;
  const top = Math.max(previous, added);
  return top + Math.log2(2 ** (previous - top) + 2 ** (added - top));
}
