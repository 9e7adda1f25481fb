import { describe, expect, it } from 'vitest';
import { dueText, pnlText, ringAmountText, sharePercentText, supplyRows } from '../../renderer/state/service-figures.js';
import { percentShares, placeSupply } from '../../core/math/supply-parts.js';
import { nothingToClaimText, payoutStatus, payoutWords, type PayoutFacts } from '../../core/types/payee-payout.js';
import { formatDecimalUnits } from '../../core/math/units.js';

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
    // dueAt in unix seconds (the schedule's), the clock in milliseconds.
    const now = 1_000_000_400;
    const s = Math.floor(now / 1000);
    expect(dueText({ state: 'idle', dueAt: null }, now)).toBe('nothing waits');
    expect(dueText({ state: 'waiting', dueAt: s }, now)).toBe('due now');
    expect(dueText({ state: 'waiting', dueAt: s + 5 }, now)).toBe('due in 5s'); // 4.6 s, rounded up
    expect(dueText({ state: 'failed', dueAt: s + 190 }, now)).toBe('retry in 3m 10s');
    expect(dueText({ state: 'waiting', dueAt: s + 7_500 }, now)).toBe('due in 2h 5m');
  });

  it('shows each movement in its own unit: the native coin for collects, burns and conversions, ZEC otherwise', () => {
    expect(ringAmountText({ kind: 'split', amount: '123456789', zec: '123456789' }, 'NATIVE')).toBe('1.23456789 ZEC');
    expect(ringAmountText({ kind: 'burn', amount: '2500000', zec: '100' }, 'NATIVE')).toBe('2.5 NATIVE');
    expect(ringAmountText({ kind: 'conversion', amount: '5000000', zec: '250000000' }, 'NATIVE')).toBe('5 NATIVE → 2.5 ZEC');
    expect(ringAmountText({ kind: 'payee', amount: '0', zec: '0' }, 'NATIVE')).toBe('');
  });
  it('places the whole supply: on the curve its coins for sale and the part kept for its pool, on the pool the rest; shares that add up to 100%', () => {
    const supply = 1_000_000_000_000_000n;
    const curve = placeSupply({ supply, held: 65_800_000_000_000n, stage: 'curve', realToken: 727_300_000_000_000n, poolBase: null });
    expect(curve).toEqual({ vaults: [{ role: 'curve', balance: 727_300_000_000_000n }, { role: 'curve-reserve', balance: 206_900_000_000_000n }], unplaced: 0n });
    expect(placeSupply({ supply, held: 10n, stage: 'pool', realToken: 0n, poolBase: supply - 20n })).toEqual({ vaults: [{ role: 'pool', balance: supply - 20n }], unplaced: 10n });
    // Thirds of a whole: the spare hundredth goes to the largest remainder, ties to the earlier part.
    expect(percentShares([1n, 1n, 1n], 3n, 2)).toEqual([3334n, 3333n, 3333n]);
    expect(percentShares([1n, 1n], 3n, 2)).toEqual([3333n, 3333n]); // not the whole: each truncated
    const rows = supplyRows({ supply: String(supply), held: { balance: String(65_800_000_000_000n), shareOfSupply: '0.065800000' }, unplaced: { balance: '0', shareOfSupply: '0.000000000' }, holders: 2, vaults: curve.vaults.map((v) => ({ role: v.role, address: 'x', balance: String(v.balance), shareOfSupply: '0' })) });
    expect(rows.map((r) => [r.label, r.share])).toEqual([
      ['2 holders', '6.58%'],
      ['Bonding curve, for sale', '72.73%'],
      ['Bonding curve, kept for its pool at graduation', '20.69%'],
      ['Supply', '100%'],
    ]);
    expect(pnlText('-150000000', '100000000', (z) => formatDecimalUnits(BigInt(z), 8))).toBe('−0.5 ZEC');
  });

  it("words where a wallet payee's share stands: the service pays it (when), a claim is needed (why), a split is due, or it was paid", () => {
    const now = 1_800_000_000_000;
    const zec = (zat: bigint) => `${formatDecimalUnits(zat, 8)} ZEC`;
    const base: PayoutFacts = { waitingZec: 3_920_000n, unsplit: false, payeeZecAccount: true, payee: 'P', lastPayout: null, runs: true, split: null, claim: { state: 'waiting', dueAt: now + 4_000 } };
    const words = (f: Partial<PayoutFacts>) => payoutWords(payoutStatus({ ...base, ...f }), now, zec);
    expect(words({})).toEqual({ line: 'The service pays it to your ZEC account in 4s.', claimUseful: false, claimNote: 'No need to claim: the service pays these 0.0392 ZEC to your ZEC account in 4s.' });
    expect(words({ claim: { state: 'failed', dueAt: now - 1 } }).line).toBe('The service pays it to your ZEC account any moment now.');
    expect(words({ payeeZecAccount: false })).toMatchObject({ claimUseful: true, line: 'Your wallet has no ZEC account, so the service cannot pay it.' });
    expect(words({ runs: false })).toMatchObject({ claimUseful: true, claimNote: 'Claim it to be paid now.' });
    expect(words({ waitingZec: 0n, unsplit: true, split: { state: 'waiting', dueAt: now + 65_000 } })).toMatchObject({ claimUseful: false, line: 'A split is due: the service splits the latest creator fees in 1m 5s, then pays your 40% to your ZEC account.' });
    expect(words({ waitingZec: 0n, lastPayout: { signature: 'S', at: now / 1000 - 12, zec: 3_920_000n } })).toMatchObject({ claimUseful: false, line: 'Last paid: 0.0392 ZEC 12s ago.' });
    // The claim build's refusal, from the same status.
    const nothing = (f: Partial<PayoutFacts>) => nothingToClaimText('M', payoutStatus({ ...base, waitingZec: 0n, ...f }), now, zec, 'P');
    expect(nothing({ lastPayout: { signature: 'S', at: now / 1000 - 120, zec: 3_920_000n } })).toBe('nothing waits in the fee account of coin M: the payee was paid 0.0392 ZEC 2m ago (transaction S); nothing was split since');
    expect(nothing({ unsplit: true, runs: false, payeeZecAccount: false })).toBe(
      'nothing waits in the fee account of coin M: a split is still due (creator fees from the latest trades are not split yet; this server does not send the split); the payee P has no ZEC account, so the service will not pay it: claim once the split is done (a claim opens the account)',
    );
    expect(nothing({})).toBe('nothing waits in the fee account of coin M: no creator fees have been split for the payee yet');
  });
});
