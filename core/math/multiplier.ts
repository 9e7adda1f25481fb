/**
 * A stock's share multiplier, exactly. The mint stores it as an IEEE-754 binary64 that the issuer set
 * from a decimal ("1.02"); we take that decimal back (the shortest decimal that reads as the same
 * binary64, which is what the issuer typed) and do every sum with it as a fraction of integers, so a raw
 * amount times the multiplier is exact and rounding is ours to choose (down, for display).
 */

/** A decimal as digits and a power of ten: value = digits / 10^scale. */
export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

/** The plain decimal text of a stored multiplier (no exponent notation), e.g. "1.02", "0.0000001". */
export function multiplierText(stored: number): string {
  if (!Number.isFinite(stored)) return String(stored);
  const text = String(stored);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = Number(exponentText);
  const digits = whole! + fraction;
  const point = whole!.length + exponent;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

export function parseDecimal(text: string): Decimal {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a plain non-negative decimal: ${JSON.stringify(text)}`);
  const fraction = match[2] ?? '';
  return { digits: BigInt(match[1]! + fraction), scale: fraction.length };
}

/** floor(amount × multiplier), exactly. */
export function scaleDown(amount: bigint, multiplier: string): bigint {
  const { digits, scale } = parseDecimal(multiplier);
  return (amount * digits) / 10n ** BigInt(scale);
}

/** Compares two multipliers' decimals exactly: negative, zero or positive. */
export function compareMultipliers(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const left = x.digits * 10n ** BigInt(scale - x.scale);
  const right = y.digits * 10n ** BigInt(scale - y.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The spec's normal step: one increase of at most 2% (to ≤ from × 1.02). */
export function isNormalMultiplierStep(from: string, to: string): boolean {
  if (compareMultipliers(to, from) <= 0) return false;
  const x = parseDecimal(from);
  const y = parseDecimal(to);
  const scale = BigInt(Math.max(x.scale, y.scale));
  // to × 100 ≤ from × 102, both brought to the same scale
  return y.digits * 10n ** (scale - BigInt(y.scale)) * 100n <= x.digits * 10n ** (scale - BigInt(x.scale)) * 102n;
}
