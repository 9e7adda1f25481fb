import { describe, expect, it } from 'vitest';
import { formatAmount, formatExactUnits } from '../../core/math/decimal-display.js';
import { solCostWords, solParts, solWhy, walletMoveWords } from '../../core/verify/balance-words.js';
import { simulatedAmountLine } from '../../core/verify/simulated-trade-lines.js';
import type { ReviewTicket } from '../../core/verify/trade-ticket-lines.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;

/** The review's amounts in the wallet's words, and the trade's amount line against what the simulation moved. */
describe('balance words', () => {
  it('formats review amounts: compact from 1000 on, four significant digits below, no subscript; exact with groups', () => {
    expect(formatAmount(4_238_746_824_565n, 6)).toBe('4.24M');
    expect(formatAmount(93n * SOL / 100n, 9)).toBe('0.93');
    expect(formatAmount(1_939_482_716n, 8)).toBe('19.39');
    expect(formatAmount(5_000n, 9)).toBe('0.000005');
    expect(formatAmount(2_039_280n, 9)).toBe('0.002039');
    expect(formatAmount(999_960_000n, 6)).toBe('1,000');
    expect(formatAmount(0n, 9)).toBe('0');
    expect(formatAmount(-1_939_482_716n, 8)).toBe('-19.39');
    expect(formatExactUnits(4_238_746_824_565n, 6)).toBe('4,238,746.824565');
    expect(formatExactUnits(-100n * ZEC, 8)).toBe('-100');
  });

  it('follows the wallet: receives or pays, never a signed "moves by"', () => {
    expect(walletMoveWords(93n * SOL / 100n, 9, 'SOL')).toBe('receives 0.93 SOL');
    expect(walletMoveWords(-1_939_482_716n, 8, 'ZEC')).toBe('pays 19.39 ZEC');
    expect(walletMoveWords(4_238_746_824_565n, 6, 'GROTH')).toBe('receives 4.24M GROTH');
    expect(walletMoveWords(0n, 8, 'ZEC')).toBe('unchanged (0 ZEC)');
    expect(solCostWords(-93n * SOL / 100n)).toBe('receives 0.93 SOL');
    expect(solCostWords(4_119_776n)).toBe('pays 0.00412 SOL');
  });

  it('takes the SOL line apart so that its parts add up to the change, the side it ends on first', () => {
    const rent = 2_039_280n;
    const back = solParts(rent - 5_000n, 5_000n, [], [{ label: 'your GROTH account', lamports: rent, why: 'closed: the sale empties it' }]);
    expect(back.rest).toBe(0n);
    expect(solWhy(back, null)).toBe('0.002039 SOL rent back from your GROTH account (closed: the sale empties it), less 0.000005 SOL network fee');
    const swap = solParts(-(SOL + 6_000n + rent), 6_000n, [{ label: 'your GROTH account', lamports: rent, why: null }], []);
    expect(swap.rest).toBe(-SOL);
    expect(solWhy(swap, { paid: 'swapped to ZEC for the buy', received: 'back from the swap' })).toBe('1 SOL swapped to ZEC for the buy, 0.000006 SOL network fee, 0.002039 SOL rent for your GROTH account');
    const many = solParts(-3n * rent, 0n, [{ label: 'your X account', lamports: rent, why: null }, { label: "the coin's bonding curve", lamports: rent, why: null }, { label: 'the fee account', lamports: rent, why: null }], []);
    expect(solWhy(many, null)).toBe('0.006118 SOL rent for 3 new accounts (your X account and 2 more it opens)');
    // Nothing named for it: what is left is said as moved by the transaction, never hidden.
    expect(solWhy(solParts(-SOL, 0n, [], []), null)).toBe('1 SOL moved out by the transaction');
  });
});

describe("a trade's amount line against the simulation", () => {
  const ticket: ReviewTicket = { wallet: 'w' as never, mint: 'm' as never, side: 'buy', amount: 100n * ZEC, pay: 'ZEC', receive: 'ZEC', minimum: 1n };
  const exact = { field: 'amount', ok: true, detail: 'spends exactly the 100 ZEC you typed' };
  const known = { coinTicker: 'GROTH', quoteTicker: 'ZEC', quoteDecimals: 8 };

  it('keeps the line when the simulation spends what was typed', () => {
    expect(simulatedAmountLine(exact, ticket, { quotePaid: 100n * ZEC, coinMoved: 5n, curveLeft: 9n }, known)).toBe(exact);
  });

  it("says a buy capped by the curve's end spends less and completes the curve", () => {
    const line = simulatedAmountLine(exact, ticket, { quotePaid: 1_939_482_716n, coinMoved: 12_300_000_000_000n, curveLeft: 12_300_000_000_000n }, known);
    expect(line).toEqual({ field: 'amount', ok: true, detail: 'offers up to 100 ZEC; the curve has only 12.3M GROTH left: spends 19.39 ZEC and completes the curve; the coin then moves to its pool' });
  });

  it('fails the line when the simulation spends or sells anything else', () => {
    expect(simulatedAmountLine(exact, ticket, { quotePaid: 50n * ZEC, coinMoved: 5n, curveLeft: 9n }, known)).toEqual({ field: 'amount', ok: false, detail: 'the simulation spends 50 ZEC, not the 100 ZEC you typed' });
    const sale = { ...ticket, side: 'sell' as const, amount: 10n ** 12n };
    expect(simulatedAmountLine(exact, sale, { quotePaid: null, coinMoved: 10n ** 11n, curveLeft: null }, known).ok).toBe(false);
  });
});
