import { describe, expect, it } from 'vitest';
import { isSplitError } from '../../core/math/split-error.js';
import { checkConversion, conversionFloor, divideConvertedZec, proRataShares, RATE_SCALE, realisedRate, SERVICE_SPLIT_RATES, splitCreatorFee, splitRates, type PriceRecord } from '../../core/math/split.js';
import { bps } from '../../core/math/units.js';
import { SeededRandom } from './seeded-random.js';

const U64_MAX = (1n << 64n) - 1n;

function expectSplitError(run: () => unknown, code: string, words: RegExp): void {
  try {
    run();
  } catch (error) {
    expect(isSplitError(error), String(error)).toBe(true);
    expect((error as { code: string }).code).toBe(code);
    expect((error as Error).message).toMatch(words);
    return;
  }
  throw new Error(`expected a SplitError ${code}`);
}

describe('creator fee split (core/math/split)', () => {
  it("splits the service's 25/25/10/40 exactly when the amount divides", () => {
    expect(splitCreatorFee(1_000_000n, SERVICE_SPLIT_RATES)).toEqual({ liquidity: 250_000n, rootstock: 250_000n, treasury: 100_000n, payee: 400_000n });
  });

  it('gives the rounding dust to the payee: floors for the other three, nothing lost', () => {
    // 0.25 × 7 = 1.75 -> 1, 0.1 × 7 = 0.7 -> 0; the payee's exact 2.8 becomes 5.
    expect(splitCreatorFee(7n, SERVICE_SPLIT_RATES)).toEqual({ liquidity: 1n, rootstock: 1n, treasury: 0n, payee: 5n });
    expect(splitCreatorFee(0n, SERVICE_SPLIT_RATES)).toEqual({ liquidity: 0n, rootstock: 0n, treasury: 0n, payee: 0n });
    expect(splitCreatorFee(1n, SERVICE_SPLIT_RATES)).toEqual({ liquidity: 0n, rootstock: 0n, treasury: 0n, payee: 1n });
  });

  it('always adds up to the amount, each floored part within one unit of its share, the payee at most 3 above its own', () => {
    const random = new SeededRandom(0x5911n);
    for (let i = 0; i < 3000; i++) {
      const amount = random.magnitude(0n, U64_MAX);
      const a = random.between(0n, 10_000n);
      const b = random.between(0n, 10_000n - a);
      const c = random.between(0n, 10_000n - a - b);
      const rates = splitRates({ liquidityBps: a, rootstockBps: b, treasuryBps: c, payeeBps: 10_000n - a - b - c });
      const parts = splitCreatorFee(amount, rates);
      expect(parts.liquidity + parts.rootstock + parts.treasury + parts.payee).toBe(amount);
      for (const [part, rate] of [[parts.liquidity, a], [parts.rootstock, b], [parts.treasury, c]] as const) {
        expect(part * 10_000n <= amount * rate && amount * rate < (part + 1n) * 10_000n).toBe(true);
      }
      const exactPayee = amount * rates.payeeBps;
      expect(parts.payee * 10_000n >= exactPayee).toBe(true);
      expect(parts.payee * 10_000n - exactPayee < 3n * 10_000n).toBe(true);
    }
  });

  it('refuses rates that do not add up to 10000, or are not rates, naming them', () => {
    expectSplitError(() => splitRates({ liquidityBps: 2500n, rootstockBps: 2500n, treasuryBps: 1000n, payeeBps: 3999n }), 'invalid_split_rates', /add up to 9999 bps, not 10000/);
    expectSplitError(() => splitRates({ liquidityBps: -1n, rootstockBps: 2500n, treasuryBps: 1000n, payeeBps: 6501n }), 'invalid_split_rates', /liquidityBps must be within 0..=10000/);
    expectSplitError(
      () => splitCreatorFee(1n, { liquidityBps: bps(2500n), rootstockBps: bps(2500n), treasuryBps: 1000 as unknown as ReturnType<typeof bps>, payeeBps: bps(4000n) }),
      'invalid_split_rates',
      /treasuryBps must be a bigint, got number/,
    );
  });

  it('refuses an amount that is not a u64, naming it', () => {
    expectSplitError(() => splitCreatorFee(-1n, SERVICE_SPLIT_RATES), 'invalid_amount', /amount/);
    expectSplitError(() => splitCreatorFee(U64_MAX + 1n, SERVICE_SPLIT_RATES), 'invalid_amount', /amount/);
    expectSplitError(() => splitCreatorFee(5 as unknown as bigint, SERVICE_SPLIT_RATES), 'invalid_amount', /amount/);
  });
});

describe('native-pair conversions (core/math/split)', () => {
  const record: PriceRecord = { reference: 2n * RATE_SCALE, toleranceBps: bps(300n) }; // 2 zat per raw unit, 3% below at most

  it('divides the ZEC of one conversion between the treasury and the payee in proportion, the payee taking the rest', () => {
    const native = splitCreatorFee(1_000_003n, SERVICE_SPLIT_RATES);
    const zec = divideConvertedZec(999_999n, native);
    expect(zec.treasury + zec.payee).toBe(999_999n);
    expect(zec.treasury).toBe((999_999n * native.treasury) / (native.treasury + native.payee));
    expect(divideConvertedZec(0n, native)).toEqual({ treasury: 0n, payee: 0n });
    expect(divideConvertedZec(5n, { treasury: 0n, payee: 0n })).toEqual({ treasury: 0n, payee: 5n });
  });

  it('floors a conversion at the reference less the tolerance, and refuses below it naming both figures', () => {
    expect(conversionFloor(1_000n, record)).toBe(1_940n);
    expect(() => checkConversion(1_000n, 1_940n, record)).not.toThrow();
    expectSplitError(() => checkConversion(1_000n, 1_939n, record), 'below_conversion_floor', /would pay 1939 zat, below the floor of 1940 zat/);
    // Rounds down, never up: 3 raw units at 0.5 zat each with no tolerance is 1 zat.
    expect(conversionFloor(3n, { reference: RATE_SCALE / 2n, toleranceBps: bps(0n) })).toBe(1n);
    // Two floors, as the program computes it: the value (1 zat) floored first, then less 3% (0 zat), where
    // one division of 3 × 0.5 × 0.97 would give 1.
    expect(conversionFloor(3n, { reference: RATE_SCALE / 2n, toleranceBps: bps(300n) })).toBe(0n);
  });

  it('refuses a price record that cannot floor anything', () => {
    expectSplitError(() => conversionFloor(1n, { reference: 0n, toleranceBps: bps(0n) }), 'invalid_price_record', /reference rate must be a positive bigint, got 0/);
    expectSplitError(() => conversionFloor(1n, { reference: 1n, toleranceBps: bps(10_000n) }), 'invalid_price_record', /toleranceBps must be within 0..10000/);
  });

  it('records the realised rate in zat per raw unit times 1e12', () => {
    expect(realisedRate(1_000n, 1_940n)).toBe(1_940_000_000_000n);
    expect(realisedRate(3n, 1n)).toBe(333_333_333_333n);
    expect(realisedRate(0n, 0n)).toBe(0n);
  });
});

describe('holder-reward shares (core/math/split)', () => {
  it('pays each holder its floored pro-rata share; the dust is below the number of holders and nothing is lost', () => {
    const random = new SeededRandom(0x70117n);
    for (let i = 0; i < 500; i++) {
      const total = random.magnitude(0n, 10n ** 15n);
      const balances = Array.from({ length: Number(random.between(1n, 40n)) }, () => random.magnitude(0n, 10n ** 15n));
      const { shares, dust } = proRataShares(total, balances);
      expect(shares.reduce((a, b) => a + b, 0n) + dust).toBe(total);
      if (balances.some((b) => b > 0n)) expect(dust >= 0n && dust < BigInt(balances.length)).toBe(true);
      else expect(dust).toBe(total);
    }
    expect(proRataShares(10n, [1n, 1n, 1n])).toEqual({ shares: [3n, 3n, 3n], dust: 1n });
    expect(proRataShares(10n, [0n, 0n])).toEqual({ shares: [0n, 0n], dust: 10n });
  });

  it('refuses a balance that is not a u64, naming its index', () => {
    expectSplitError(() => proRataShares(1n, [1n, -2n]), 'invalid_amount', /balances\[1\]/);
  });
});
