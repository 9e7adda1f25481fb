import { describe, expect, it } from 'vitest';
import { ticketAmount, ticketUnit } from '../../core/verify/ticket.js';

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
