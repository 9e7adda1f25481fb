import { describe, expect, it } from 'vitest';
import { buyExactQuoteIn as curveBuyExactQuoteIn, buyExactTokens, curveState, sellExactTokens, type CurveState } from '../../core/math/curve.js';
import { isCurveError } from '../../core/math/curve-error.js';
import { BPS_DENOMINATOR, feeAtBps } from '../../core/math/curve-fees.js';
import { isPoolError } from '../../core/math/pool-error.js';
import { poolFeeRates } from '../../core/math/pool-fees.js';
import { buyExactBase, buyExactQuoteIn as poolBuyExactQuoteIn, sellExactBase, type PoolReserves } from '../../core/math/pool.js';
import { quoteUnits as q } from '../../core/math/quote-units.js';
import { routeBuy, routeSell, type RouteBuy, type RouteSell } from '../../core/math/route.js';
import { isRouteError, type RouteErrorCode } from '../../core/math/route-error.js';
import { quoteRouteBuy, quoteRouteSell, routeChargedFeeBps, routeCostBps } from '../../core/math/route-quote.js';
import { hop2CurveRates, hop2PoolRates, routeVenues, type RouteFeeRates, type RouteVenues } from '../../core/math/route-venues.js';
import { bps, tokenUnits as t, zecUnits as zec } from '../../core/math/units.js';
import { randomRouteBuy, randomRouteSell } from './route-cases.js';
import { SeededRandom } from './seeded-random.js';

const CASES = 2000;
const k = (pool: PoolReserves) => pool.baseReserves * pool.quoteReserves;
const hop1Free = poolFeeRates({ lpBps: 0n, protocolBps: 0n, creatorBps: 0n });

/** Runs a trade, answering the code of a RouteError it throws (any other error fails the test). */
function attempt<T>(trade: () => T): T | RouteErrorCode {
  try {
    return trade();
  } catch (error) {
    if (isRouteError(error)) return error.code;
    throw error;
  }
}

/** A venue trade that may refuse with one of `allowed` codes (null then). */
function venueTrade<T>(allowed: readonly string[], trade: () => T): T | null {
  try {
    return trade();
  } catch (error) {
    if ((isCurveError(error) || isPoolError(error)) && allowed.includes(error.code)) return null;
    throw error;
  }
}

/** costBps is the exact rational rounded up: (cost - 1) / 10000 < numerator / denominator <= cost / 10000 (a buy against zecSpent). */
function expectCostBpsExact(venues: RouteVenues, trade: RouteBuy | RouteSell): void {
  const { hop1, hop2 } = venues;
  const [p2n, p2d] = hop2.venue === 'curve' ? [hop2.curve.virtualQuoteReserves, hop2.curve.virtualTokenReserves] : [hop2.pool.quoteReserves, hop2.pool.baseReserves];
  const s = p2n * hop1.quoteReserves;
  const d = p2d * hop1.baseReserves;
  const [numerator, denominator] =
    trade.side === 'buy' ? [trade.zecSpent * d - trade.tokensOut * s, trade.zecSpent * d] : [trade.tokensIn * s - trade.userReceives * d, trade.tokensIn * s];
  const cost = routeCostBps(venues, trade);
  expect(numerator).toBeGreaterThan(0n);
  expect(cost).toBeGreaterThanOrEqual(1n);
  expect(numerator * BPS_DENOMINATOR).toBeLessThanOrEqual(cost * denominator);
  expect(numerator * BPS_DENOMINATOR).toBeGreaterThan((cost - 1n) * denominator);
}

/**
 * feeBps is the fees the trade pays, valued in ZEC at the rate its native coin went through hop 1, over the
 * same base as costBps, rounded up; it never exceeds costBps and priceImpactBps is exactly the difference.
 * The fee value is recomputed here from the trade's own amounts, as a sum of ZEC (not the library's formula).
 */
function expectFiguresConsistent(venues: RouteVenues, trade: RouteBuy | RouteSell, rates: RouteFeeRates): void {
  const { hop1, hop2 } = venues;
  const native = trade.creatorFee + trade.lpFee;
  // The fees and the base as fractions num/den of ZEC: protocol fee + native fees * (zec per native), over the base.
  let feeNum: bigint;
  let feeDen: bigint;
  if (trade.side === 'buy') {
    const zecNet = trade.next.hop1.quoteReserves - hop1.quoteReserves; // what hop 1 kept: z - refund
    const nativeNet = hop1.baseReserves - trade.next.hop1.baseReserves; // what hop 1 gave: n - leftover
    feeNum = trade.protocolFee * nativeNet + native * zecNet;
    feeDen = nativeNet * trade.zecSpent;
  } else {
    const [p2n, p2d] = hop2.venue === 'curve' ? [hop2.curve.virtualQuoteReserves, hop2.curve.virtualTokenReserves] : [hop2.pool.quoteReserves, hop2.pool.baseReserves];
    const spotNum = trade.tokensIn * p2n * hop1.quoteReserves;
    const spotDen = p2d * hop1.baseReserves;
    const n = trade.next.hop1.baseReserves - hop1.baseReserves;
    const zecOut = hop1.quoteReserves - trade.next.hop1.quoteReserves;
    feeNum = (trade.protocolFee * n + native * zecOut) * spotDen;
    feeDen = n * spotNum;
  }
  const fee = routeChargedFeeBps(venues, trade);
  expect(feeNum * 10_000n).toBeLessThanOrEqual(fee * feeDen);
  expect(feeNum * 10_000n).toBeGreaterThan((fee - 1n) * feeDen);
  const cost = routeCostBps(venues, trade);
  expect(fee).toBeLessThanOrEqual(cost);
  const quote = trade.side === 'buy' ? quoteRouteBuy(venues, trade.amountIn, rates, bps(100n)) : quoteRouteSell(venues, trade.tokensIn, rates, bps(100n));
  expect(quote).toMatchObject({ feeBps: fee, costBps: cost, priceImpactBps: cost - fee });
}

describe('route buys over random routes (seeded)', () => {
  it('spend exactly A (less a completing buy\'s refund), pass n from hop 1 to hop 2, and match the venues\' own math', () => {
    const random = new SeededRandom(0x7007_0001n);
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < CASES; i++) {
      const { venues, rates, amountIn } = randomRouteBuy(random);
      const buy = attempt(() => routeBuy(venues, zec(amountIn), rates));
      const outcome = typeof buy === 'string' ? buy : `${buy.venue}${buy.completes ? ' completing' : ''}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      if (typeof buy === 'string') continue;
      const { hop1, hop2 } = venues;
      const n = buy.nativeAmount;

      // ZEC: the protocol fee and z make up A, and hop 1 keeps z less the refund.
      expect(buy.protocolFee).toBe(feeAtBps(q(amountIn), rates.protocolBps));
      expect(buy.protocolFee + buy.zecIntoHop1).toBe(amountIn);
      expect(buy.next.hop1.quoteReserves - hop1.quoteReserves).toBe(buy.zecIntoHop1 - buy.zecRefund);
      expect(buy.zecSpent).toBe(amountIn - buy.zecRefund);
      // Native: n leaves hop 1, n = cost + lpFee + creatorFee + leftover arrives in hop 2, the leftover comes back.
      expect(hop1.baseReserves - buy.next.hop1.baseReserves).toBe(n - buy.leftoverNative);
      expect(buy.nativeCost + buy.lpFee + buy.creatorFee + buy.leftoverNative).toBe(n);
      expect(buy.lpFee).toBe(hop2.venue === 'pool' ? feeAtBps(q(buy.nativeCost), rates.lpBps) : 0n);
      expect(buy.creatorFee).toBeGreaterThanOrEqual(feeAtBps(q(buy.nativeCost), rates.creatorBps));
      if (buy.leftoverNative > 0n) expect(buy.completes).toBe(true);
      else expect(buy.zecRefund).toBe(0n);
      expect(k(buy.next.hop1)).toBeGreaterThanOrEqual(k(hop1));
      // Hop 1 buys what the pool's own fee-free exact-in buy of z would, and keeps the change.
      const hop1Buy = poolBuyExactQuoteIn(hop1, q(buy.zecIntoHop1), hop1Free);
      expect(hop1Buy.baseOut).toBe(n);
      expect(hop1Buy.totalCost).toBeLessThanOrEqual(buy.zecIntoHop1);
      expectCostBpsExact(venues, buy);
      expectFiguresConsistent(venues, buy, rates);

      if (hop2.venue === 'curve' && buy.next.hop2.venue === 'curve') {
        const curveRates = hop2CurveRates(rates);
        const own = buyExactTokens(hop2.curve, buy.tokensOut, curveRates);
        expect(own.quoteCost).toBe(buy.nativeCost);
        expect(own.totalCost).toBeLessThanOrEqual(n);
        expect(own.creatorFee).toBeLessThanOrEqual(buy.creatorFee);
        expect(own.completes).toBe(buy.completes);
        expect(buy.next.hop2.curve).toEqual(own.next);
        // The curve's own exact-in buy with budget n finds the same tokens (both cap them at rT).
        expect(curveBuyExactQuoteIn(hop2.curve, q(n), curveRates).tokens).toBe(buy.tokensOut);
        // Maximal: one more token would cost more than n with its creator fee.
        if (buy.tokensOut < hop2.curve.realTokenReserves) {
          const more = venueTrade(['amount_overflow'], () => buyExactTokens(hop2.curve, t(buy.tokensOut + 1n), curveRates));
          if (more !== null) expect(more.totalCost).toBeGreaterThan(n);
        }
      } else if (hop2.venue === 'pool' && buy.next.hop2.venue === 'pool') {
        const poolRates = hop2PoolRates(rates);
        const own = buyExactBase(hop2.pool, buy.tokensOut, poolRates);
        expect(own.quoteIn).toBe(buy.nativeCost);
        expect(own.lpFee).toBe(buy.lpFee);
        expect(own.totalCost).toBeLessThanOrEqual(n);
        expect(own.creatorFee).toBeLessThanOrEqual(buy.creatorFee);
        expect(buy.next.hop2.pool).toEqual(own.next);
        expect(poolBuyExactQuoteIn(hop2.pool, q(n), poolRates).baseOut).toBe(buy.tokensOut);
        expect(k(buy.next.hop2.pool)).toBeGreaterThanOrEqual(k(hop2.pool));
        if (buy.tokensOut + 1n < hop2.pool.baseReserves) {
          const more = venueTrade(['amount_overflow'], () => buyExactBase(hop2.pool, t(buy.tokensOut + 1n), poolRates));
          if (more !== null) expect(more.totalCost).toBeGreaterThan(n);
        }
      } else {
        throw new Error('hop 2 changed venue');
      }

      // Selling the tokens straight back never returns more ZEC than the buy spent.
      const back = attempt(() => routeSell(buy.next, buy.tokensOut, rates));
      if (typeof back !== 'string') expect(back.userReceives).toBeLessThanOrEqual(buy.zecSpent);
    }
    expect(outcomes.curve ?? 0).toBeGreaterThan(CASES / 8);
    expect(outcomes.pool ?? 0).toBeGreaterThan(CASES / 4);
    expect(outcomes.zec_in_too_small ?? 0).toBeGreaterThan(0);
    expect(outcomes['curve completing'] ?? 0).toBeGreaterThan(CASES / 40);
  });

  it('a buy that completes the curve conserves value and sells exactly its leftover back through hop 1', () => {
    const random = new SeededRandom(0x7007_0002n);
    let completing = 0;
    let refunded = 0;
    for (let i = 0; i < CASES; i++) {
      const { venues, rates, amountIn } = randomRouteBuy(random);
      if (venues.hop2.venue !== 'curve') continue;
      const first = attempt(() => routeBuy(venues, zec(amountIn), rates));
      if (typeof first === 'string') continue;
      // The same buy on the curve with fewer tokens left: between 1 and all the buy took (exactly them now and then).
      const left = random.chance(1n, 8n) ? first.tokensOut : random.between(1n, first.tokensOut);
      const curve = curveState({ ...venues.hop2.curve, realTokenReserves: left });
      const shorter = routeVenues(venues.hop1, { venue: 'curve', curve });
      const buy = routeBuy(shorter, zec(amountIn), rates);
      expectCompletingBuyConserves(shorter, curve, amountIn, rates, buy);
      completing++;
      if (buy.zecRefund > 0n) refunded++;
    }
    expect(completing).toBeGreaterThan(CASES / 8);
    expect(refunded).toBeGreaterThan(CASES / 16);
  });
});

function expectCompletingBuyConserves(venues: RouteVenues, curve: CurveState, amountIn: bigint, rates: RouteFeeRates, buy: RouteBuy): void {
  const { hop1 } = venues;
  const { protocolFee, zecIntoHop1: z, nativeAmount: n, nativeCost: cost, creatorFee, leftoverNative: leftover, zecRefund } = buy;
  expect(buy).toMatchObject({ venue: 'curve', completes: true, tokensOut: curve.realTokenReserves, lpFee: 0n });
  // ZEC: A = protocolFee + z; z ends in hop 1 less the refund; the buyer spends A - zecRefund.
  expect(protocolFee + z).toBe(amountIn);
  expect(buy.next.hop1.quoteReserves).toBe(hop1.quoteReserves + z - zecRefund);
  expect(buy.zecSpent).toBe(amountIn - zecRefund);
  expect(protocolFee + (buy.next.hop1.quoteReserves - hop1.quoteReserves) + zecRefund).toBe(amountIn);
  expect(zecRefund).toBeLessThan(z);
  // Native: n = cost + creatorFee + leftover; hop 1's native ends at B1 - n + leftover; what it gave net is
  // exactly what the curve's reserves gained plus the creator fee accrued.
  expect(cost + creatorFee + leftover).toBe(n);
  expect(buy.next.hop1.baseReserves).toBe(hop1.baseReserves - n + leftover);
  if (buy.next.hop2.venue !== 'curve') throw new Error('hop 2 changed venue');
  expect(buy.next.hop2.curve.realQuoteReserves - curve.realQuoteReserves + creatorFee).toBe(hop1.baseReserves - buy.next.hop1.baseReserves);
  expect(buy.next.hop2.curve).toMatchObject({ realTokenReserves: 0n, complete: true });
  // The curve's own buy of its last tokens charges the same cost; an overfill pays exactly its creator fee.
  const own = buyExactTokens(curve, t(curve.realTokenReserves), hop2CurveRates(rates));
  expect(own.quoteCost).toBe(cost);
  expect(buy.next.hop2.curve).toEqual(own.next);
  if (leftover > 0n) expect(creatorFee).toBe(own.creatorFee);
  else expect(creatorFee).toBeGreaterThanOrEqual(own.creatorFee);
  // The refund is hop 1's own fee-free sale of the leftover from where the forward hop left it.
  const forward = { baseReserves: t(hop1.baseReserves - n), quoteReserves: q(hop1.quoteReserves + z) };
  if (leftover > 0n) {
    const back = sellExactBase(forward, t(leftover), hop1Free);
    expect(back.quoteOut).toBe(zecRefund);
    expect(buy.next.hop1).toEqual(back.next);
  } else {
    expect(zecRefund).toBe(0n);
    expect(buy.next.hop1).toEqual(forward);
  }
  expect(k(buy.next.hop1)).toBeGreaterThanOrEqual(k(hop1));
  expectCostBpsExact(venues, buy);
  expectFiguresConsistent(venues, buy, rates);
}

describe('route sales over random routes (seeded)', () => {
  it('conserve every unit from T in to the ZEC out, and match the venues\' own math', () => {
    const random = new SeededRandom(0x7007_0003n);
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < CASES; i++) {
      const { venues, rates, tokensIn } = randomRouteSell(random);
      const sale = attempt(() => routeSell(venues, t(tokensIn), rates));
      const outcome = typeof sale === 'string' ? sale : sale.venue;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      if (typeof sale === 'string') continue;
      const { hop1, hop2 } = venues;
      const n = sale.nativeAmount;

      // Native: what hop 2 pays splits into its fees and n, and n arrives in hop 1 whole.
      expect(sale.lpFee + sale.creatorFee + n).toBe(sale.nativeOut);
      expect(n).toBeGreaterThan(0n);
      expect(sale.next.hop1.baseReserves - hop1.baseReserves).toBe(n);
      // ZEC: what leaves hop 1 splits into the protocol fee and the seller's proceeds.
      expect(hop1.quoteReserves - sale.next.hop1.quoteReserves).toBe(sale.zecOut);
      expect(sale.protocolFee + sale.userReceives).toBe(sale.zecOut);
      expect(sale.protocolFee).toBe(feeAtBps(q(sale.zecOut), rates.protocolBps));
      expect(k(sale.next.hop1)).toBeGreaterThanOrEqual(k(hop1));
      const hop1Sale = sellExactBase(hop1, t(n), hop1Free);
      expect(hop1Sale.quoteOut).toBe(sale.zecOut);
      expect(sale.next.hop1).toEqual(hop1Sale.next);
      expectCostBpsExact(venues, sale);
      expectFiguresConsistent(venues, sale, rates);

      if (hop2.venue === 'curve' && sale.next.hop2.venue === 'curve') {
        const own = sellExactTokens(hop2.curve, t(tokensIn), hop2CurveRates(rates));
        expect(own.quoteOut).toBe(sale.nativeOut);
        expect(own.creatorFee).toBe(sale.creatorFee);
        expect(own.userReceives).toBe(n);
        expect(sale.next.hop2.curve).toEqual(own.next);
        expect(hop2.curve.realQuoteReserves - sale.next.hop2.curve.realQuoteReserves).toBe(sale.nativeOut);
      } else if (hop2.venue === 'pool' && sale.next.hop2.venue === 'pool') {
        const own = sellExactBase(hop2.pool, t(tokensIn), hop2PoolRates(rates));
        expect(own.quoteOut).toBe(sale.nativeOut);
        expect(own.lpFee).toBe(sale.lpFee);
        expect(own.creatorFee).toBe(sale.creatorFee);
        expect(own.userReceives).toBe(n);
        expect(sale.next.hop2.pool).toEqual(own.next);
        expect(hop2.pool.quoteReserves - sale.next.hop2.pool.quoteReserves).toBe(sale.nativeOut - sale.lpFee);
      } else {
        throw new Error('hop 2 changed venue');
      }
    }
    expect(outcomes.curve ?? 0).toBeGreaterThan(CASES / 16);
    expect(outcomes.pool ?? 0).toBeGreaterThan(CASES / 4);
    expect(outcomes.insufficient_quote_reserves ?? 0).toBeGreaterThan(0);
    expect(outcomes.sell_output_below_fees ?? 0).toBeGreaterThan(0);
  });
});
