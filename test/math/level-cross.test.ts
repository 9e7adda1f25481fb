import { describe, expect, it } from 'vitest';
import { isBeyondLevel, levelStep, levelValue, marketCapZat, startsArmed } from '../../core/math/level-cross.js';

describe('level crossing', () => {
  it('fires once per crossing and re-arms only back on the near side', () => {
    const prices = [90n, 99n, 100n, 120n, 100n, 101n, 99n, 105n];
    let armed = startsArmed('above', 100n, 90n);
    const fired: bigint[] = [];
    for (const p of prices) {
      const step = levelStep('above', 100n, armed, p);
      if (step.fires) fired.push(p);
      armed = step.armed;
    }
    expect(fired).toEqual([100n, 105n]);
  });

  it('a level below mirrors it; a rule set past its level waits for a first crossing', () => {
    expect(isBeyondLevel('below', 50n, 50n)).toBe(true);
    expect(startsArmed('below', 50n, 40n)).toBe(false);
    expect(levelStep('below', 50n, false, 40n)).toEqual({ fires: false, armed: false });
    expect(levelStep('below', 50n, false, 60n)).toEqual({ fires: false, armed: true });
    expect(levelStep('below', 50n, true, 49n)).toEqual({ fires: true, armed: false });
    expect(startsArmed('above', 1n, null)).toBe(true);
  });

  it('market cap is the price times the whole supply, exact and floored once', () => {
    // 1e9 whole coins (1e15 raw) at 0.00000003 ZEC a coin (priceE18 3e10) make 30 ZEC, 3e9 zat.
    expect(marketCapZat(30_000_000_000n, 10n ** 15n)).toBe(3_000_000_000n);
    expect(marketCapZat(1n, 10n ** 15n)).toBe(0n); // 1e-18 ZEC × 1e9 coins = 1e-9 ZEC: under a zat
    expect(marketCapZat(123_456_789_012_345_678_901n, 999_999_999_999_999n)).toBe((123_456_789_012_345_678_901n * 999_999_999_999_999n) / 10n ** 16n);
    expect(levelValue('price', 7n, 10n ** 15n)).toBe(7n);
    expect(levelValue('marketCap', 30_000_000_000n, 10n ** 15n)).toBe(3_000_000_000n);
  });
});
