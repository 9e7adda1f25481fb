/**
 * How fixed-point amounts are shown to a person: compact market caps ("28.4K"), prices with their
 * leading zeros counted ("0.0₅1234"), thousands grouped. Every value is a bigint of base units and
 * `decimals` says where its point is; rounding is exact (half away from zero at the last digit shown),
 * so the desk never shows a figure a float has touched. The renderer imports this (browser-safe).
 */

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';
/** From this many zeros after the point on, a price writes their count as a subscript. */
const SUBSCRIPT_FROM_ZEROS = 4;
const COMPACT_SUFFIXES = ['', 'K', 'M', 'B', 'T'] as const;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 60) throw new RangeError(`decimals must be an integer from 0 to 60, got ${decimals}`);
}

/** `value / 10^drop` rounded half away from zero. */
function roundedDiv(value: bigint, drop: number): bigint {
  if (drop <= 0) return value * pow10(-drop);
  const divisor = pow10(drop);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const q = abs / divisor + ((abs % divisor) * 2n >= divisor ? 1n : 0n);
  return negative ? -q : q;
}

/** `value` (a fixed-point number with `decimals` fraction digits) rounded to `significant` significant digits, same scale. */
export function roundToSignificant(value: bigint, significant: number): bigint {
  if (!Number.isInteger(significant) || significant < 1) throw new RangeError(`significant must be a positive integer, got ${significant}`);
  const digits = (value < 0n ? -value : value).toString().length;
  const drop = digits - significant;
  return drop <= 0 ? value : roundedDiv(value, drop) * pow10(drop);
}

/** "1234567" -> "1,234,567" (digits only, no sign). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Writes a non-negative fixed-point value with exactly `fractionDigits` rounded digits, trailing zeros trimmed. */
function fixed(abs: bigint, decimals: number, fractionDigits: number, group: boolean): string {
  const scaled = roundedDiv(abs, decimals - fractionDigits); // now with fractionDigits fraction digits
  const whole = scaled / pow10(fractionDigits);
  const fraction = fractionDigits === 0 ? '' : (scaled % pow10(fractionDigits)).toString().padStart(fractionDigits, '0').replace(/0+$/, '');
  const wholeText = group ? groupThousands(whole.toString()) : whole.toString();
  return fraction ? `${wholeText}.${fraction}` : wholeText;
}

/**
 * A compact amount for lists and headers: under 1000 with at most 2 decimals ("28.41", "0.5"; a
 * non-zero amount under 0.01 is "<0.01"); from 1000 on three significant digits and a suffix ("28.4K",
 * "1.2M", "999B", "12.3T"; beyond that the thousands of T are grouped).
 */
export function formatCompactUnits(amount: bigint, decimals: number): string {
  checkDecimals(decimals);
  const sign = amount < 0n ? '-' : '';
  const abs = amount < 0n ? -amount : amount;
  const one = pow10(decimals);
  if (abs === 0n) return '0';
  if (abs * 100n < one) return `${sign}<0.01`;
  const belowThousand = roundedDiv(abs, decimals - 2) < 100_000n; // still under 1000 once rounded to 2 decimals
  if (belowThousand) return sign + fixed(abs, decimals, 2, false);
  // Three significant digits of the whole amount, then the largest suffix that leaves at least 1 before the point.
  const rounded = roundToSignificant(abs, 3);
  const wholeDigits = (rounded / one).toString().length;
  const tier = Math.min(Math.floor((wholeDigits - 1) / 3), COMPACT_SUFFIXES.length - 1);
  const shown = fixed(rounded, decimals + tier * 3, 2, tier === COMPACT_SUFFIXES.length - 1);
  return `${sign}${shown}${COMPACT_SUFFIXES[tier]}`;
}

/**
 * A price (or any rate) to read at a glance, `significant` digits of it (4 by default): from 1 on the
 * whole part grouped, with up to two decimals past the significant ones ("1,235", "12.35", "1.235"); under
 * 1 the zeros after the point are written out up to three ("0.001234") and counted as a subscript from
 * four on ("0.0₅1234" is 0.000001234). Trailing zeros are trimmed.
 */
export function formatPrice(value: bigint, decimals: number, significant = 4): string {
  checkDecimals(decimals);
  if (value === 0n) return '0';
  const sign = value < 0n ? '-' : '';
  const rounded = roundToSignificant(value < 0n ? -value : value, significant);
  const one = pow10(decimals);
  if (rounded >= one) {
    const wholeDigits = (rounded / one).toString().length;
    return sign + fixed(rounded, decimals, Math.min(decimals, Math.max(2, significant - wholeDigits)), true);
  }
  const digits = rounded.toString().padStart(decimals, '0'); // the fraction, all of it
  const zeros = digits.length - digits.replace(/^0+/, '').length;
  const mantissa = digits.slice(zeros).replace(/0+$/, '');
  if (zeros < SUBSCRIPT_FROM_ZEROS) return `${sign}0.${'0'.repeat(zeros)}${mantissa}`;
  const count = [...zeros.toString()].map((d) => SUBSCRIPT_DIGITS[Number(d)]).join('');
  return `${sign}0.0${count}${mantissa}`;
}

/**
 * An amount in a review's sentence or balance line: from 1000 whole units on as a compact figure ("4.24M",
 * "28.4K"), below that four significant digits written out with no subscript ("19.39", "1.002", "0.000105",
 * "0.002039"). A fee of a few thousand lamports still reads as what it is, where formatCompactUnits says
 * "<0.01"; the exact base units stay beside it wherever it is shown.
 */
export function formatAmount(amount: bigint, decimals: number): string {
  checkDecimals(decimals);
  const sign = amount < 0n ? '-' : '';
  const abs = amount < 0n ? -amount : amount;
  if (abs >= 1000n * pow10(decimals)) return formatCompactUnits(amount, decimals);
  if (abs === 0n) return '0';
  return sign + fixed(roundToSignificant(abs, 4), decimals, decimals, true);
}

/** Every base unit of an amount, thousands grouped ("4,238,746.824565"): the exact figure beside a rounded one. */
export function formatExactUnits(amount: bigint, decimals: number): string {
  checkDecimals(decimals);
  const sign = amount < 0n ? '-' : '';
  return sign + fixed(amount < 0n ? -amount : amount, decimals, decimals, true);
}
