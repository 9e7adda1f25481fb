import { describe, expect, it } from 'vitest';
import { formatAge } from '../../core/math/age-display.js';
import { curveProgressBps, formatBpsPercent } from '../../core/math/curve-progress.js';
import { formatCompactUnits, formatPrice, groupThousands, roundToSignificant } from '../../core/math/decimal-display.js';
import { bps } from '../../core/math/units.js';

const ZEC = 100_000_000n; // 8 decimals

describe('amount display (exact, bigint)', () => {
  it('rounds to significant digits half away from zero, carrying into a new digit', () => {
    expect(roundToSignificant(123_456n, 3)).toBe(123_000n);
    expect(roundToSignificant(123_500n, 3)).toBe(124_000n);
    expect(roundToSignificant(99_950n, 3)).toBe(100_000n);
    expect(roundToSignificant(-123_500n, 3)).toBe(-124_000n);
    expect(roundToSignificant(42n, 3)).toBe(42n);
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123')).toBe('123');
  });

  it('writes market caps compactly: two decimals under 1000, three significant digits and a suffix above', () => {
    expect(formatCompactUnits(0n, 8)).toBe('0');
    expect(formatCompactUnits(1n, 8)).toBe('<0.01');
    expect(formatCompactUnits(ZEC / 2n, 8)).toBe('0.5');
    expect(formatCompactUnits(2_841_370_000n, 8)).toBe('28.41');
    expect(formatCompactUnits(2_841_500_000n, 8)).toBe('28.42'); // half rounds up
    expect(formatCompactUnits(99_999_499_999n, 8)).toBe('999.99');
    expect(formatCompactUnits(99_999_500_000n, 8)).toBe('1K'); // 999.995 rounds to 1000: shown as 1K, never "1000"
    expect(formatCompactUnits(2_841_370_000_000n, 8)).toBe('28.4K');
    expect(formatCompactUnits(28_450_000_000_000n, 8)).toBe('285K');
    expect(formatCompactUnits(99_950_000_000_000n, 8)).toBe('1M'); // 999,500 -> 1.00M
    expect(formatCompactUnits(1_234_567_890n * ZEC, 8)).toBe('1.23B');
    expect(formatCompactUnits(12_345n * 10n ** 12n * ZEC, 8)).toBe('12,300T');
    expect(formatCompactUnits(-2_841_370_000_000n, 8)).toBe('-28.4K');
    expect(formatCompactUnits(1_500n, 0)).toBe('1.5K');
    // Beyond a float's 2^53 the digits are still exact.
    expect(formatCompactUnits(9_007_199_254_740_993n, 0)).toBe('9,010T');
  });

  it('writes prices with four significant digits and counts long runs of zeros as a subscript', () => {
    expect(formatPrice(0n, 9)).toBe('0');
    expect(formatPrice(1_234_567_800_000n, 9)).toBe('1,235');
    expect(formatPrice(12_345_678_000n, 9)).toBe('12.35');
    expect(formatPrice(1_234_567_800n, 9)).toBe('1.235');
    expect(formatPrice(1_500_000_000n, 9)).toBe('1.5');
    expect(formatPrice(123_456_780n, 9)).toBe('0.1235');
    expect(formatPrice(1_234_567n, 9)).toBe('0.001235'); // three zeros: written out
    expect(formatPrice(123_456n, 9)).toBe('0.0001235');
    expect(formatPrice(12_345n, 9)).toBe('0.0₄1235'); // 0.00001235: four zeros, counted
    expect(formatPrice(1_234n, 9)).toBe('0.0₅1234'); // 0.000001234
    expect(formatPrice(28n, 9)).toBe('0.0₇28'); // what the index can say of a fresh coin today
    expect(formatPrice(99_996n, 9)).toBe('0.0001'); // rounding carries into one zero fewer
    expect(formatPrice(1n, 30)).toBe('0.0₂₉1');
    expect(formatPrice(123_456_789n, 18)).toBe('0.0₉1235');
    expect(formatPrice(-1_234n, 9)).toBe('-0.0₅1234');
    expect(() => formatPrice(1n, -1)).toThrow(RangeError);
  });

  it('shows curve progress in basis points, rounded down so only a complete curve reads 100%', () => {
    expect(curveProgressBps(0n, 8_500_000_000n)).toBe(0n);
    expect(curveProgressBps(7_093_250_000n, 8_500_000_000n)).toBe(8_345n);
    expect(curveProgressBps(8_499_999_999n, 8_500_000_000n)).toBe(9_999n);
    expect(curveProgressBps(8_500_000_000n, 8_500_000_000n)).toBe(10_000n);
    expect(curveProgressBps(1n, 0n)).toBe(10_000n);
    expect(() => curveProgressBps(-1n, 1n)).toThrow(RangeError);
    expect(formatBpsPercent(bps(8_345n))).toBe('83.4%');
    expect(formatBpsPercent(bps(9_999n))).toBe('99.9%');
    expect(formatBpsPercent(bps(10_000n))).toBe('100%');
    expect(formatBpsPercent(bps(0n))).toBe('0%');
    expect(formatBpsPercent(bps(5n))).toBe('0%');
  });

  it('writes ages in the largest unit that fits, rounded down', () => {
    expect(formatAge(0)).toBe('0s');
    expect(formatAge(59.9)).toBe('59s');
    expect(formatAge(60)).toBe('1m');
    expect(formatAge(3_599)).toBe('59m');
    expect(formatAge(3_600)).toBe('1h');
    expect(formatAge(86_399)).toBe('23h');
    expect(formatAge(86_400 * 3)).toBe('3d');
    expect(formatAge(86_400 * 45)).toBe('1mo');
    expect(formatAge(86_400 * 400)).toBe('1y');
    expect(formatAge(-5)).toBe('0s');
    expect(formatAge(Number.NaN)).toBe('0s');
  });
});
