import { describe, expect, it } from 'vitest';
import { averageEntryE18, positionOf, positionTotals, SALE_PRESETS, shareOf } from '../../core/math/position.js';
import { curveEndNote } from '../../core/verify/curve-end.js';

/** The position rules the ticket and Portfolio share (core/math/position.ts), and the curve's-end note. */
describe('positions', () => {
  it('sale presets are exact shares of the balance, floored to a base unit; 100% is the whole of it', () => {
    expect(SALE_PRESETS).toEqual([25n, 50n, 75n, 100n]);
    expect(SALE_PRESETS.map((p) => shareOf(5_640_000_000_001n, p))).toEqual([1_410_000_000_000n, 2_820_000_000_000n, 4_230_000_000_000n, 5_640_000_000_001n]);
    expect(shareOf(3n, 50n)).toBe(1n);
    expect(() => shareOf(10n, 101n)).toThrow(/0 to 100 percent/);
  });

  it('the average entry is the cost per whole coin, ×1e18 (zat × 10^16 / raw units)', () => {
    // 3 ZEC for 1,000,000 whole coins: 0.000003 ZEC a coin.
    expect(averageEntryE18(3n * 10n ** 8n, 10n ** 12n)).toBe(3n * 10n ** 12n);
    expect(averageEntryE18(1n, 0n)).toBeNull();
  });

  it('values what the chain holds and sets it against what the trades cost; a sold-out position is closed with its realised PnL', () => {
    const traded = { balance: 1_000n, costBasisZat: 600n, realisedPnlZat: 0n };
    // 500 units arrived by a transfer: they count in value, they carry no cost.
    expect(positionOf({ amount: 1_500n, valueZat: 900n }, traded)).toMatchObject({ amount: 1_500n, valueZat: 900n, costBasisZat: 600n, unrealisedZat: 300n, closed: false });
    expect(positionOf(null, { balance: 0n, costBasisZat: 0n, realisedPnlZat: 163n })).toMatchObject({ amount: 0n, valueZat: 0n, unrealisedZat: null, realisedZat: 163n, closed: true });
    expect(positionOf({ amount: 10n, valueZat: null }, null)).toMatchObject({ valueZat: null, unrealisedZat: null, averageEntryE18: null, closed: false });
    const totals = positionTotals([positionOf({ amount: 1_500n, valueZat: 900n }, traded), positionOf(null, { balance: 0n, costBasisZat: 0n, realisedPnlZat: -40n })]);
    expect(totals).toEqual({ valueZat: 900n, costBasisZat: 600n, unrealisedZat: 300n, realisedZat: -40n });
  });

  it('a buy that completes the curve says what it really spends and buys', () => {
    expect(curveEndNote({ venue: 'curve', amountIn: String(100n * 10n ** 8n), zecIn: '1939000000', tokensOut: '12300000000000' }, 'GROTH')).toBe(
      'buys the last 12.3M GROTH for 19.39 ZEC (of the 100 ZEC offered; the rest stays in your wallet): the curve completes and the coin moves to its pool',
    );
    expect(curveEndNote({ venue: 'curve', amountIn: '100', zecIn: '100', tokensOut: '5' }, 'GROTH')).toBeNull();
    expect(curveEndNote({ venue: 'pool', amountIn: '100', zecIn: '50', tokensOut: '5' }, 'GROTH')).toBeNull();
  });
});
