import type { CurveState } from './curve.js';
import { feeAtBps, largestAmountWithinBudget } from './curve-fees.js';
import { ceilDiv } from './integer.js';
import { nativeUnits, type NativeUnits } from './native-units.js';
import { largestQuoteWithinBudget } from './pool-fees.js';
import type { PoolReserves } from './pool.js';
import { quoteUnits } from './quote-units.js';
import { assertRouteAmount, assertRouteResult, RouteError } from './route-error.js';
import { assertIsRouteFeeRates, assertIsRouteVenues, hop2CurveRates, hop2PoolRates, type RouteFeeRates, type RouteHop2, type RouteVenue, type RouteVenues } from './route-venues.js';
import { tokenUnits, zecUnits, type Bps, type TokenUnits, type ZecUnits } from './units.js';

/**
 * The native route (the AMM's `multi_hop_swap`): a coin paired with the native coin, bought with ZEC or
 * sold for ZEC in one instruction over two venues (route-venues.ts). Exact bigint math; the on-chain C
 * program implements the same formulas, the same rounding and the same order of checks, written out next
 * to each function. Notation: B1, Q1 hop 1's native and ZEC reserves; vT, vQ, rT, rQ a hop-2 curve's
 * reserves; B2, Q2 a hop-2 pool's coin and native reserves; `/` floor (all operands are non-negative);
 * ceil(a / b) = (a + b - 1) / b; fee(x, r) = ceil(x * r / 10000). Every input, output and reserve is a
 * u64, every intermediate fits in a u128 and every divisor in a u64 (the refusals see to it).
 *
 * Hop 1 charges no fee in a route; the protocol fee is taken once, in ZEC; the coin's creator fee (and a
 * hop-2 pool's LP fee) in the native coin at hop 2. The native coin goes venue to venue: the trader
 * never holds it. A buy is exact in: it spends exactly the ZEC asked for, the rounding remainder going
 * to the creator fee; except the buy that completes a curve, which takes the curve's last tokens,
 * pays the creator fee on their cost alone and sells the native coin it did not use back through
 * hop 1 into the trader's ZEC (zecRefund). A sale is exact in too: it sells exactly the tokens asked for.
 */
export type RouteBuy = Readonly<{
  side: 'buy';
  venue: RouteVenue;
  /** A: the ZEC the buyer pays in (the instruction's amount_in). */
  amountIn: ZecUnits;
  /** fee(A, protocolBps), to the buyback fee account; never refunded. */
  protocolFee: ZecUnits;
  /** z = A - protocolFee: all of it enters hop 1. */
  zecIntoHop1: ZecUnits;
  /** n: native coin out of hop 1 and into hop 2 (the spec's route.nativeAmount). */
  nativeAmount: NativeUnits;
  /** What hop 2's reserves take for the tokens, before fees (curve quoteCost, pool quoteIn). */
  nativeCost: NativeUnits;
  /** fee(nativeCost, lpBps) on a hop-2 pool, kept in its reserves; 0 on a curve. */
  lpFee: NativeUnits;
  /**
   * n - nativeCost - lpFee: at least fee(nativeCost, creatorBps), it takes the rounding remainder;
   * on a buy that overfills the curve exactly fee(nativeCost, creatorBps) (the rest is leftoverNative).
   */
  creatorFee: NativeUnits;
  /**
   * The native coin hop 2 hands back to hop 1: n - nativeCost - creatorFee on a buy that overfills
   * the curve, 0 otherwise. So n = nativeCost + lpFee + creatorFee + leftoverNative.
   */
  leftoverNative: NativeUnits;
  /** ZEC out of hop 1 for leftoverNative (fee-free), back to the buyer; 0 when leftoverNative is 0. */
  zecRefund: ZecUnits;
  /** A - zecRefund: the ZEC the buy actually costs the buyer. */
  zecSpent: ZecUnits;
  tokensOut: TokenUnits;
  /** The buy takes the curve's last real token (never true for a pool). */
  completes: boolean;
  next: RouteVenues;
}>;

export type RouteSell = Readonly<{
  side: 'sell';
  venue: RouteVenue;
  /** T: the tokens sold, all of them. */
  tokensIn: TokenUnits;
  /** What hop 2's reserves pay for T, before fees. */
  nativeOut: NativeUnits;
  /** fee(nativeOut, lpBps) on a hop-2 pool, stays in its reserves; 0 on a curve. */
  lpFee: NativeUnits;
  /** fee(nativeOut, creatorBps), accrued in the venue. */
  creatorFee: NativeUnits;
  /** n = nativeOut - lpFee - creatorFee: into hop 1 (the spec's route.nativeAmount). */
  nativeAmount: NativeUnits;
  /** ZEC out of hop 1. */
  zecOut: ZecUnits;
  /** fee(zecOut, protocolBps), to the buyback fee account. */
  protocolFee: ZecUnits;
  /** zecOut - protocolFee: what the seller receives. */
  userReceives: ZecUnits;
  next: RouteVenues;
}>;

/** What hop 2 of a buy takes and gives for the native amount n (leftover: the native it hands back to hop 1). */
type Hop2Buy = Readonly<{ tokens: bigint; cost: bigint; lpFee: bigint; creatorFee: bigint; leftover: bigint; completes: boolean; next: RouteHop2 }>;
/** What hop 2 of a sale takes and gives for the tokens T. */
type Hop2Sell = Readonly<{ quoteOut: bigint; lpFee: bigint; creatorFee: bigint; native: bigint; next: RouteHop2 }>;

const fee = (amount: bigint, rate: Bps): bigint => feeAtBps(quoteUnits(amount), rate);

const tooSmall = (amountIn: bigint, stage: 'protocol_fee' | 'hop1' | 'hop2', why: string, extra: Record<string, bigint> = {}) =>
  new RouteError('zec_in_too_small', `${amountIn} ZEC base units buy no token: ${why}`, { amountIn, stage, ...extra });

/**
 * Buys the most tokens `amountIn` ZEC pays for over the route, and spends all of it unless the buy
 * completes a curve with native coin to spare (step 4). In order:
 *   refuse 'invalid_pool_state' / 'invalid_curve_state' / 'invalid_fee_rates' / 'invalid_amount' for
 *     malformed inputs; refuse 'buy_zero_amount' when A = 0; refuse 'curve_complete' when hop 2 is a
 *     complete curve
 *   1. protocolFee = fee(A, protocolBps); z = A - protocolFee; refuse 'zec_in_too_small' when z = 0
 *   2. hop 1, fee-free exact in: refuse 'amount_overflow' when Q1 + z > u64::MAX;
 *      n = z * B1 / (Q1 + z) (n < B1 as Q1 >= 1); refuse 'zec_in_too_small' when n = 0;
 *      hop 1 next = { B1 - n, Q1 + z }: the pool keeps all of z (its exact-out price
 *      ceil(Q1 * n / (B1 - n)) is at most z; the difference is the LPs'), and B1 * Q1 never decreases
 *   3. hop 2 with budget n: buyOnCurve or buyOnPool below, giving back leftover native L (0 unless the
 *      buy overfills a curve)
 *   4. the leftover sold back through hop 1, fee-free, from B1' = B1 - n, Q1' = Q1 + z:
 *      zecRefund = Q1' * L / (B1' + L) (B1' + L <= B1 fits; 0 when L = 0);
 *      hop 1 next = { B1' + L, Q1' - zecRefund }; zecSpent = A - zecRefund
 *      zecRefund < z: selling all of n back would pay Q1' * n / B1 <= z (as n <= z * B1 / Q1'), and
 *      L <= n - 1 pays strictly less, so zecSpent >= protocolFee + 1. Hop 1's B * Q never decreases
 *      over the round trip (both legs round against the trader); the protocol fee is not refunded.
 * The protocol fee rounds up, so A = 1 pays it all and buys nothing.
 */
export function routeBuy(venues: RouteVenues, amountIn: ZecUnits, rates: RouteFeeRates): RouteBuy {
  assertIsRouteVenues(venues);
  assertIsRouteFeeRates(rates);
  assertRouteAmount('amountIn', amountIn);
  if (amountIn === 0n) throw new RouteError('buy_zero_amount', 'a buy must spend at least one ZEC base unit');
  const { hop1, hop2 } = venues;
  if (hop2.venue === 'curve' && hop2.curve.complete) throw new RouteError('curve_complete', 'the curve is complete: it sells no more tokens');

  const protocolFee = fee(amountIn, rates.protocolBps);
  const z = amountIn - protocolFee;
  if (z === 0n) throw tooSmall(amountIn, 'protocol_fee', `the protocol fee of ${protocolFee} takes all of it`, { protocolFee });

  const { baseReserves: B1, quoteReserves: Q1 } = hop1;
  assertRouteResult('hop 1 quote reserves', Q1 + z);
  const n = (z * B1) / (Q1 + z);
  if (n === 0n) throw tooSmall(amountIn, 'hop1', `${z} ZEC base units buy no native coin on hop 1`, { zecIntoHop1: z });

  const bought = hop2.venue === 'curve' ? buyOnCurve(hop2.curve, n, rates, amountIn) : buyOnPool(hop2.pool, n, rates, amountIn);
  const leftover = bought.leftover;
  const hop1Base = B1 - n + leftover;
  const zecRefund = leftover === 0n ? 0n : ((Q1 + z) * leftover) / hop1Base;
  return Object.freeze({
    side: 'buy',
    venue: hop2.venue,
    amountIn,
    protocolFee: zecUnits(protocolFee),
    zecIntoHop1: zecUnits(z),
    nativeAmount: nativeUnits(n),
    nativeCost: nativeUnits(bought.cost),
    lpFee: nativeUnits(bought.lpFee),
    creatorFee: nativeUnits(bought.creatorFee),
    leftoverNative: nativeUnits(leftover),
    zecRefund: zecUnits(zecRefund),
    zecSpent: zecUnits(amountIn - zecRefund),
    tokensOut: tokenUnits(bought.tokens),
    completes: bought.completes,
    next: Object.freeze({
      hop1: Object.freeze({ baseReserves: tokenUnits(hop1Base), quoteReserves: quoteUnits(Q1 + z - zecRefund) }),
      hop2: bought.next,
    }),
  });
}

/**
 * Hop 2 of a buy on the curve, budget n (in order):
 *   c = max { c : c + fee(c, creatorBps) <= n }: c0 = n * 10000 / (10000 + creatorBps), then c - 1 while
 *       it does not fit (curve-fees.ts largestAmountWithinBudget); with one nonzero rate c0 always fits,
 *       since c0 + c0 * creatorBps / 10000 <= n and the fee rounds that up by less than 1
 *   refuse 'zec_in_too_small' when c = 0
 *   refuse 'amount_overflow' when vQ + c > u64::MAX (the divisor below is a u64)
 *   tokens = (c * vT - 1) / (vQ + c): the most tokens whose cost is at most c (curve.ts buyExactQuoteIn)
 *   overfills = tokens > rT; then tokens = rT (the buy completes the curve with native coin to spare)
 *   refuse 'zec_in_too_small' when tokens = 0 (rT = 0 on a curve not marked complete included)
 *   cost = tokens * vQ / (vT - tokens) + 1 (curve.ts buyExactTokens; vT - tokens >= vT - rT >= 1), and
 *       cost <= c because tokens * (vQ + c) <= c * vT - 1 (for tokens = rT too: the cost only grows
 *       with the tokens)
 *   refuse 'amount_overflow' when rQ + cost > u64::MAX (vQ + cost <= vQ + c fits)
 *   not overfilling: creatorFee = n - cost >= n - c >= fee(c, creatorBps) >= fee(cost, creatorBps);
 *       leftover = 0
 *   overfilling: creatorFee = fee(cost, creatorBps); leftover = n - cost - creatorFee, refused
 *       'amount_overflow' if negative, which cannot happen: cost <= c, so cost + fee(cost) <= c + fee(c) <= n
 *   next = { vT - tokens, vQ + cost, rT - tokens, rQ + cost, complete: rT - tokens = 0 }
 * The creator fee is kept in the curve's native account, accrued outside its reserves; the leftover
 * goes back to hop 1's native vault (routeBuy step 4). A buy that takes exactly rT is not an overfill:
 * it completes the curve with the creator fee taking the remainder, as any other.
 */
function buyOnCurve(curve: CurveState, n: bigint, rates: RouteFeeRates, amountIn: bigint): Hop2Buy {
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT, realQuoteReserves: rQ } = curve;
  const c = largestAmountWithinBudget(quoteUnits(n), hop2CurveRates(rates));
  if (c === 0n) throw tooSmall(amountIn, 'hop2', `${n} native base units pay no curve cost once the creator fee is added`, { nativeAmount: n });
  assertRouteResult('virtualQuoteReserves + budget', vQ + c);
  const affordable = (c * vT - 1n) / (vQ + c);
  const overfills = affordable > rT;
  const tokens = overfills ? rT : affordable;
  if (tokens === 0n) throw tooSmall(amountIn, 'hop2', `${c} native base units buy no token on the curve`, { nativeAmount: n, budget: c });
  const cost = (tokens * vQ) / (vT - tokens) + 1n;
  assertRouteResult('realQuoteReserves', rQ + cost);
  const creatorFee = overfills ? fee(cost, rates.creatorBps) : n - cost;
  const leftover = n - cost - creatorFee;
  if (leftover < 0n) throw new RouteError('amount_overflow', `the curve's last ${tokens} tokens cost ${cost + creatorFee}, more than ${n}`, { nativeAmount: n, cost, creatorFee });
  const completes = rT - tokens === 0n;
  const next: CurveState = Object.freeze({
    virtualTokenReserves: tokenUnits(vT - tokens),
    virtualQuoteReserves: quoteUnits(vQ + cost),
    realTokenReserves: tokenUnits(rT - tokens),
    realQuoteReserves: quoteUnits(rQ + cost),
    complete: completes,
  });
  return { tokens, cost, lpFee: 0n, creatorFee, leftover, completes, next: Object.freeze({ venue: 'curve', curve: next }) };
}

/**
 * Hop 2 of a buy on the pool, budget n (in order):
 *   c = max { c : c + fee(c, lpBps) + fee(c, creatorBps) <= n } (pool-fees.ts largestQuoteWithinBudget,
 *       at most one step down from n * 10000 / (10000 + lpBps + creatorBps))
 *   refuse 'amount_overflow' when Q2 + c > u64::MAX (the divisor below is a u64)
 *   tokens = c * B2 / (Q2 + c) (tokens < B2 as Q2 >= 1; pool.ts buyExactQuoteIn)
 *   refuse 'zec_in_too_small' when tokens = 0 (c = 0 included)
 *   cost = ceil(Q2 * tokens / (B2 - tokens)) <= c; lpFee = fee(cost, lpBps)
 *   creatorFee = n - cost - lpFee >= fee(c, creatorBps) >= fee(cost, creatorBps)
 *   refuse 'amount_overflow' when Q2 + cost + lpFee > u64::MAX
 *   next = { B2 - tokens, Q2 + cost + lpFee }: the LP fee stays in the reserves, the creator fee is
 *       accrued in the pool outside them
 */
function buyOnPool(pool: PoolReserves, n: bigint, rates: RouteFeeRates, amountIn: bigint): Hop2Buy {
  const { baseReserves: B2, quoteReserves: Q2 } = pool;
  const c = largestQuoteWithinBudget(quoteUnits(n), hop2PoolRates(rates));
  assertRouteResult('pool quote reserves + budget', Q2 + c);
  const tokens = (c * B2) / (Q2 + c);
  if (tokens === 0n) throw tooSmall(amountIn, 'hop2', `${n} native base units buy no token on the pool with its fees`, { nativeAmount: n, budget: c });
  const cost = ceilDiv(Q2 * tokens, B2 - tokens);
  const lpFee = fee(cost, rates.lpBps);
  assertRouteResult('pool quote reserves', Q2 + cost + lpFee);
  const next: PoolReserves = Object.freeze({ baseReserves: tokenUnits(B2 - tokens), quoteReserves: quoteUnits(Q2 + cost + lpFee) });
  return { tokens, cost, lpFee, creatorFee: n - cost - lpFee, leftover: 0n, completes: false, next: Object.freeze({ venue: 'pool', pool: next }) };
}

/**
 * Sells exactly `tokensIn` over the route, hop 2 first. In order:
 *   refuse malformed inputs as routeBuy; refuse 'sell_zero_amount' when T = 0; refuse 'curve_complete'
 *     when hop 2 is a complete curve
 *   1. hop 2: sellOnCurve or sellOnPool below, giving n native coin into hop 1
 *   2. hop 1, fee-free: refuse 'amount_overflow' when B1 + n > u64::MAX;
 *      zecOut = Q1 * n / (B1 + n) (zecOut < Q1); hop 1 next = { B1 + n, Q1 - zecOut }
 *   3. protocolFee = fee(zecOut, protocolBps) (<= zecOut); userReceives = zecOut - protocolFee
 * A zecOut of 0 (or 1, all protocol fee) is not refused: the seller's minimum guards it, as on a pool.
 */
export function routeSell(venues: RouteVenues, tokensIn: TokenUnits, rates: RouteFeeRates): RouteSell {
  assertIsRouteVenues(venues);
  assertIsRouteFeeRates(rates);
  assertRouteAmount('tokensIn', tokensIn);
  if (tokensIn === 0n) throw new RouteError('sell_zero_amount', 'a sale must offer at least one token base unit');
  const { hop1, hop2 } = venues;
  if (hop2.venue === 'curve' && hop2.curve.complete) throw new RouteError('curve_complete', 'the curve is complete: it buys no more tokens');

  const sold = hop2.venue === 'curve' ? sellOnCurve(hop2.curve, tokensIn, rates) : sellOnPool(hop2.pool, tokensIn, rates);
  const n = sold.native;
  const { baseReserves: B1, quoteReserves: Q1 } = hop1;
  assertRouteResult('hop 1 base reserves', B1 + n);
  const zecOut = (Q1 * n) / (B1 + n);
  const protocolFee = fee(zecOut, rates.protocolBps);
  return Object.freeze({
    side: 'sell',
    venue: hop2.venue,
    tokensIn,
    nativeOut: nativeUnits(sold.quoteOut),
    lpFee: nativeUnits(sold.lpFee),
    creatorFee: nativeUnits(sold.creatorFee),
    nativeAmount: nativeUnits(n),
    zecOut: zecUnits(zecOut),
    protocolFee: zecUnits(protocolFee),
    userReceives: zecUnits(zecOut - protocolFee),
    next: Object.freeze({
      hop1: Object.freeze({ baseReserves: tokenUnits(B1 + n), quoteReserves: quoteUnits(Q1 - zecOut) }),
      hop2: sold.next,
    }),
  });
}

/**
 * Hop 2 of a sale on the curve (in order):
 *   refuse 'amount_overflow' when vT + T > u64::MAX (then rT + T < vT + T fits too)
 *   quoteOut = T * vQ / (vT + T); refuse 'insufficient_quote_reserves' when quoteOut > rQ
 *   creatorFee = fee(quoteOut, creatorBps); refuse 'sell_output_below_fees' when creatorFee >= quoteOut
 *     (n = quoteOut - creatorFee would be 0; this includes quoteOut = 0)
 *   next = { vT + T, vQ - quoteOut, rT + T, rQ - quoteOut, complete: false }
 * The curve pays n straight into hop 1's native vault and keeps the creator fee, accrued.
 */
function sellOnCurve(curve: CurveState, tokens: bigint, rates: RouteFeeRates): Hop2Sell {
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT, realQuoteReserves: rQ } = curve;
  assertRouteResult('virtualTokenReserves', vT + tokens);
  const quoteOut = (tokens * vQ) / (vT + tokens);
  if (quoteOut > rQ) {
    throw new RouteError('insufficient_quote_reserves', `the sale would pay out ${quoteOut} but the curve holds ${rQ}`, { quoteOut, realQuoteReserves: rQ });
  }
  const creatorFee = fee(quoteOut, rates.creatorBps);
  if (creatorFee >= quoteOut) {
    throw new RouteError('sell_output_below_fees', `the sale pays out ${quoteOut} native base units, nothing left after its creator fee of ${creatorFee}`, { quoteOut, creatorFee });
  }
  const next: CurveState = Object.freeze({
    virtualTokenReserves: tokenUnits(vT + tokens),
    virtualQuoteReserves: quoteUnits(vQ - quoteOut),
    realTokenReserves: tokenUnits(rT + tokens),
    realQuoteReserves: quoteUnits(rQ - quoteOut),
    complete: false,
  });
  return { quoteOut, lpFee: 0n, creatorFee, native: quoteOut - creatorFee, next: Object.freeze({ venue: 'curve', curve: next }) };
}

/**
 * Hop 2 of a sale on the pool (in order):
 *   refuse 'amount_overflow' when B2 + T > u64::MAX
 *   quoteOut = Q2 * T / (B2 + T) (< Q2); lpFee = fee(quoteOut, lpBps); creatorFee = fee(quoteOut, creatorBps)
 *   refuse 'sell_output_below_fees' when lpFee + creatorFee >= quoteOut (n would be 0)
 *   n = quoteOut - lpFee - creatorFee; next = { B2 + T, Q2 - quoteOut + lpFee }
 */
function sellOnPool(pool: PoolReserves, tokens: bigint, rates: RouteFeeRates): Hop2Sell {
  const { baseReserves: B2, quoteReserves: Q2 } = pool;
  assertRouteResult('pool base reserves', B2 + tokens);
  const quoteOut = (Q2 * tokens) / (B2 + tokens);
  const lpFee = fee(quoteOut, rates.lpBps);
  const creatorFee = fee(quoteOut, rates.creatorBps);
  if (lpFee + creatorFee >= quoteOut) {
    throw new RouteError('sell_output_below_fees', `the sale pays out ${quoteOut} native base units, nothing left after its fees of ${lpFee + creatorFee}`, {
      quoteOut,
      lpFee,
      creatorFee,
    });
  }
  const next: PoolReserves = Object.freeze({ baseReserves: tokenUnits(B2 + tokens), quoteReserves: quoteUnits(Q2 - quoteOut + lpFee) });
  return { quoteOut, lpFee, creatorFee, native: quoteOut - lpFee - creatorFee, next: Object.freeze({ venue: 'pool', pool: next }) };
}
