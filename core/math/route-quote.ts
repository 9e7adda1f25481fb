import { BPS_DENOMINATOR } from './curve-fees.js';
import { lowerBySlippage } from './curve-slippage.js';
import { ceilDiv } from './integer.js';
import type { NativeUnits } from './native-units.js';
import { routeBuy, routeSell, type RouteBuy, type RouteSell } from './route.js';
import { assertRouteAmount, RouteError } from './route-error.js';
import { assertIsRouteVenues, type RouteFeeRates, type RouteVenues } from './route-venues.js';
import { bps, type Bps, type TokenUnits, type ZecUnits } from './units.js';

/**
 * The quote of the native route (GET /v1/coins/{mint}/quote for a native-paired coin): the trade of
 * route.ts and the figures the spec adds to it. Display figures, not computed on chain: costBps has
 * intermediates of up to 206 bits.
 *   minimum        = out * (10000 - slippageBps) / 10000 (floor: never more than the trader accepted)
 *   costBps        = all the trader gives up against both venues' spot prices, fees and price impact
 *                    together, as an exact rational rounded up to whole bps (never shown smaller than
 *                    it is); see routeCostBps
 *   feeBps         = the fees this trade really pays (the protocol fee, the creator fee and a hop-2
 *                    pool's LP fee, as amounts) over the same base as costBps, rounded up; see
 *                    routeChargedFeeBps. Not the rates' sum (routeFeeBps): the creator fee is 2% of
 *                    hop 2's cost, which is 1.96% of the native coin passed, so the sum overstates it.
 *   priceImpactBps = costBps - feeBps, never negative: the fees are part of the cost (routeChargedFeeBps
 *                    proves it), and both are rounded up the same way
 */
export type RouteQuoteFigures = Readonly<{
  /** n, the native coin passed between the hops (the spec's route.nativeAmount). */
  nativeAmount: NativeUnits;
  feeBps: Bps;
  costBps: Bps;
  priceImpactBps: Bps;
  slippageBps: Bps;
}>;

export type RouteBuyQuote = RouteQuoteFigures &
  Readonly<{
    trade: RouteBuy;
    tokensOut: TokenUnits;
    /** The fewest tokens accepted: the instruction's min_amount_out. */
    minTokensOut: TokenUnits;
    /**
     * The ZEC the buy may spend: amountIn, the instruction's amount_in. It spends all of it unless it
     * completes the curve with native coin to spare: then trade.zecRefund comes back and it spends
     * trade.zecSpent = amountIn - zecRefund.
     */
    limit: ZecUnits;
  }>;

export type RouteSellQuote = RouteQuoteFigures &
  Readonly<{
    trade: RouteSell;
    /** What the seller receives, after the protocol fee. */
    zecOut: ZecUnits;
    /** The least ZEC accepted: the instruction's min_amount_out. */
    minOutZec: ZecUnits;
    /** = minOutZec. */
    limit: ZecUnits;
  }>;

function assertSlippage(slippageBps: unknown): asserts slippageBps is Bps {
  if (typeof slippageBps !== 'bigint' || slippageBps < 0n || slippageBps > BPS_DENOMINATOR) {
    throw new RouteError('invalid_amount', `slippage must be within 0..=10000 bps, got ${String(slippageBps)}`);
  }
}

/**
 * What the trader gives up against both venues' spot prices, in bps, from the venues before the trade.
 * A token's spot value in ZEC is P2 * P1, with P2 = vQ/vT (curve) or Q2/B2 (pool), P1 = Q1/B1; write
 * it s/d with s = vQ*Q1 (or Q2*Q1) and d = vT*B1 (or B2*B1). Then, with S = zecSpent = A - zecRefund
 * the ZEC the buyer gives up (S = A but on a buy that completes the curve with native coin to spare,
 * whose refund the buyer gets back; the protocol fee is not refunded and stays in S):
 *   buy:  1 - (tokensOut * s/d) / S            = (S*d - tokensOut*s) / (S*d)
 *   sale: 1 - userReceives / (T * s/d)         = (T*s - userReceives*d) / (T*s)
 *   costBps = ceil(10000 * numerator / denominator), 0 if the numerator were negative.
 * The numerator is positive for every trade routeBuy and routeSell answer (each hop's own price is
 * worse than its spot price and the fees only add to that), so costBps >= 1 and the clamp is a guard.
 * For a completing buy: the curve takes N = n - leftover > tokensOut * vQ/vT native coin net, and
 * hop 1, whose B * Q never decreases, takes S - protocolFee = z - zecRefund > N * Q1/B1 ZEC net for it.
 */
export function routeCostBps(venues: RouteVenues, trade: RouteBuy | RouteSell): Bps {
  assertIsRouteVenues(venues);
  const { hop1, hop2 } = venues;
  if (trade.venue !== hop2.venue) throw new RouteError('invalid_amount', `a ${trade.venue} trade was not quoted on a route whose hop 2 is a ${hop2.venue}`);
  const [p2n, p2d] = hop2.venue === 'curve' ? [hop2.curve.virtualQuoteReserves, hop2.curve.virtualTokenReserves] : [hop2.pool.quoteReserves, hop2.pool.baseReserves];
  const s = p2n * hop1.quoteReserves;
  const d = p2d * hop1.baseReserves;
  const [numerator, denominator] =
    trade.side === 'buy' ? [trade.zecSpent * d - trade.tokensOut * s, trade.zecSpent * d] : [trade.tokensIn * s - trade.userReceives * d, trade.tokensIn * s];
  if (denominator <= 0n) throw new RouteError('invalid_amount', `a ${trade.side} of nothing has no cost`);
  return bps(numerator <= 0n ? 0n : ceilDiv(numerator * BPS_DENOMINATOR, denominator));
}

/**
 * The fees a trade really pays, in bps of the base costBps is measured against (what the buyer gives
 * up, S = zecSpent; the spot value of the tokens sold, V = T * s/d). The fees are the protocol fee pf
 * (ZEC) and hop 2's fees fN = creatorFee + lpFee (native coin), the latter valued at the rate the
 * trader's native coin actually went through hop 1 at, r:
 *   buy:  r = (z - zecRefund) / N, N = n - leftoverNative   (ZEC per native the buyer paid net)
 *         feeBps = ceil(10000 * (pf * N + fN * (z - zecRefund)) / (N * S))
 *   sale: r = zecOut / n                                     (ZEC per native the sale fetched)
 *         feeBps = ceil(10000 * (pf * n + fN * zecOut) * d / (n * T * s))
 * The fees are never more than the cost, so priceImpactBps = costBps - feeBps >= 0 without a clamp:
 *   buy:  the tokens' spot value tokensOut * s/d <= nativeCost * Q1/B1 (hop 2 sells no cheaper than
 *         spot) <= nativeCost * r (hop 1 sells native no cheaper than spot, net of the refund, see
 *         routeCostBps) = (N - fN) * r = S - pf - fN * r = S - fees;
 *   sale: V >= nativeOut * Q1/B1 (hop 2 pays no more than spot) >= (n + fN) * r (hop 1 pays no more
 *         than spot) = zecOut + fN * r = userReceives + fees.
 * So the rational fee share is at most the rational cost, and ceil keeps the order.
 */
export function routeChargedFeeBps(venues: RouteVenues, trade: RouteBuy | RouteSell): Bps {
  assertIsRouteVenues(venues);
  const fN = trade.creatorFee + trade.lpFee;
  let numerator: bigint;
  let denominator: bigint;
  if (trade.side === 'buy') {
    const netNative = trade.nativeAmount - trade.leftoverNative;
    const netZec = trade.zecIntoHop1 - trade.zecRefund;
    numerator = trade.protocolFee * netNative + fN * netZec;
    denominator = netNative * trade.zecSpent;
  } else {
    const { hop1, hop2 } = venues;
    const [p2n, p2d] = hop2.venue === 'curve' ? [hop2.curve.virtualQuoteReserves, hop2.curve.virtualTokenReserves] : [hop2.pool.quoteReserves, hop2.pool.baseReserves];
    const s = p2n * hop1.quoteReserves;
    const d = p2d * hop1.baseReserves;
    const n = trade.nativeAmount;
    // A sale whose hop-2 fees take all its native coin (n = 0) passes nothing through hop 1: value them at hop 1's spot.
    numerator = n === 0n ? fN * hop1.quoteReserves * d : (trade.protocolFee * n + fN * trade.zecOut) * d;
    denominator = (n === 0n ? hop1.baseReserves : n) * trade.tokensIn * s;
  }
  if (denominator <= 0n) throw new RouteError('invalid_amount', `a ${trade.side} of nothing has no fees`);
  return bps(ceilDiv(numerator * BPS_DENOMINATOR, denominator));
}

function figures(venues: RouteVenues, trade: RouteBuy | RouteSell, slippageBps: Bps): RouteQuoteFigures {
  const feeBps = routeChargedFeeBps(venues, trade);
  const costBps = routeCostBps(venues, trade);
  // routeChargedFeeBps proves feeBps <= costBps; a violation is a bug in the math, never shown as a figure.
  if (feeBps > costBps) throw new RouteError('invalid_amount', `the route's fees (${feeBps} bps) came out above its cost (${costBps} bps)`);
  return { nativeAmount: trade.nativeAmount, feeBps, costBps, priceImpactBps: bps(costBps - feeBps), slippageBps };
}

/** Quotes a buy of `amountIn` ZEC (routeBuy, its refusals included) with the spec's figures. */
export function quoteRouteBuy(venues: RouteVenues, amountIn: ZecUnits, rates: RouteFeeRates, slippageBps: Bps): RouteBuyQuote {
  assertSlippage(slippageBps);
  const trade = routeBuy(venues, amountIn, rates);
  return Object.freeze({
    ...figures(venues, trade, slippageBps),
    trade,
    tokensOut: trade.tokensOut,
    minTokensOut: lowerBySlippage(trade.tokensOut, slippageBps),
    limit: trade.amountIn,
  });
}

/** Quotes a sale of `tokensIn` (routeSell, its refusals included) with the spec's figures. */
export function quoteRouteSell(venues: RouteVenues, tokensIn: TokenUnits, rates: RouteFeeRates, slippageBps: Bps): RouteSellQuote {
  assertSlippage(slippageBps);
  const trade = routeSell(venues, tokensIn, rates);
  const minOutZec = lowerBySlippage(trade.userReceives, slippageBps);
  return Object.freeze({ ...figures(venues, trade, slippageBps), trade, zecOut: trade.userReceives, minOutZec, limit: minOutZec });
}

/** Refusal 'below_min_tokens_out' when the buy gives fewer tokens than minTokensOut (the program's check). */
export function checkRouteMinTokensOut(buy: { readonly tokensOut: TokenUnits }, minTokensOut: TokenUnits): RouteError | null {
  assertRouteAmount('minTokensOut', minTokensOut);
  if (buy.tokensOut >= minTokensOut) return null;
  return new RouteError('below_min_tokens_out', `the buy gives ${buy.tokensOut} tokens, fewer than the ${minTokensOut} asked`, { tokensOut: buy.tokensOut, minTokensOut });
}

/** Refusal 'too_little_zec_received' when the sale pays less than minZecOut after the protocol fee. */
export function checkRouteMinZecOut(sell: { readonly userReceives: ZecUnits }, minZecOut: ZecUnits): RouteError | null {
  assertRouteAmount('minZecOut', minZecOut);
  if (sell.userReceives >= minZecOut) return null;
  return new RouteError('too_little_zec_received', `the sale pays ${sell.userReceives} ZEC base units, less than the ${minZecOut} asked`, {
    userReceives: sell.userReceives,
    minZecOut,
  });
}
