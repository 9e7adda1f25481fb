import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, policyBreaches, policyProblem, slippageLeftBps, type QuickTradeFacts } from '../../core/verify/one-click-policy.js';

const ON = { ...DEFAULT_POLICY, enabled: true };
const BUY: QuickTradeFacts = { side: 'buy', pair: 'zec', venue: 'curve', spend: { asset: 'ZEC', amount: 50_000_000n }, slippageBps: 100, priorityLamports: 2_000n };
const NONE = { zec: 0n, sol: 0n };

/** The one-click rules the desk and the signing route share: every bound named, and the slippage a minimum really leaves. */
describe('one-click policy', () => {
  it('lets a trade inside every bound through, and stops everything while off', () => {
    expect(policyBreaches(ON, BUY, NONE)).toEqual([]);
    expect(policyBreaches(DEFAULT_POLICY, BUY, NONE).map((b) => b.bound)).toEqual(['off']);
  });

  it('names each bound a trade crosses, in words with the amounts', () => {
    const wide: QuickTradeFacts = { side: 'buy', pair: 'native', venue: 'route', spend: { asset: 'SOL', amount: 2_000_000_000n }, slippageBps: 900, priorityLamports: 3_000_000n };
    const breaches = policyBreaches({ ...ON, pairs: ['zec'], venues: ['curve', 'pool'] }, wide, { zec: 0n, sol: 9_000_000_000n });
    expect(breaches.map((b) => b.detail)).toEqual([
      'the buy spends 2 SOL, above the 1 SOL a one-click trade may spend',
      'one-click buys have spent 9 SOL in the last 24 hours; this one would make 11 SOL, above the daily cap of 10 SOL',
      'its slippage is 900 bps, above the 300 bps allowed one-click',
      'its priority fee is 0.003 SOL, above the 0.001 SOL allowed one-click',
      'native-pair coins are not allowed one-click',
      'trades on the native route are not allowed one-click',
    ]);
  });

  it('caps no spend on a sale (an exit is never stopped by a spend limit)', () => {
    expect(policyBreaches(ON, { ...BUY, side: 'sell', spend: null }, { zec: 10n ** 12n, sol: 10n ** 12n })).toEqual([]);
  });

  it('says which limit of a policy contradicts another', () => {
    expect(policyProblem({ ...ON, dailyCapSol: 1n })).toBe('dailyCapSol: the daily cap (0.000000001 SOL) is below the most one trade may spend (1 SOL)');
    expect(policyProblem({ ...ON, pairs: ['zec', 'zec'] })).toBe('pairs: each of zec and native at most once');
    expect(policyProblem(ON)).toBeNull();
  });

  it('reads the slippage a minimum leaves the way a quote makes its minimum (floor), exactly', () => {
    const expected = 123_456_789_012n;
    for (const s of [0n, 1n, 100n, 300n, 2_000n]) {
      const minimum = (expected * (10_000n - s)) / 10_000n;
      expect(slippageLeftBps(expected, minimum)).toBe(Number(s));
    }
    expect(slippageLeftBps(expected, 0n)).toBe(10_000);
    expect(slippageLeftBps(expected, expected + 5n)).toBe(0);
  });
});
