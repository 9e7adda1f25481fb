import { describe, expect, it } from 'vitest';
import { ticketAmount, ticketUnit, ticketVerdict } from '../../core/verify/ticket.js';

/** The ticket's amount: typed whole units to exact base units, or why not, in words. */
describe('the trade ticket amount', () => {
  it('reads ZEC, SOL and coins exactly, in their own decimals', () => {
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '1.5' })).toEqual({ amount: 150_000_000n });
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '0.00000001' })).toEqual({ amount: 1n });
    expect(ticketAmount({ side: 'buy', pay: 'SOL', amountText: '0.000000001' })).toEqual({ amount: 1n });
    expect(ticketAmount({ side: 'sell', pay: 'ZEC', amountText: ' 1000.123456 ' })).toEqual({ amount: 1_000_123_456n });
    // 0.1 + 0.2 is exactly 0.3 here: no float anywhere.
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '0.3' })).toEqual({ amount: 30_000_000n });
    expect(ticketUnit({ side: 'sell', pay: 'SOL' })).toEqual({ name: 'coins', decimals: 6 });
  });

  it('says what is wrong with anything else', () => {
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '' })).toEqual({ problem: 'type an amount of ZEC' });
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '0.000000001' })).toEqual({ problem: 'ZEC have at most 8 decimal places' });
    expect(ticketAmount({ side: 'sell', pay: 'ZEC', amountText: '1e6' })).toEqual({ problem: '"1e6" is not an amount: use digits and one decimal point' });
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '-1' })).toMatchObject({ problem: expect.stringMatching(/is not an amount/) });
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '0' })).toEqual({ problem: 'the amount must be more than zero' });
    expect(ticketAmount({ side: 'buy', pay: 'ZEC', amountText: '999999999999' })).toEqual({ problem: 'the amount is larger than any token account holds' });
  });
});

describe("the ticket's verdict on a build answer, in units", () => {
  const wallet = '11111111111111111111111111111111';
  const ticket = { side: 'buy' as const, amountText: '100', pay: 'ZEC' as const, receive: 'ZEC' as const, slippageBps: 100, wallet };
  const answer = (expected: Record<string, string | number>) => ({ transactions: [], expected: { slippageBps: 100, ...expected }, expiresAt: new Date(Date.now() + 60_000).toISOString() });

  it('says what a buy spends and accepts in ZEC and coins, grouped, never in base units', () => {
    const lines = ticketVerdict(ticket, 4_238_746_824_565n, answer({ maxZecIn: '10000000000', zecIn: '10000000000', minTokensOut: '4238746824565' }));
    expect(lines.find((l) => l.field === 'amount')!.detail).toBe('spends 100 ZEC of the 100 ZEC you typed');
    expect(lines.find((l) => l.field === 'minimum')!.detail).toBe('accepts no fewer than 4,238,746.824565 coins (quoted 4,238,746.824565 coins)');
  });

  it("says a buy capped by the curve's end spends less than it offers", () => {
    const lines = ticketVerdict(ticket, 1n, answer({ maxZecIn: '10000000000', zecIn: '1939482716', minTokensOut: '1' }));
    expect(lines.find((l) => l.field === 'amount')).toEqual({ field: 'amount', ok: true, detail: 'offers up to the 100 ZEC you typed; the curve has fewer coins left: it spends 19.39482716 ZEC and completes the curve' });
  });

  it('says what a sale sells and accepts', () => {
    const lines = ticketVerdict({ ...ticket, side: 'sell', amountText: '1000000' }, 93_000_000n, answer({ tokensIn: '1000000000000', minZecOut: '93000000' }));
    expect(lines.find((l) => l.field === 'amount')!.detail).toBe('sells 1,000,000 coins of the 1,000,000 coins you typed');
    expect(lines.find((l) => l.field === 'minimum')!.detail).toBe('accepts no less than 0.93 ZEC (quoted 0.93 ZEC)');
  });
});
