import { describe, expect, it } from 'vitest';
import { nextTrend, TREND_HALF_LIFE } from '../../core/index/trend.js';

const ZEC = 100_000_000n;
const T = 1_800_000_000n;

/** The trending key: volume halving every six hours, comparable across coins without touching the others. */
describe('index: trend', () => {
  it('adds volume: two trades at one moment weigh their sum', () => {
    const once = nextTrend(null, 2n * ZEC, T)!;
    const twice = nextTrend(nextTrend(null, ZEC, T), ZEC, T)!;
    expect(twice).toBeCloseTo(once, 9);
  });

  it('halves a trade\'s weight every half-life: equal to half the volume one half-life later', () => {
    const early = nextTrend(null, 2n * ZEC, T)!;
    const late = nextTrend(null, ZEC, T + TREND_HALF_LIFE)!;
    expect(late).toBeCloseTo(early, 9);
    // So fresh volume outranks older, larger volume once it is more than a half-life older per doubling.
    expect(nextTrend(null, ZEC, T + 2n * TREND_HALF_LIFE)!).toBeGreaterThan(nextTrend(null, 3n * ZEC, T)!);
  });

  it('stays finite over years and ignores a zero-volume trade', () => {
    const yearsOn = nextTrend(null, 21_000_000n * ZEC, T + 10n * 365n * 86_400n)!;
    expect(Number.isFinite(yearsOn)).toBe(true);
    expect(nextTrend(null, 0n, T)).toBeNull();
    expect(nextTrend(5, 0n, T)).toBe(5);
  });
});
