import { describe, expect, it } from 'vitest';
import { dueText, ringAmountText, sharePercentText } from '../../renderer/state/service-figures.js';

/** The desk's words for the service's runs: exact shares of supply, due times, movements in their own units. */
describe('service figures', () => {
  it('writes a share of supply as a percent truncated to thousandths, from the exact nine-decimal string', () => {
    expect(sharePercentText('0.012345678')).toBe('1.234%');
    expect(sharePercentText('0.000009999')).toBe('0%');
    expect(sharePercentText('0.000010000')).toBe('0.001%');
    expect(sharePercentText('1.000000000')).toBe('100%');
    expect(sharePercentText('0.781780000')).toBe('78.178%');
    expect(sharePercentText('0.5')).toBe('—'); // not the API's shape
  });

  it('says when a run is due, and that a failed one is retried', () => {
    const now = 1_000_000;
    expect(dueText({ state: 'idle', dueAt: null }, now)).toBe('nothing waits');
    expect(dueText({ state: 'waiting', dueAt: now - 5 }, now)).toBe('due now');
    expect(dueText({ state: 'waiting', dueAt: now + 4_200 }, now)).toBe('due in 5s');
    expect(dueText({ state: 'failed', dueAt: now + 190_000 }, now)).toBe('retry in 3m 10s');
    expect(dueText({ state: 'waiting', dueAt: now + 7_500_000 }, now)).toBe('due in 2h 5m');
  });

  it('shows each movement in its own unit: the native coin for collects, burns and conversions, ZEC otherwise', () => {
    expect(ringAmountText({ kind: 'split', amount: '123456789', zec: '123456789' }, 'NATIVE')).toBe('1.23456789 ZEC');
    expect(ringAmountText({ kind: 'burn', amount: '2500000', zec: '100' }, 'NATIVE')).toBe('2.5 NATIVE');
    expect(ringAmountText({ kind: 'conversion', amount: '5000000', zec: '250000000' }, 'NATIVE')).toBe('5 NATIVE → 2.5 ZEC');
    expect(ringAmountText({ kind: 'payee', amount: '0', zec: '0' }, 'NATIVE')).toBe('');
  });
});
