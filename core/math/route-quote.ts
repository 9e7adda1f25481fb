import { BPS_DENOMINATOR } from './curve-fees.js';
import { lowerBySlippage } from './curve-slippage.js';
import { ceilDiv } from './integer.js';
import type { NativeUnits } from './native-units.js';
import { routeBuy, routeSell, type RouteBuy, type RouteSell } from './route.js';
import { assertRouteAmount, RouteError } from './route-error.js';
import { assertIsRouteVenues, routeFeeBps, type RouteFeeRates, type RouteVenues } from './route-venues.js';
import { bps, type Bps, type TokenUnits, type ZecUnits } from './units.js';

/**
 * The quote of the native route (GET /v1/coins/{mint}/quote for a native-paired coin): the trade of
 * route.ts and the figures the spec adds to it. Display figures, not computed on chain: costBps has
 * intermediates of up to 206 bits.
 *   minimum        = out * (10000 - slippageBps) / 10000 (floor: never more than the trader accepted)
 *   feeBps         = protocolBps + creatorBps (+ lpBps when hop 2 is a pool)
 *   costBps        = all the trader gives up against both venues' spot prices, fees and price impact
 *                    together, as an exact rational rounded up to whole bps (never shown smaller than
 *                    it is); see routeCostBps
 *   priceImpactBps = max(0, costBps - feeBps)
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

function figures(venues: RouteVenues, trade: RouteBuy | RouteSell, rates: RouteFeeRates, slippageBps: Bps): RouteQuoteFigures {
  const feeBps = routeFeeBps(rates, trade.venue);
  const costBps = routeCostBps(venues, trade);
  return { nativeAmount: trade.nativeAmount, feeBps, costBps, priceImpactBps: bps(costBps > feeBps ? costBps - feeBps : 0n), slippageBps };
}

/** Quotes a buy of `amountIn` ZEC (routeBuy, its refusals included) with the spec's figures. */
export function quoteRouteBuy(venues: RouteVenues, amountIn: ZecUnits, rates: RouteFeeRates, slippageBps: Bps): RouteBuyQuote {
  assertSlippage(slippageBps);
  const trade = routeBuy(venues, amountIn, rates);
  return Object.freeze({
    ...figures(venues, trade, rates, slippageBps),
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
  return Object.freeze({ ...figures(venues, trade, rates, slippageBps), trade, zecOut: trade.userReceives, minOutZec, limit: minOutZec });
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
