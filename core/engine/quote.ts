import { DeskError } from '../errors.js';
import { buyExactQuoteIn as curveBuyExactQuoteIn, sellExactTokens } from '../math/curve.js';
import { totalFeeBps } from '../math/curve-fees.js';
import { curvePriceImpactBps } from '../math/curve-impact.js';
import { CurveError } from '../math/curve-error.js';
import { lowerBySlippage } from '../math/curve-slippage.js';
import { buyExactQuoteIn as poolBuyExactQuoteIn, priceImpactBps, sellExactBase } from '../math/pool.js';
import { PoolError } from '../math/pool-error.js';
import { totalPoolFeeBps } from '../math/pool-fees.js';
import { quoteUnits } from '../math/quote-units.js';
import { RouteError } from '../math/route-error.js';
import { quoteRouteBuy, quoteRouteSell } from '../math/route-quote.js';
import { bps, tokenUnits, zecUnits, type Bps } from '../math/units.js';
import type { CoinMarket } from './market.js';

/**
 * The exact quote of a buy or a sale on a coin's market as read from chain: what the program will move,
 * to the base unit (core/math mirrors the programs), and the bounds from slippage that go into the
 * instruction. A buy spends exactly `amount` ZEC at most (exact in); a sale sells exactly `amount` tokens.
 */
export type Side = 'buy' | 'sell';

/** Spec "Limits": default 100 bps on the curve, 200 on the pool; at most 2000. */
export const SLIPPAGE_BPS = Object.freeze({ curve: 100n, pool: 200n, max: 2000n });

export interface TradeAsk {
  readonly side: Side;
  /** Buy: ZEC base units to spend. Sale: tokens to sell. */
  readonly amount: bigint;
  /** Null: the venue's default. */
  readonly slippageBps: bigint | null;
}

/** What goes into the instruction. */
export type TradePlan =
  | { readonly venue: 'curve' | 'pool'; readonly side: 'buy'; readonly spendable: bigint; readonly minTokensOut: bigint }
  | { readonly venue: 'curve' | 'pool'; readonly side: 'sell'; readonly tokens: bigint; readonly minZecOut: bigint }
  | { readonly venue: 'route'; readonly side: Side; readonly amountIn: bigint; readonly minAmountOut: bigint };

export interface TradeQuote {
  readonly side: Side;
  readonly pair: CoinMarket['pair'];
  readonly venue: CoinMarket['venue'];
  readonly slippageBps: Bps;
  /** Buy: ZEC the build may spend (the limit). Sale: the tokens sold. */
  readonly amountIn: bigint;
  /** Buy: what it is quoted to spend (less than amountIn only when it completes the curve). */
  readonly zecIn: bigint | null;
  readonly tokensOut: bigint | null;
  readonly minTokensOut: bigint | null;
  readonly maxZecIn: bigint | null;
  readonly zecOut: bigint | null;
  readonly minZecOut: bigint | null;
  readonly feeBps: Bps;
  readonly priceImpactBps: Bps;
  /** Native-paired coins: everything given up against both venues' spot prices, and the native coin passed between hops. */
  readonly costBps: Bps | null;
  readonly nativeAmount: bigint | null;
  readonly plan: TradePlan;
}

/** A refusal of the math in plain words, as `refused` (the venue cannot do this trade). */
function refusal(error: unknown): never {
  if (error instanceof CurveError || error instanceof PoolError || error instanceof RouteError) {
    throw new DeskError('refused', `the trade cannot be made: ${error.message}`, { reason: error.code });
  }
  throw error;
}

export function slippageFor(market: CoinMarket, asked: bigint | null): Bps {
  const value = asked ?? (market.venue === 'curve' ? SLIPPAGE_BPS.curve : SLIPPAGE_BPS.pool);
  return bps(value);
}

export function quoteTrade(market: CoinMarket, ask: TradeAsk): TradeQuote {
  const slippage = slippageFor(market, ask.slippageBps);
  const base = { side: ask.side, pair: market.pair, venue: market.venue, slippageBps: slippage, amountIn: ask.amount };
  try {
    if (market.route) {
      const { venues, rates } = market.route;
      if (ask.side === 'buy') {
        const q = quoteRouteBuy(venues, zecUnits(ask.amount), rates, slippage);
        return {
          ...base, zecIn: q.trade.zecSpent, tokensOut: q.tokensOut, minTokensOut: q.minTokensOut, maxZecIn: q.limit, zecOut: null, minZecOut: null,
          feeBps: q.feeBps, priceImpactBps: q.priceImpactBps, costBps: q.costBps, nativeAmount: q.nativeAmount,
          plan: { venue: 'route', side: 'buy', amountIn: ask.amount, minAmountOut: q.minTokensOut },
        };
      }
      const q = quoteRouteSell(venues, tokenUnits(ask.amount), rates, slippage);
      return {
        ...base, zecIn: null, tokensOut: null, minTokensOut: null, maxZecIn: null, zecOut: q.zecOut, minZecOut: q.minOutZec,
        feeBps: q.feeBps, priceImpactBps: q.priceImpactBps, costBps: q.costBps, nativeAmount: q.nativeAmount,
        plan: { venue: 'route', side: 'sell', amountIn: ask.amount, minAmountOut: q.minOutZec },
      };
    }
    const none = { costBps: null, nativeAmount: null };
    if (market.pool) {
      const { reserves, rates } = market.pool;
      const feeBps = totalPoolFeeBps(rates);
      if (ask.side === 'buy') {
        const buy = poolBuyExactQuoteIn(reserves, quoteUnits(ask.amount), rates);
        const minTokensOut = lowerBySlippage(buy.baseOut, slippage);
        return {
          ...base, ...none, zecIn: buy.totalCost, tokensOut: buy.baseOut, minTokensOut, maxZecIn: ask.amount, zecOut: null, minZecOut: null,
          feeBps, priceImpactBps: priceImpactBps(reserves, buy), plan: { venue: 'pool', side: 'buy', spendable: ask.amount, minTokensOut },
        };
      }
      const sell = sellExactBase(reserves, tokenUnits(ask.amount), rates);
      const minZecOut = lowerBySlippage(sell.userReceives, slippage);
      return {
        ...base, ...none, zecIn: null, tokensOut: null, minTokensOut: null, maxZecIn: null, zecOut: sell.userReceives, minZecOut,
        feeBps, priceImpactBps: priceImpactBps(reserves, sell), plan: { venue: 'pool', side: 'sell', tokens: ask.amount, minZecOut },
      };
    }
    const state = market.curveState!;
    const rates = market.curveRates;
    const feeBps = totalFeeBps(rates);
    if (ask.side === 'buy') {
      const buy = curveBuyExactQuoteIn(state, quoteUnits(ask.amount), rates);
      const minTokensOut = lowerBySlippage(buy.tokens, slippage);
      return {
        ...base, ...none, zecIn: buy.totalCost, tokensOut: buy.tokens, minTokensOut, maxZecIn: ask.amount, zecOut: null, minZecOut: null,
        feeBps, priceImpactBps: curvePriceImpactBps(state, { side: 'buy', ...buy }), plan: { venue: 'curve', side: 'buy', spendable: ask.amount, minTokensOut },
      };
    }
    const sell = sellExactTokens(state, tokenUnits(ask.amount), rates);
    const minZecOut = lowerBySlippage(sell.userReceives, slippage);
    return {
      ...base, ...none, zecIn: null, tokensOut: null, minTokensOut: null, maxZecIn: null, zecOut: sell.userReceives, minZecOut,
      feeBps, priceImpactBps: curvePriceImpactBps(state, { side: 'sell', ...sell }), plan: { venue: 'curve', side: 'sell', tokens: ask.amount, minZecOut },
    };
  } catch (error) {
    return refusal(error);
  }
}

/**
 * The quote with the floor the trader accepted (the build's local `minOut`): tokens on a buy, ZEC on a
 * sale. A person or a bot accepts a minimum from a quote it saw; building from a newer quote would
 * otherwise carry a lower floor than the one shown whenever a trade landed in between. Refused when the
 * market no longer gives that much (the trade would fail on chain), or when the floor leaves more than
 * the largest slippage the API allows.
 */
export function withMinimumOut(quote: TradeQuote, minimum: bigint): TradeQuote {
  const expected = quote.side === 'buy' ? quote.tokensOut : quote.zecOut;
  if (expected === null) throw new Error('a quote names what it gives');
  const what = quote.side === 'buy' ? 'tokens (base units)' : 'ZEC (base units)';
  if (minimum > expected) {
    throw new DeskError('refused', `the price moved: this ${quote.side === 'buy' ? 'buy' : 'sale'} now gives ${expected} ${what}, less than the minOut of ${minimum} asked for; quote again`, { reason: 'price_moved' });
  }
  const widest = lowerBySlippage(expected, bps(SLIPPAGE_BPS.max));
  if (minimum < widest) {
    throw new DeskError('invalid_param', `minOut: ${minimum} is below ${widest}, what the trade gives now less the largest slippage allowed (${SLIPPAGE_BPS.max} bps)`, { field: 'minOut' });
  }
  const plan: TradePlan =
    quote.plan.venue === 'route' ? { ...quote.plan, minAmountOut: minimum } : quote.plan.side === 'buy' ? { ...quote.plan, minTokensOut: minimum } : { ...quote.plan, minZecOut: minimum };
  return quote.side === 'buy' ? { ...quote, minTokensOut: minimum, plan } : { ...quote, minZecOut: minimum, plan };
}
