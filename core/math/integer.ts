/**
 * Exact integer arithmetic on non-negative bigints, in the shapes the on-chain C library has them
 * (programs/lib/checked-math.h): rounding division and the 128-bit integer square root. Callers check
 * their own ranges and refuse with their own error type; these throw a plain RangeError only on a
 * misuse no caller should make (a negative value, a zero divisor, a square root beyond 128 bits).
 */
export const U128_MAX = (1n << 128n) - 1n;

/** ceil(numerator / denominator) = (numerator + denominator - 1) / denominator, for numerator >= 0, denominator > 0. */
export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError(`ceilDiv needs numerator >= 0 and denominator > 0, got ${numerator} / ${denominator}`);
  return (numerator + denominator - 1n) / denominator;
}

/** Greatest common divisor of two non-negative integers (gcd(0, 0) = 0). */
export function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n || b < 0n) throw new RangeError(`gcd needs non-negative integers, got ${a} and ${b}`);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * floor(sqrt(n)) for 0 <= n <= u128::MAX, exactly: the largest r with r * r <= n (so r fits in a u64).
 * Bit by bit from bit 63 down, as isqrt_u128 in programs/lib/checked-math.h does it:
 *   r = 0; for bit = 63..0: c = r | (1 << bit); if c * c <= n then r = c
 * 64 steps, each a 64x64 -> 128-bit square and a compare, no division.
 */
export function isqrtU128(n: bigint): bigint {
  if (n < 0n || n > U128_MAX) throw new RangeError(`isqrtU128 needs 0..=2^128-1, got ${n}`);
  let root = 0n;
  for (let bit = 63n; bit >= 0n; bit--) {
    const candidate = root | (1n << bit);
    if (candidate * candidate <= n) root = candidate;
  }
  return root;
}
