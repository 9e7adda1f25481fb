import { describe, expect, it } from 'vitest';
import { compareMultipliers, isNormalMultiplierStep, multiplierText, parseDecimal, scaleDown } from '../../core/math/multiplier.js';

describe('share multiplier, exactly', () => {
  it('reads a stored binary64 back as the decimal the issuer set, never in exponent notation', () => {
    expect(multiplierText(1.02)).toBe('1.02');
    expect(multiplierText(0.29)).toBe('0.29');
    expect(multiplierText(1e-7)).toBe('0.0000001');
    expect(multiplierText(1.5e21)).toBe('1500000000000000000000');
    expect(multiplierText(2)).toBe('2');
  });

  it('scales raw amounts down exactly (0.29 × 100 is 29, not 28.999…)', () => {
    expect(scaleDown(100n, '0.29')).toBe(29n);
    expect(scaleDown(99n, '1.015')).toBe(100n); // 100.485 floored
    expect(scaleDown(123_456_789n, '1')).toBe(123_456_789n);
  });

  it('a normal step is one increase of at most 2%', () => {
    expect(isNormalMultiplierStep('1', '1.02')).toBe(true);
    expect(isNormalMultiplierStep('1', '1.0201')).toBe(false);
    expect(isNormalMultiplierStep('1.5', '1.53')).toBe(true);
    expect(isNormalMultiplierStep('1', '1')).toBe(false);
    expect(isNormalMultiplierStep('1', '0.99')).toBe(false);
    expect(compareMultipliers('1.10', '1.1')).toBe(0);
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['1e3', '-1', '.5', '1.', 'NaN', '']) expect(() => parseDecimal(bad), bad).toThrow(/not a plain non-negative decimal/);
  });
});
