import { describe, expect, it } from 'vitest';
import {
  buyExactQuoteIn,
  buyExactTokens,
  curveState,
  isCurveState,
  marketCap,
  sellExactTokens,
  spotPricePerWholeToken,
  spotPricePerWholeTokenFloor,
  type CurveState,
} from '../../core/math/curve.js';
import { CurveError, isCurveError, U64_MAX, type CurveErrorCode } from '../../core/math/curve-error.js';
import { curveFees, feeAtBps, feeRates, isFeeRates, largestAmountWithinBudget } from '../../core/math/curve-fees.js';
import { checkMaxQuoteIn, checkMinQuoteOut, checkMinTokensOut, lowerBySlippage, raiseBySlippage } from '../../core/math/curve-slippage.js';
import { quoteUnits as q } from '../../core/math/quote-units.js';
import { bps, tokenUnits as t } from '../../core/math/units.js';

/** Runs `action` and answers the CurveError code it throws (failing when it throws anything else). */
function refusal(action: () => unknown): CurveErrorCode {
  try {
    action();
  } catch (error) {
    if (isCurveError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

// Price 1 quote unit per token unit, 800_000 of 1_000_000 virtual tokens for sale; 1% + 2% + 0.5%.
const even = curveState({ virtualTokenReserves: 1_000_000n, virtualQuoteReserves: 1_000_000n, realTokenReserves: 800_000n, realQuoteReserves: 0n, complete: false });
const rates = feeRates({ protocolBps: 100n, creatorBps: 200n, buybackBps: 50n });
const noFees = feeRates({ protocolBps: 0n, creatorBps: 0n, buybackBps: 0n });
// Mainnet pump's initial curve (SOL-quoted: 30 SOL virtual, 1.073e15 virtual token units).
const pump = curveState({ virtualTokenReserves: 1_073_000_000_000_000n, virtualQuoteReserves: 30_000_000_000n, realTokenReserves: 793_100_000_000_000n, realQuoteReserves: 0n, complete: false });

describe('curve fees', () => {
  it('rounds each fee up: ceil(amount * bps / 10000)', () => {
    expect(feeAtBps(q(1002n), bps(100n))).toBe(11n); // 10.02
    expect(feeAtBps(q(10_000n), bps(100n))).toBe(100n); // exact
    expect(feeAtBps(q(1n), bps(1n))).toBe(1n); // 0.0001
    expect(feeAtBps(q(0n), bps(10_000n))).toBe(0n);
    expect(feeAtBps(q(7n), bps(10_000n))).toBe(7n);
  });

  it('charges protocol, creator and buyback each on its own', () => {
    expect(curveFees(q(1002n), rates)).toEqual({ protocolFee: 11n, creatorFee: 21n, buybackFee: 6n, totalFee: 38n });
    // Rounded separately the three add to 3 where ceil(1 * 350 / 10000) would be 1.
    expect(curveFees(q(1n), rates).totalFee).toBe(3n);
  });

  it('finds the largest amount whose fees fit a budget, stepping down at most twice', () => {
    // c0 = 1040 * 10000 / 10350 = 1004; 1004 + 38 = 1042 and 1003 + 38 = 1041 do not fit, 1002 + 38 does.
    expect(largestAmountWithinBudget(q(1040n), rates)).toBe(1002n);
    expect(largestAmountWithinBudget(q(1040n), noFees)).toBe(1040n);
    expect(largestAmountWithinBudget(q(3n), rates)).toBe(0n);
    expect(largestAmountWithinBudget(q(0n), rates)).toBe(0n);
  });

  it('refuses rates outside 0..=10000 or adding up to more than 10000', () => {
    expect(refusal(() => feeRates({ protocolBps: -1n, creatorBps: 0n, buybackBps: 0n }))).toBe('invalid_fee_rates');
    expect(refusal(() => feeRates({ protocolBps: 10_001n, creatorBps: 0n, buybackBps: 0n }))).toBe('invalid_fee_rates');
    expect(refusal(() => feeRates({ protocolBps: 5000n, creatorBps: 5000n, buybackBps: 1n }))).toBe('invalid_fee_rates');
    expect(isFeeRates({ protocolBps: 1, creatorBps: 0n, buybackBps: 0n })).toBe(false);
    expect(refusal(() => feeAtBps(q(-1n), bps(1n)))).toBe('invalid_amount');
  });
});

describe('curve state', () => {
  it('accepts four u64 reserves with vT > rT and nonzero virtual reserves', () => {
    expect(isCurveState(even)).toBe(true);
    expect(Object.isFrozen(even)).toBe(true);
  });

  it('refuses negative, zero, oversized or inconsistent reserves with a message naming the field', () => {
    const base = { virtualTokenReserves: 10n, virtualQuoteReserves: 10n, realTokenReserves: 5n, realQuoteReserves: 0n, complete: false };
    const cases: [Partial<typeof base>, RegExp][] = [
      [{ realQuoteReserves: -1n }, /realQuoteReserves must not be negative/],
      [{ virtualTokenReserves: 0n, realTokenReserves: 0n }, /virtualTokenReserves must not be zero/],
      [{ virtualQuoteReserves: 0n }, /virtualQuoteReserves must not be zero/],
      [{ realTokenReserves: 10n }, /realTokenReserves \(10\) must be below virtualTokenReserves \(10\)/],
      [{ virtualQuoteReserves: U64_MAX + 1n }, /does not fit in a u64/],
    ];
    for (const [change, message] of cases) {
      expect(() => curveState({ ...base, ...change })).toThrow(message);
      expect(refusal(() => curveState({ ...base, ...change }))).toBe('invalid_curve_state');
    }
    expect(isCurveState({ ...base, virtualQuoteReserves: 10 })).toBe(false);
    expect(isCurveState({ ...base, complete: 'no' })).toBe(false);
    expect(refusal(() => buyExactTokens({ ...even, virtualQuoteReserves: q(0n) }, t(1n), rates))).toBe('invalid_curve_state');
  });
});

describe('buyExactTokens', () => {
  it('charges tokens * vQ / (vT - tokens) + 1, then each fee rounded up', () => {
    const buy = buyExactTokens(even, t(1000n), rates);
    // 1000 * 1e6 / 999_000 = 1001.001 -> 1001, + 1 = 1002; fees 10.02 -> 11, 20.04 -> 21, 5.01 -> 6.
    expect(buy).toEqual({
      tokens: 1000n,
      quoteCost: 1002n,
      protocolFee: 11n,
      creatorFee: 21n,
      buybackFee: 6n,
      totalCost: 1040n,
      completes: false,
      next: { virtualTokenReserves: 999_000n, virtualQuoteReserves: 1_001_002n, realTokenReserves: 799_000n, realQuoteReserves: 1002n, complete: false },
    });
    expect(Object.isFrozen(buy) && Object.isFrozen(buy.next)).toBe(true);
  });

  it('prices the first token of a pump curve at one lamport (the + 1)', () => {
    // 1 * 3e10 / (1.073e15 - 1) = 0.000028 -> 0, + 1.
    expect(buyExactTokens(pump, t(1n), noFees).quoteCost).toBe(1n);
    // 35_766 tokens: 35_766 * 3e10 / (1.073e15 - 35_766) = 0.99999... -> 0, + 1; 35_767 tokens cost 2.
    expect(buyExactTokens(pump, t(35_766n), noFees).quoteCost).toBe(1n);
    expect(buyExactTokens(pump, t(35_767n), noFees).quoteCost).toBe(2n);
  });

  it('caps the tokens at the real reserves and completes the curve', () => {
    const last = curveState({ ...even, realTokenReserves: 1000n });
    const buy = buyExactTokens(last, t(5000n), rates);
    expect(buy.tokens).toBe(1000n);
    expect(buy.totalCost).toBe(1040n);
    expect(buy.completes).toBe(true);
    expect(buy.next).toMatchObject({ realTokenReserves: 0n, complete: true });
    expect(refusal(() => buyExactTokens(buy.next, t(1n), rates))).toBe('curve_complete');
  });

  it('refuses zero, negative and oversized amounts, and a complete curve', () => {
    expect(refusal(() => buyExactTokens(even, t(0n), rates))).toBe('buy_zero_amount');
    expect(refusal(() => buyExactTokens(even, t(-1n), rates))).toBe('invalid_amount');
    expect(refusal(() => buyExactTokens(even, t(U64_MAX + 1n), rates))).toBe('invalid_amount');
    expect(refusal(() => buyExactTokens({ ...even, complete: true }, t(1n), rates))).toBe('curve_complete');
    expect(refusal(() => buyExactTokens(curveState({ ...even, realTokenReserves: 0n }), t(1n), rates))).toBe('curve_complete');
  });

  it('refuses a cost that would overflow a u64', () => {
    const steep = curveState({ virtualTokenReserves: 1n << 62n, virtualQuoteReserves: 1n << 62n, realTokenReserves: (1n << 62n) - 1n, realQuoteReserves: 0n, complete: false });
    expect(refusal(() => buyExactTokens(steep, t((1n << 62n) - 1n), rates))).toBe('amount_overflow');
  });
});

describe('buyExactQuoteIn', () => {
  it('buys the most tokens the quote pays for, fees included', () => {
    // c = 1002 (see the fees test); t = (1002 * 1e6 - 1) / (1e6 + 1002) = 1000; 1001 tokens would cost 1041.
    const buy = buyExactQuoteIn(even, q(1040n), rates);
    expect(buy).toMatchObject({ tokens: 1000n, quoteCost: 1002n, totalCost: 1040n, spendable: 1040n, unspent: 0n });
    expect(buyExactTokens(even, t(1001n), rates).totalCost).toBe(1041n);
    // c0 = 1045 * 10000 / 10350 = 1009; 1009 and 1008 do not fit, 1007 does: t = (1007e6 - 1) / 1_001_007 = 1005.
    expect(buyExactQuoteIn(even, q(1045n), rates)).toMatchObject({ tokens: 1005n, quoteCost: 1007n, totalCost: 1045n, unspent: 0n });
  });

  it('reports what is left when the real reserves run out first', () => {
    const last = curveState({ ...even, realTokenReserves: 1000n });
    expect(buyExactQuoteIn(last, q(5000n), rates)).toMatchObject({ tokens: 1000n, totalCost: 1040n, unspent: 3960n, completes: true });
  });

  it('refuses a quote that pays for no token', () => {
    expect(refusal(() => buyExactQuoteIn(even, q(0n), rates))).toBe('buy_zero_amount');
    // 3: even a quote cost of 1 comes to 4 with its three fees.
    expect(refusal(() => buyExactQuoteIn(even, q(3n), rates))).toBe('quote_in_too_small');
    // 4: a quote cost of 1 fits, but at price 1 it buys (1e6 - 1) / (1e6 + 1) = 0 tokens.
    expect(refusal(() => buyExactQuoteIn(even, q(4n), rates))).toBe('quote_in_too_small');
    // 5: a quote cost of 2 fits (2 + 1 + 1 + 1) and buys one token.
    expect(buyExactQuoteIn(even, q(5n), rates)).toMatchObject({ tokens: 1n, quoteCost: 2n, totalCost: 5n, unspent: 0n });
    expect(refusal(() => buyExactQuoteIn({ ...even, complete: true }, q(5n), rates))).toBe('curve_complete');
    expect(refusal(() => buyExactQuoteIn(even, q(-5n), rates))).toBe('invalid_amount');
  });

  it('needs no token-by-token search where stepping down from the SDK estimate would take 35_767 steps', () => {
    // Pump's curve, 10 lamports, 0.05% + 2% + 0.1%. The SDK-style start, input = 9 * 10000 / 10215 = 8
    // and 8 * vT / (vQ + 8) = 286_133 tokens, costs 8 + 1 + 1 + 1 = 11 > 10. Every token costs
    // 1/35_767 lamport, so stepping down one token at a time would take 35_767 steps to reach a cost of 7.
    const three = feeRates({ protocolBps: 5n, creatorBps: 200n, buybackBps: 10n });
    expect(buyExactTokens(pump, t(286_133n), three).totalCost).toBe(11n);
    const buy = buyExactQuoteIn(pump, q(10n), three);
    expect(buy).toMatchObject({ tokens: 250_366n, quoteCost: 7n, totalCost: 10n, unspent: 0n });
    expect(buyExactTokens(pump, t(250_367n), three).totalCost).toBe(11n);
    expect(286_133n - buy.tokens).toBe(35_767n);
  });
});

describe('sellExactTokens', () => {
  const afterBuy = buyExactTokens(even, t(1000n), rates).next;

  it('pays tokens * vQ / (vT + tokens) rounded down, less each fee rounded up', () => {
    // 1000 * 1_001_002 / 1_000_000 = 1001.002 -> 1001; fees 10.01 -> 11, 20.02 -> 21, 5.005 -> 6.
    expect(sellExactTokens(afterBuy, t(1000n), rates)).toEqual({
      tokens: 1000n,
      quoteOut: 1001n,
      protocolFee: 11n,
      creatorFee: 21n,
      buybackFee: 6n,
      userReceives: 963n,
      next: { virtualTokenReserves: 1_000_000n, virtualQuoteReserves: 1_000_001n, realTokenReserves: 800_000n, realQuoteReserves: 1n, complete: false },
    });
  });

  it('refuses to pay out more than the curve holds', () => {
    expect(refusal(() => sellExactTokens(even, t(1000n), rates))).toBe('insufficient_quote_reserves');
    expect(refusal(() => sellExactTokens(afterBuy, t(1003n), rates))).toBe('insufficient_quote_reserves');
  });

  it('refuses a sale whose fees exceed what it pays out, and passes a sale of nothing but dust', () => {
    // 2 * 1_001_002 / 999_002 = 2.004 -> 2, while the three fees are 1 each.
    expect(refusal(() => sellExactTokens(afterBuy, t(2n), rates))).toBe('sell_output_below_fees');
    // 1 * 1_001_002 / 999_001 = 1.002 -> 1: pays 1 with no fees.
    expect(sellExactTokens(afterBuy, t(1n), noFees)).toMatchObject({ quoteOut: 1n, userReceives: 1n });
    // On the pump curve one token unit is worth 0.00003 lamport: it pays 0 and owes 0 fees.
    expect(sellExactTokens(curveState({ ...pump, realQuoteReserves: 10n }), t(1n), rates)).toMatchObject({ quoteOut: 0n, userReceives: 0n });
  });

  it('refuses zero, negative amounts, a complete curve and reserves that would overflow', () => {
    expect(refusal(() => sellExactTokens(afterBuy, t(0n), rates))).toBe('sell_zero_amount');
    expect(refusal(() => sellExactTokens(afterBuy, t(-1n), rates))).toBe('invalid_amount');
    expect(refusal(() => sellExactTokens({ ...afterBuy, complete: true }, t(1n), rates))).toBe('curve_complete');
    const huge = curveState({ virtualTokenReserves: U64_MAX, virtualQuoteReserves: 1n, realTokenReserves: 0n, realQuoteReserves: 1n, complete: false });
    expect(refusal(() => sellExactTokens(huge, t(1n), noFees))).toBe('amount_overflow');
  });
});

describe('price and market cap', () => {
  it('values the supply at vQ * supply / vT, rounded down', () => {
    // 3e10 * 1e15 / 1.073e15 = 27_958_993_476.2
    expect(marketCap(pump, t(1_000_000_000_000_000n))).toBe(27_958_993_476n);
    expect(marketCap(even, t(0n))).toBe(0n);
  });

  it('prices one whole token exactly, as a reduced fraction, and rounded down', () => {
    // 3e10 * 1e6 / 1.073e15 = 30000 / 1073 lamports = 27.96
    expect(spotPricePerWholeToken(pump, 6)).toEqual({ numerator: 30_000n, denominator: 1073n });
    expect(spotPricePerWholeTokenFloor(pump, 6)).toBe(27n);
    expect(spotPricePerWholeToken(even, 0)).toEqual({ numerator: 1n, denominator: 1n });
    expect(refusal(() => spotPricePerWholeToken(pump, 1.5))).toBe('invalid_amount');
    expect(refusal(() => spotPricePerWholeToken(pump, -1))).toBe('invalid_amount');
  });
});

describe('slippage', () => {
  const buy = buyExactTokens(even, t(1000n), rates);
  const sell = sellExactTokens(buy.next, t(1000n), rates);

  it('refuses a buy that costs more than its maximum, fees included', () => {
    expect(checkMaxQuoteIn(buy, q(1040n))).toBeNull();
    const refused = checkMaxQuoteIn(buy, q(1039n));
    expect(refused).toBeInstanceOf(CurveError);
    expect(refused).toMatchObject({ code: 'too_much_quote_required', details: { totalCost: 1040n, maxQuoteIn: 1039n } });
  });

  it('refuses a buy below its minimum tokens and a sale below its minimum quote after fees', () => {
    expect(checkMinTokensOut(buy, t(1000n))).toBeNull();
    expect(checkMinTokensOut(buy, t(1001n))?.code).toBe('below_min_tokens_out');
    expect(checkMinQuoteOut(sell, q(963n))).toBeNull();
    expect(checkMinQuoteOut(sell, q(964n))?.code).toBe('too_little_quote_received');
    expect(refusal(() => checkMinQuoteOut(sell, q(-1n)))).toBe('invalid_amount');
  });

  it('derives bounds from a slippage in bps, rounding in the trader\'s disfavour', () => {
    expect(lowerBySlippage(t(1000n), bps(100n))).toBe(990n);
    expect(lowerBySlippage(t(999n), bps(100n))).toBe(989n); // 989.01
    expect(raiseBySlippage(q(1001n), bps(100n))).toBe(1012n); // 1011.01
    expect(raiseBySlippage(q(U64_MAX), bps(100n))).toBe(U64_MAX);
    expect(refusal(() => lowerBySlippage(t(1n), bps(10_001n)))).toBe('invalid_amount');
  });
});

// Typed use: a CurveState's quote side cannot take token units.
// @ts-expect-error TokenUnits are not QuoteUnits
const _mixed: CurveState = { ...even, virtualQuoteReserves: t(1n) };
