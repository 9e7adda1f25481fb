import { describe, expect, it } from 'vitest';
import { curveState, type CurveState } from '../../core/math/curve.js';
import { U64_MAX } from '../../core/math/curve-error.js';
import type { NativeUnits } from '../../core/math/native-units.js';
import { poolReserves } from '../../core/math/pool.js';
import { routeBuy, routeSell } from '../../core/math/route.js';
import { isRouteError, type RouteErrorCode } from '../../core/math/route-error.js';
import { checkRouteMinTokensOut, checkRouteMinZecOut, quoteRouteBuy, quoteRouteSell } from '../../core/math/route-quote.js';
import { isRouteFeeRates, isRouteVenues, NATIVE_ROUTE_FEE_RATES as R, routeFeeBps, routeFeeRates, routeVenues, type RouteVenues } from '../../core/math/route-venues.js';
import { bps, tokenUnits as t, zecUnits as zec } from '../../core/math/units.js';

/** Runs `action` and answers the RouteError code it throws (failing when it throws anything else). */
function refusal(action: () => unknown): RouteErrorCode {
  try {
    action();
  } catch (error) {
    if (isRouteError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

// Everything at price 1 and 1e6 deep: hop 1 (native/ZEC), a curve with 800_000 tokens for sale, a pool.
const hop1 = poolReserves({ baseReserves: 1_000_000n, quoteReserves: 1_000_000n });
const curve = curveState({ virtualTokenReserves: 1_000_000n, virtualQuoteReserves: 1_000_000n, realTokenReserves: 800_000n, realQuoteReserves: 0n, complete: false });
const pool = poolReserves({ baseReserves: 1_000_000n, quoteReserves: 1_000_000n });
const onCurve = (state: CurveState = curve, first = hop1): RouteVenues => routeVenues(first, { venue: 'curve', curve: state });
const onPool = routeVenues(hop1, { venue: 'pool', pool });
const noFees = routeFeeRates({ protocolBps: 0n, creatorBps: 0n, lpBps: 0n });

describe('route rates and venues', () => {
  it('holds the spec rates and sums the fees the trader pays', () => {
    expect(R).toEqual({ protocolBps: 5n, creatorBps: 200n, lpBps: 20n });
    expect(routeFeeBps(R, 'curve')).toBe(205n);
    expect(routeFeeBps(R, 'pool')).toBe(225n);
  });

  it('refuses rates outside 0..=10000 and hop-2 rates adding up to more than 10000', () => {
    expect(refusal(() => routeFeeRates({ protocolBps: -1n, creatorBps: 0n, lpBps: 0n }))).toBe('invalid_fee_rates');
    expect(refusal(() => routeFeeRates({ protocolBps: 10_001n, creatorBps: 0n, lpBps: 0n }))).toBe('invalid_fee_rates');
    expect(refusal(() => routeFeeRates({ protocolBps: 0n, creatorBps: 9_990n, lpBps: 11n }))).toBe('invalid_fee_rates');
    expect(isRouteFeeRates({ protocolBps: 10_000n, creatorBps: 9_990n, lpBps: 10n })).toBe(true);
    expect(isRouteFeeRates({ protocolBps: 5, creatorBps: 200n, lpBps: 20n })).toBe(false);
    expect(refusal(() => routeBuy(onPool, zec(10n), { ...R, lpBps: bps(-1n) }))).toBe('invalid_fee_rates');
  });

  it('refuses zero or malformed reserves, naming the hop', () => {
    const empty = { ...hop1, quoteReserves: 0n };
    expect(() => routeBuy({ hop1: empty, hop2: { venue: 'pool', pool } } as never, zec(10n), R)).toThrow(/hop 1 \(the native-coin\/ZEC pool\): quoteReserves must not be zero/);
    expect(refusal(() => routeBuy({ hop1: empty, hop2: { venue: 'pool', pool } } as never, zec(10n), R))).toBe('invalid_pool_state');
    expect(refusal(() => routeSell({ hop1, hop2: { venue: 'pool', pool: { ...pool, baseReserves: 0n } } } as never, t(10n), R))).toBe('invalid_pool_state');
    expect(() => routeBuy({ hop1, hop2: { venue: 'curve', curve: { ...curve, virtualQuoteReserves: 0n } } } as never, zec(10n), R)).toThrow(/hop 2 \(the coin's curve\)/);
    expect(refusal(() => routeBuy({ hop1, hop2: { venue: 'curve', curve: { ...curve, realTokenReserves: 1_000_000n } } } as never, zec(10n), R))).toBe('invalid_curve_state');
    expect(refusal(() => routeBuy({ hop1, hop2: { venue: 'stock', pool } } as never, zec(10n), R))).toBe('invalid_curve_state');
    expect(isRouteVenues(onPool)).toBe(true);
    expect(isRouteVenues({ hop1, hop2: { venue: 'pool', pool: { baseReserves: 1, quoteReserves: 1n } } })).toBe(false);
    expect(Object.isFrozen(onPool) && Object.isFrozen(onPool.hop2)).toBe(true);
  });

  it('refuses amounts that are not u64 bigints', () => {
    expect(refusal(() => routeBuy(onPool, zec(-1n), R))).toBe('invalid_amount');
    expect(refusal(() => routeBuy(onPool, zec(U64_MAX + 1n), R))).toBe('invalid_amount');
    expect(refusal(() => routeSell(onPool, 5 as never, R))).toBe('invalid_amount');
  });
});

describe('routeBuy, hop 2 a curve', () => {
  it('takes the protocol fee in ZEC, runs hop 1 fee-free and spends the native coin on the curve', () => {
    // 1. protocolFee = ceil(10000 * 5 / 10000) = 5, z = 9995.
    // 2. n = 9995 * 1e6 / (1e6 + 9995) = 9896.09 -> 9896; hop 1 keeps all of z.
    // 3. c = 9896 * 10000 / 10200 = 9701 (9701 + ceil(194.02) = 9896 fits);
    //    tokens = (9701 * 1e6 - 1) / (1e6 + 9701) = 9607.79 -> 9607;
    //    cost = 9607 * 1e6 / (1e6 - 9607) + 1 = 9700.19 -> 9700, + 1 = 9701; creatorFee = 9896 - 9701 = 195.
    const buy = routeBuy(onCurve(), zec(10_000n), R);
    expect(buy).toEqual({
      side: 'buy',
      venue: 'curve',
      amountIn: 10_000n,
      protocolFee: 5n,
      zecIntoHop1: 9995n,
      nativeAmount: 9896n,
      nativeCost: 9701n,
      lpFee: 0n,
      creatorFee: 195n,
      leftoverNative: 0n,
      zecRefund: 0n,
      zecSpent: 10_000n,
      tokensOut: 9607n,
      completes: false,
      next: {
        hop1: { baseReserves: 990_104n, quoteReserves: 1_009_995n },
        hop2: {
          venue: 'curve',
          curve: { virtualTokenReserves: 990_393n, virtualQuoteReserves: 1_009_701n, realTokenReserves: 790_393n, realQuoteReserves: 9701n, complete: false },
        },
      },
    });
    expect(Object.isFrozen(buy) && Object.isFrozen(buy.next) && Object.isFrozen(buy.next.hop1)).toBe(true);
  });

  it('gives the creator fee the whole remainder when a token costs many native units', () => {
    // 1000 native units a token: c = 9701 buys (9701 * 1000 - 1) / (1e6 + 9701) = 9.6 -> 9 tokens, which
    // cost 9 * 1e6 / 991 + 1 = 9082; the creator fee is 9896 - 9082 = 814, where ceil(9082 * 2%) is 182.
    const dear = curveState({ virtualTokenReserves: 1000n, virtualQuoteReserves: 1_000_000n, realTokenReserves: 500n, realQuoteReserves: 0n, complete: false });
    expect(routeBuy(onCurve(dear), zec(10_000n), R)).toMatchObject({ nativeAmount: 9896n, nativeCost: 9082n, creatorFee: 814n, tokensOut: 9n });
  });

  it('completes the curve when the buy takes exactly its last tokens, the creator fee taking the remainder', () => {
    const last = curveState({ ...curve, realTokenReserves: 9607n });
    const buy = routeBuy(onCurve(last), zec(10_000n), R);
    expect(buy).toMatchObject({ tokensOut: 9607n, completes: true, nativeCost: 9701n, creatorFee: 195n, leftoverNative: 0n, zecRefund: 0n, zecSpent: 10_000n });
    expect(buy.next.hop2).toMatchObject({ curve: { realTokenReserves: 0n, complete: true } });
    expect(refusal(() => routeBuy(buy.next, zec(10_000n), R))).toBe('curve_complete');
  });

  it('completes the curve when the ZEC would buy more than is left, and sells the unused native back into ZEC', () => {
    // As above up to tokens = 9607, but the curve has 9000 left: the buy takes those 9000.
    //   cost = 9000 * 1e6 / (1e6 - 9000) + 1 = 9081.7 -> 9081, + 1 = 9082; creatorFee = ceil(9082 * 2%) = ceil(181.64) = 182;
    //   leftover = 9896 - 9082 - 182 = 632.
    // Hop 1 after the forward hop is { 990_104, 1_009_995 }; the 632 go back in, fee-free:
    //   zecRefund = 1_009_995 * 632 / (990_104 + 632) = 638_316_840 / 990_736 = 644.3 -> 644;
    //   hop 1 ends at { 990_736, 1_009_351 }; the buyer spends 10_000 - 644 = 9356 (the protocol fee of 5 stays paid).
    const short = curveState({ ...curve, realTokenReserves: 9000n });
    const buy = routeBuy(onCurve(short), zec(10_000n), R);
    expect(buy).toEqual({
      side: 'buy',
      venue: 'curve',
      amountIn: 10_000n,
      protocolFee: 5n,
      zecIntoHop1: 9995n,
      nativeAmount: 9896n,
      nativeCost: 9082n,
      lpFee: 0n,
      creatorFee: 182n,
      leftoverNative: 632n,
      zecRefund: 644n,
      zecSpent: 9356n,
      tokensOut: 9000n,
      completes: true,
      next: {
        hop1: { baseReserves: 990_736n, quoteReserves: 1_009_351n },
        hop2: {
          venue: 'curve',
          curve: { virtualTokenReserves: 991_000n, virtualQuoteReserves: 1_009_082n, realTokenReserves: 0n, realQuoteReserves: 9082n, complete: true },
        },
      },
    });
    expect(Object.isFrozen(buy.next.hop1)).toBe(true);
    expect(refusal(() => routeBuy(buy.next, zec(10_000n), R))).toBe('curve_complete');
    // One token short of the 9607 is an overfill too: 9606 cost 9606 * 1e6 / 990_394 + 1 = 9699.2 -> 9700,
    // fee ceil(194.00) = 194 (not the 195 remainder), leftover 2, worth 1_009_995 * 2 / 990_106 = 2.04 -> 2 ZEC units.
    expect(routeBuy(onCurve(curveState({ ...curve, realTokenReserves: 9606n })), zec(10_000n), R)).toMatchObject({
      tokensOut: 9606n,
      nativeCost: 9700n,
      creatorFee: 194n,
      leftoverNative: 2n,
      zecRefund: 2n,
      zecSpent: 9998n,
      completes: true,
    });
  });

  it('refuses ZEC that buys nothing, at each of the three places it can run out', () => {
    expect(refusal(() => routeBuy(onCurve(), zec(0n), R))).toBe('buy_zero_amount');
    // 1 ZEC unit: the protocol fee rounds up to 1 and takes it all.
    expect(() => routeBuy(onCurve(), zec(1n), R)).toThrow(/the protocol fee of 1 takes all of it/);
    // 1000 native units for 1e6 ZEC units: z = 99 buys 99 * 1000 / 1_000_099 = 0.1 -> 0 native.
    const thin = poolReserves({ baseReserves: 1000n, quoteReserves: 1_000_000n });
    expect(refusal(() => routeBuy(onCurve(curve, thin), zec(100n), R))).toBe('zec_in_too_small');
    // z = 1999 buys 1 native unit, and 1 + ceil(1 * 2%) = 2 > 1: no curve cost fits.
    expect(() => routeBuy(onCurve(curve, thin), zec(2000n), R)).toThrow(/1 native base units pay no curve cost/);
    // With the dear curve, 2 native units (c = 1) buy (1 * 1000 - 1) / (1e6 + 1) = 0 tokens.
    const dear = curveState({ virtualTokenReserves: 1000n, virtualQuoteReserves: 1_000_000n, realTokenReserves: 500n, realQuoteReserves: 0n, complete: false });
    expect(() => routeBuy(onCurve(dear), zec(3n), noFees)).toThrow(/native base units buy no token on the curve/);
    expect(refusal(() => routeBuy(onCurve({ ...curve, complete: true }), zec(10_000n), R))).toBe('curve_complete');
    // A curve with no real tokens left but not (yet) marked complete sells none either (the program: 6020 buy zero).
    expect(refusal(() => routeBuy(onCurve(curveState({ ...curve, realTokenReserves: 0n })), zec(10_000n), R))).toBe('zec_in_too_small');
  });

  it('refuses reserves that would overflow a u64', () => {
    const full = poolReserves({ baseReserves: 1_000_000n, quoteReserves: U64_MAX - 5n });
    expect(refusal(() => routeBuy(onCurve(curve, full), zec(100n), noFees))).toBe('amount_overflow');
    const heavy = curveState({ ...curve, realQuoteReserves: U64_MAX - 10n });
    expect(refusal(() => routeBuy(onCurve(heavy), zec(10_000n), R))).toBe('amount_overflow');
  });
});

describe('routeBuy, hop 2 a pool', () => {
  it('charges LP and creator fees on the pool cost; the creator fee takes the remainder', () => {
    // n = 9896 as on the curve. c = 9896 * 10000 / 10220 = 9682 (9682 + ceil(19.364) + ceil(193.64) = 9896);
    // tokens = 9682 * 1e6 / 1_009_682 = 9589.2 -> 9589; cost = ceil(1e6 * 9589 / 990_411) = ceil(9681.8) = 9682;
    // lpFee = ceil(19.364) = 20; creatorFee = 9896 - 9682 - 20 = 194.
    expect(routeBuy(onPool, zec(10_000n), R)).toEqual({
      side: 'buy',
      venue: 'pool',
      amountIn: 10_000n,
      protocolFee: 5n,
      zecIntoHop1: 9995n,
      nativeAmount: 9896n,
      nativeCost: 9682n,
      lpFee: 20n,
      creatorFee: 194n,
      leftoverNative: 0n,
      zecRefund: 0n,
      zecSpent: 10_000n,
      tokensOut: 9589n,
      completes: false,
      next: {
        hop1: { baseReserves: 990_104n, quoteReserves: 1_009_995n },
        hop2: { venue: 'pool', pool: { baseReserves: 990_411n, quoteReserves: 1_009_702n } },
      },
    });
  });

  it('refuses a native amount that buys no coin and reserves that would overflow', () => {
    const dear = poolReserves({ baseReserves: 10n, quoteReserves: 1_000_000n });
    expect(() => routeBuy(routeVenues(hop1, { venue: 'pool', pool: dear }), zec(10_000n), R)).toThrow(/buy no token on the pool with its fees/);
    const full = poolReserves({ baseReserves: 1_000_000n, quoteReserves: U64_MAX - 100n });
    expect(refusal(() => routeBuy(routeVenues(hop1, { venue: 'pool', pool: full }), zec(10_000n), R))).toBe('amount_overflow');
  });
});

describe('routeSell', () => {
  it('sells on the curve, passes the native proceeds through hop 1 and takes the protocol fee from the ZEC', () => {
    const bought = routeBuy(onCurve(), zec(10_000n), R);
    // hop 2: 9607 * 1_009_701 / (990_393 + 9607) = 9700.2 -> 9700 (<= rQ 9701); creator ceil(194) = 194; n = 9506.
    // hop 1: 1_009_995 * 9506 / (990_104 + 9506) = 9604.7 -> 9604; protocol ceil(4.802) = 5; 9599 to the seller.
    const sale = routeSell(bought.next, bought.tokensOut, R);
    expect(sale).toEqual({
      side: 'sell',
      venue: 'curve',
      tokensIn: 9607n,
      nativeOut: 9700n,
      lpFee: 0n,
      creatorFee: 194n,
      nativeAmount: 9506n,
      zecOut: 9604n,
      protocolFee: 5n,
      userReceives: 9599n,
      next: {
        hop1: { baseReserves: 999_610n, quoteReserves: 1_000_391n },
        hop2: { venue: 'curve', curve: { virtualTokenReserves: 1_000_000n, virtualQuoteReserves: 1_000_001n, realTokenReserves: 800_000n, realQuoteReserves: 1n, complete: false } },
      },
    });
  });

  it('sells on the pool with its LP fee kept in the reserves', () => {
    // 1e6 * 10000 / 1_010_000 = 9900.99 -> 9900; lp ceil(19.8) = 20, creator 198; n = 9682;
    // hop 1: 1e6 * 9682 / 1_009_682 = 9589.2 -> 9589; protocol ceil(4.79) = 5.
    expect(routeSell(onPool, t(10_000n), R)).toEqual({
      side: 'sell',
      venue: 'pool',
      tokensIn: 10_000n,
      nativeOut: 9900n,
      lpFee: 20n,
      creatorFee: 198n,
      nativeAmount: 9682n,
      zecOut: 9589n,
      protocolFee: 5n,
      userReceives: 9584n,
      next: {
        hop1: { baseReserves: 1_009_682n, quoteReserves: 990_411n },
        hop2: { venue: 'pool', pool: { baseReserves: 1_010_000n, quoteReserves: 990_120n } },
      },
    });
  });

  it('refuses zero, a complete curve, more than the curve holds, output lost to fees and overflow', () => {
    const held = curveState({ ...curve, realQuoteReserves: 100n });
    expect(refusal(() => routeSell(onCurve(held), t(0n), R))).toBe('sell_zero_amount');
    expect(refusal(() => routeSell(onCurve({ ...held, complete: true }), t(10n), R))).toBe('curve_complete');
    // 200 * 1e6 / 1_000_200 = 199.96 -> 199 > 100 held.
    expect(refusal(() => routeSell(onCurve(held), t(200n), R))).toBe('insufficient_quote_reserves');
    // 2 tokens pay 1 native unit, and its creator fee rounds up to 1: nothing left for hop 1.
    expect(() => routeSell(onCurve(held), t(2n), R)).toThrow(/nothing left after its creator fee of 1/);
    expect(refusal(() => routeSell(onPool, t(1n), R))).toBe('sell_output_below_fees');
    expect(refusal(() => routeSell(onCurve(held), t(U64_MAX), R))).toBe('amount_overflow');
    expect(refusal(() => routeSell(onPool, t(U64_MAX), R))).toBe('amount_overflow');
    const fullNative = poolReserves({ baseReserves: U64_MAX - 5n, quoteReserves: 1_000_000n });
    expect(refusal(() => routeSell(routeVenues(fullNative, { venue: 'pool', pool }), t(10_000n), R))).toBe('amount_overflow');
  });

  it('does not refuse a sale whose ZEC rounds to nothing: the minimum guards it', () => {
    // 1e9 native units per ZEC unit: 9682 native units are worth 0 ZEC units.
    const dearZec = poolReserves({ baseReserves: 1_000_000_000_000_000n, quoteReserves: 1_000_000n });
    const sale = routeSell(routeVenues(dearZec, { venue: 'pool', pool }), t(10_000n), R);
    expect(sale).toMatchObject({ nativeAmount: 9682n, zecOut: 0n, protocolFee: 0n, userReceives: 0n });
    expect(checkRouteMinZecOut(sale, zec(1n))?.code).toBe('too_little_zec_received');
  });
});

describe('the route quote', () => {
  it('adds the minimum, the fees, the cost against spot and the price impact to a buy', () => {
    // Spot value of 9607 tokens at price 1 * 1 is 9607 ZEC units: cost 1 - 9607/10000 = 393 bps exactly.
    expect(quoteRouteBuy(onCurve(), zec(10_000n), R, bps(100n))).toMatchObject({
      tokensOut: 9607n,
      minTokensOut: 9510n, // 9607 * 0.99 = 9510.9
      limit: 10_000n,
      nativeAmount: 9896n,
      // Fees 5 (protocol) + 195 native (creator) at hop 1's 9995/9896 ZEC per native = 201.95 -> 202 bps.
      feeBps: 202n,
      costBps: 393n,
      priceImpactBps: 191n,
      slippageBps: 100n,
    });
    // 1 - 9589/10000 = 411 bps; the pool's fees (LP 0.2% and creator 2% of its cost, protocol 0.05%) 222 of them.
    expect(quoteRouteBuy(onPool, zec(10_000n), R, bps(200n))).toMatchObject({ minTokensOut: 9397n, feeBps: 222n, costBps: 411n, priceImpactBps: 189n });
  });

  it('quotes a buy that completes the curve against the ZEC it spends after the refund', () => {
    // The 9000 tokens of the completing buy above are worth 9000 ZEC units at spot; it spends 10_000 - 644 = 9356:
    // 1 - 9000/9356 = 356/9356 = 380.5 -> 381 bps (against all of A it would read 1000).
    const quote = quoteRouteBuy(onCurve(curveState({ ...curve, realTokenReserves: 9000n })), zec(10_000n), R, bps(100n));
    expect(quote).toMatchObject({ tokensOut: 9000n, minTokensOut: 8910n, limit: 10_000n, feeBps: 202n, costBps: 381n, priceImpactBps: 179n });
    expect(quote.trade).toMatchObject({ zecRefund: 644n, zecSpent: 9356n });
  });

  it('quotes a sale against the spot value of the tokens sold', () => {
    // 1 - 9584/10000 = 416 bps; 9584 * 0.98 = 9392.3.
    expect(quoteRouteSell(onPool, t(10_000n), R, bps(200n))).toMatchObject({ zecOut: 9584n, minOutZec: 9392n, limit: 9392n, costBps: 416n, feeBps: 221n, priceImpactBps: 195n });
    // After the buy above, 9607 tokens are worth 9607 * (1_009_701/990_393) * (1_009_995/990_104) = 9991.06 ZEC units:
    // 1 - 9599/9991.06 = 392.4 -> 393 bps.
    const bought = routeBuy(onCurve(), zec(10_000n), R);
    expect(quoteRouteSell(bought.next, bought.tokensOut, R, bps(100n))).toMatchObject({ zecOut: 9599n, minOutZec: 9503n, costBps: 393n, feeBps: 202n, priceImpactBps: 191n });
  });

  it('shows the fees a small buy really pays, and no price impact: never a cost below its fees', () => {
    // The creator fee is 2% of the curve cost, 1.96% of the native coin: a buy with no impact costs
    // 1 - 0.9995 / 1.02 = 2.01%, and that is all fees (the rates' sum, 2.05%, would overstate them).
    const deep = poolReserves({ baseReserves: 10n ** 15n, quoteReserves: 10n ** 15n });
    const deepCurve = curveState({ virtualTokenReserves: 10n ** 15n, virtualQuoteReserves: 10n ** 15n, realTokenReserves: 8n * 10n ** 14n, realQuoteReserves: 10n ** 14n, complete: false });
    const buy = quoteRouteBuy(onCurve(deepCurve, deep), zec(100_000_000n), R, bps(100n));
    expect(buy).toMatchObject({ tokensOut: 97_990_176n, costBps: 201n, feeBps: 201n, priceImpactBps: 0n });
    const deepPool = routeVenues(deep, { venue: 'pool', pool: deep });
    expect(quoteRouteBuy(deepPool, zec(100_000_000n), R, bps(100n))).toMatchObject({ costBps: 221n, feeBps: 221n, priceImpactBps: 0n });
    // A sale's fees are taken from its proceeds: 1 - 0.98 * 0.9995 = 2.049%, rounded up to 205.
    expect(quoteRouteSell(onCurve(deepCurve, deep), t(100_000_000n), R, bps(100n))).toMatchObject({ costBps: 205n, priceImpactBps: 0n });
  });

  it('refuses a slippage outside 0..=10000 and checks the minimums as the program does', () => {
    expect(refusal(() => quoteRouteBuy(onPool, zec(10_000n), R, bps(10_001n)))).toBe('invalid_amount');
    expect(refusal(() => quoteRouteSell(onPool, t(10_000n), R, bps(-1n)))).toBe('invalid_amount');
    const buy = routeBuy(onPool, zec(10_000n), R);
    expect(checkRouteMinTokensOut(buy, t(9589n))).toBeNull();
    expect(checkRouteMinTokensOut(buy, t(9590n))).toMatchObject({ code: 'below_min_tokens_out', details: { tokensOut: 9589n, minTokensOut: 9590n } });
    const sale = routeSell(onPool, t(10_000n), R);
    expect(checkRouteMinZecOut(sale, zec(9584n))).toBeNull();
    expect(checkRouteMinZecOut(sale, zec(9585n))?.code).toBe('too_little_zec_received');
    expect(refusal(() => checkRouteMinZecOut(sale, zec(-1n)))).toBe('invalid_amount');
  });
});

describe('a route buy at the end of the curve', () => {
  // 100 native units per ZEC unit on hop 1, 300 tokens left at about 1 native unit each: one ZEC unit
  // buys about 98 tokens, so a buy can rarely take exactly what is left.
  const steep = poolReserves({ baseReserves: 100_000_000_000n, quoteReserves: 1_000_000_000n });
  const ending = curveState({ ...curve, realTokenReserves: 300n });

  it('completes the curve with a small buy, whatever ZEC it offers', () => {
    // A = 2, 3, 4 buy 96, 194, 292 tokens; A = 5 would buy 390: it takes the 300 and completes the curve.
    expect([2n, 3n, 4n].map((a) => routeBuy(onCurve(ending, steep), zec(a), R).tokensOut)).toEqual([96n, 194n, 292n]);
    const five = routeBuy(onCurve(ending, steep), zec(5n), R);
    expect(five).toMatchObject({ tokensOut: 300n, completes: true, nativeAmount: 399n, nativeCost: 301n, creatorFee: 7n, leftoverNative: 91n });
    expect(five.next.hop2).toMatchObject({ curve: { realTokenReserves: 0n, complete: true } });

    // 4 ZEC units leave 8 tokens, fewer than any buy of 2 or more buys; a buy of 2 now takes them.
    const eight = routeBuy(onCurve(ending, steep), zec(4n), R);
    expect(eight.next.hop2).toMatchObject({ curve: { virtualTokenReserves: 999_708n, virtualQuoteReserves: 1_000_293n, realTokenReserves: 8n, complete: false } });
    expect(refusal(() => routeBuy(eight.next, zec(1n), R))).toBe('zec_in_too_small');
    // A = 2: protocol fee ceil(0.001) = 1, z = 1; n = 1 * 99_999_999_701 / 1_000_000_004 = 99.99 -> 99;
    // c = 97 would buy 96 tokens, so it takes the 8: cost = 8 * 1_000_293 / 999_700 + 1 = 8.005 -> 9;
    // creator ceil(0.18) = 1; leftover 89, worth 1_000_000_004 * 89 / 99_999_999_691 = 0.89 -> 0 ZEC units.
    const last = routeBuy(eight.next, zec(2n), R);
    expect(last).toMatchObject({ tokensOut: 8n, completes: true, nativeAmount: 99n, nativeCost: 9n, creatorFee: 1n, leftoverNative: 89n, zecRefund: 0n, zecSpent: 2n });
    expect(last.next.hop1).toEqual({ baseReserves: 99_999_999_691n, quoteReserves: 1_000_000_004n });
    expect(last.next.hop2).toMatchObject({ curve: { realTokenReserves: 0n, complete: true } });
    // Offering 1000 buys the same 8 tokens: 998 of its 999 ZEC units into hop 1 come back, and both venues
    // end where the buy of 2 left them.
    const generous = routeBuy(eight.next, zec(1000n), R);
    expect(generous).toMatchObject({ tokensOut: 8n, completes: true, protocolFee: 1n, zecIntoHop1: 999n, zecRefund: 998n, zecSpent: 2n });
    expect(generous.next).toEqual(last.next);
  });
});

// Typed use: native coin figures are not the coin's tokens.
const _native: NativeUnits = routeBuy(onPool, zec(10_000n), R).nativeAmount;
// @ts-expect-error TokenUnits are not NativeUnits
const _mixed: NativeUnits = routeBuy(onPool, zec(10_000n), R).tokensOut;
