/**
 * The shared check behind every set of rates in basis points (curve fees, pool fees, route fees, the
 * creator-fee split): an object whose named fields are each a bigint within 0..=10000.
 */
const BPS_MAX = 10_000n;

/** The problem with `value` as a set of `names` in basis points (naming the field), or the sum of the rates. */
export function bpsFieldsProblemOrSum(value: unknown, what: string, names: readonly string[]): string | bigint {
  if (typeof value !== 'object' || value === null) return `${what} must be an object`;
  const record = value as Record<string, unknown>;
  let sum = 0n;
  for (const name of names) {
    const rate = record[name];
    if (typeof rate !== 'bigint') return `${name} must be a bigint, got ${typeof rate}`;
    if (rate < 0n || rate > BPS_MAX) return `${name} must be within 0..=10000, got ${rate}`;
    sum += rate;
  }
  return sum;
}
