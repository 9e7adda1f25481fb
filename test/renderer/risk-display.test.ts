import { describe, expect, it } from 'vitest';
import { percentOfSupply, shareBillionths, sharePercent, RISK_DEFINITIONS } from '../../core/types/risk-figures.js';
import { isConcentrated, riskBrief, riskStrip } from '../../renderer/state/coin-risk.js';
import type { CoinRiskBlockJson, CoinRiskJson } from '../../renderer/api/api-types.js';

const MINT = 'Coin111111111111111111111111111111111111111';
const block = (over: Partial<CoinRiskBlockJson> = {}): CoinRiskBlockJson => ({
  holders: 5, top10Share: '0.066000000', deployerSold: false, deployerShare: '0.030000000', sniperShare: '0.000000000',
  bundled: false, bundleShare: '0.000000000', freshShare: '0.000000000', ...over,
});

/** The risk figures as the desk shows them: shares from the API's nine-decimal strings, exactly. */
describe('risk figures on the desk', () => {
  it('reads a nine-decimal share into billionths digit by digit, and refuses anything else', () => {
    expect(shareBillionths('0.066000000')).toBe(66_000_000n);
    expect(shareBillionths('1.000000000')).toBe(1_000_000_000n);
    expect(shareBillionths('0.000000001')).toBe(1n);
    // A share a float would misread: 0.1 + 0.2 style digits stay exact.
    expect(shareBillionths('0.300000004')).toBe(300_000_004n);
    for (const bad of ['0.066', '.066000000', '0,066000000', '6.6%', '-0.066000000', '0.0660000001', '1e-9', '']) expect(() => shareBillionths(bad), bad).toThrow(RangeError);
  });

  it('shows a share as percent with one decimal, truncated, as the summary writes it', () => {
    expect(sharePercent('0.066000000')).toBe('6.6%');
    expect(sharePercent('0.345999999')).toBe('34.5%'); // truncated, never rounded up
    expect(sharePercent('0.500000000')).toBe('50.0%');
    expect(sharePercent('1.000000000')).toBe('100.0%');
    expect(sharePercent('0.000000000')).toBe('0%');
    expect(sharePercent('0.000999999')).toBe('0.0%'); // something, under a tenth of a percent
    // The same tenth as percentOfSupply on the raw units the share was truncated from.
    const supply = 1_000_000_000_000_000n;
    for (const part of [1_000_000n, 65_999_999_999_999n, 66_000_000_000_000n, 345_678_901_234_567n, 999_999_999_999_999n]) {
      const billionths = (part * 1_000_000_000n) / supply;
      const share = `${billionths / 1_000_000_000n}.${String(billionths % 1_000_000_000n).padStart(9, '0')}`;
      expect(sharePercent(share), share).toBe(percentOfSupply(part, supply));
    }
    // Only a holding under a billionth of the supply differs: its share is 0 to nine decimals, so "0%" where
    // the summary (from raw units) says "0.0%".
    expect([sharePercent('0.000000000'), percentOfSupply(1n, supply)]).toEqual(['0%', '0.0%']);
  });

  it("a card's brief: holders grouped, the top 10's share, and a badge only for what calls for a look", () => {
    expect(riskBrief({})).toBeNull();
    expect(riskBrief({ risk: block({ holders: 12_345 }) })).toEqual({ holders: '12,345', top10: '6.6%', concentrated: false, deployerSold: false, bundled: null, snipers: null });
    expect(riskBrief({ risk: block({ top10Share: '0.712345678', deployerSold: true, bundled: true, bundleShare: '0.030000000', sniperShare: '0.000000001' }) })).toEqual({
      holders: '5', top10: '71.2%', concentrated: true, deployerSold: true, bundled: '3.0%', snipers: '0.0%',
    });
  });

  it('a top 10 over half of the supply is concentrated; exactly half is not', () => {
    expect(isConcentrated('0.500000000')).toBe(false);
    expect(isConcentrated('0.500000001')).toBe(true);
    expect(isConcentrated('0.499999999')).toBe(false);
  });

  it("the header's strip: every figure with its definition, the deployer's sale as a share of the supply", () => {
    const held = (balance: string, shareOfSupply: string) => ({ balance, shareOfSupply });
    const risk: CoinRiskJson = {
      mint: MINT, supply: '1000000000000000', holders: 4, top10: held('66000000000000', '0.066000000'),
      deployer: { held: held('15000000000000', '0.015000000'), bought: '30000000000000', sold: '15000000000000', hasSold: true },
      snipers: { count: 3, held: held('35000000000000', '0.035000000'), withinSlots: 4 },
      bundle: { count: 2, bundled: true, held: held('30000000000000', '0.030000000') },
      fresh: { count: 1, held: held('5000000000000', '0.005000000') },
      summary: 'whatever the server wrote.',
    };
    expect(riskStrip(risk).map((f) => [f.key, f.label, f.value, f.tone, f.definition])).toEqual([
      ['holders', 'Holders', '4', 'plain', RISK_DEFINITIONS.holders],
      ['top10', 'Top 10', '6.6%', 'plain', RISK_DEFINITIONS.top10],
      ['deployer', 'Deployer', 'sold 1.5%, holds 1.5%', 'alarm', RISK_DEFINITIONS.deployer],
      ['snipers', 'Snipers', '3 wallets · 3.5%', 'caution', RISK_DEFINITIONS.snipers],
      ['bundle', 'Bundled launch', '2 wallets · 3.0%', 'caution', RISK_DEFINITIONS.bundle],
      ['fresh', 'Fresh wallets', '1 wallet · 0.5%', 'plain', RISK_DEFINITIONS.fresh],
    ]);
    const quiet = { ...risk, deployer: { ...risk.deployer, sold: '0', hasSold: false }, snipers: { ...risk.snipers, count: 0, held: held('0', '0.000000000') }, bundle: { count: 1, bundled: false, held: held('1', '0.000000001') } };
    expect(riskStrip(quiet).map((f) => [f.label, f.value, f.tone])).toEqual([
      ['Holders', '4', 'plain'], ['Top 10', '6.6%', 'plain'], ['Deployer', 'holds 1.5%', 'plain'], ['Snipers', 'none', 'plain'], ['Bundle', '1 wallet · 0.0%', 'plain'], ['Fresh wallets', '1 wallet · 0.5%', 'plain'],
    ]);
  });
});
