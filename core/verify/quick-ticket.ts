import { shareOf } from '../math/position.js';
import { venueOf, type TradeVenue, type TradingPresets } from '../types/trading-presets.js';

/**
 * A quick trade's ticket, made from the wallet's presets: the amount of the chosen buy preset (or a share of
 * what the wallet holds), the slippage of the coin's venue and the chosen priority fee. The same ticket is
 * quoted, built, and then judged by the review against what the person asked for: never the build's own
 * account. Browser-safe and pure: the desk's quick-buy buttons, quick-sell buttons and hotkeys share it.
 */

/** What a quick trade needs to know of its coin (a list row or the coin page both have it). */
export interface QuickCoin {
  readonly mint: string;
  readonly symbol: string;
  readonly stage: string;
  /** The pair block: absent for a ZEC pair, `native` or `stock`. */
  readonly pair?: { readonly key: string } | undefined;
}

export interface QuickAsk {
  readonly wallet: string;
  readonly mint: string;
  readonly side: 'buy' | 'sell';
  /** Base units: ZEC or lamports spent on a buy, coin units sold on a sale. */
  readonly amount: bigint;
  /** A 100% sale: built as `all`, which closes the emptied account. */
  readonly all: boolean;
  readonly pay: 'ZEC' | 'SOL';
  readonly receive: 'ZEC' | 'SOL';
  readonly slippageBps: number;
  readonly venue: TradeVenue;
  /** Micro-lamports per compute unit. */
  readonly computeUnitPrice: bigint;
}

/** Why a coin cannot be traded quickly (a stock coin has no trade route here); null when it can. */
export function quickProblem(coin: QuickCoin): string | null {
  if (coin.pair?.key !== undefined && coin.pair.key !== 'native') return `${coin.symbol} is paired with a tokenized stock: this desk builds no trade of it`;
  if (coin.stage === 'complete') return `${coin.symbol}'s curve is complete and waits to move to its pool: it trades again once it has`;
  return null;
}

const venueOfCoin = (coin: QuickCoin): TradeVenue => venueOf(coin.pair?.key === 'native' ? 'native' : 'zec', coin.stage);

/** The buy of preset `index` (paid in `pay`) for `wallet`; null when the wallet keeps no such preset. */
export function quickBuyOf(presets: TradingPresets, coin: QuickCoin, wallet: string, index: number, pay: 'ZEC' | 'SOL' = 'ZEC'): QuickAsk | null {
  const amount = (pay === 'SOL' ? presets.buySol : presets.buyZec)[index];
  if (amount === undefined) return null;
  const venue = venueOfCoin(coin);
  return { wallet, mint: coin.mint, side: 'buy', amount, all: false, pay, receive: 'ZEC', slippageBps: presets.slippageBps[venue], venue, computeUnitPrice: presets.priority.microLamports };
}

/** The sale of `percent` of `held` (raw coin units on chain now); null when nothing is held. 100% sells all. */
export function quickSellOf(presets: TradingPresets, coin: QuickCoin, wallet: string, held: bigint, percent: bigint): QuickAsk | null {
  const amount = shareOf(held, percent);
  if (amount === 0n) return null;
  const venue = venueOfCoin(coin);
  return { wallet, mint: coin.mint, side: 'sell', amount, all: percent === 100n, pay: 'ZEC', receive: 'ZEC', slippageBps: presets.slippageBps[venue], venue, computeUnitPrice: presets.priority.microLamports };
}

/** The quote's and the build's request (decimal strings), as /v1 takes it. */
export function quickRequestOf(ask: QuickAsk): { side: 'buy' | 'sell'; amount: string; slippageBps: number; wallet: string; pay?: 'SOL'; receive?: 'SOL'; computeUnitPrice: string } {
  return {
    side: ask.side,
    amount: ask.all ? 'all' : String(ask.amount),
    slippageBps: ask.slippageBps,
    wallet: ask.wallet,
    ...(ask.side === 'buy' && ask.pay === 'SOL' ? { pay: 'SOL' as const } : {}),
    ...(ask.side === 'sell' && ask.receive === 'SOL' ? { receive: 'SOL' as const } : {}),
    computeUnitPrice: String(ask.computeUnitPrice),
  };
}

/** The least a quote accepts for this ask: coins on a buy, ZEC (or lamports for SOL) on a sale; null when the quote has none. */
export function quickMinimumOf(ask: QuickAsk, quote: { readonly minTokensOut?: string | undefined; readonly minOutZec?: string | undefined; readonly minSolOut?: string | undefined }): string | null {
  const floor = ask.side === 'buy' ? quote.minTokensOut : ask.receive === 'SOL' ? quote.minSolOut : quote.minOutZec;
  return floor ?? null;
}

/**
 * The floor a build carries as its `minOut` (core/engine/quote.ts withMinimumOut): the venue's own,
 * coins on a buy and ZEC on a sale (a receive-SOL swap takes its minimum from that ZEC), as the quote the
 * person saw said it; null when the quote has none.
 */
export function buildFloorOf(side: 'buy' | 'sell', quote: { readonly minTokensOut?: string | undefined; readonly minOutZec?: string | undefined }): { minOut: string } | Record<string, never> {
  const floor = side === 'buy' ? quote.minTokensOut : quote.minOutZec;
  return floor === undefined ? {} : { minOut: floor };
}

/** The person's own ticket as the review and the quick signature take it. */
export function quickTicketOf(ask: QuickAsk, minimum: string) {
  return {
    wallet: ask.wallet,
    mint: ask.mint,
    side: ask.side,
    amount: String(ask.amount),
    pay: ask.pay,
    receive: ask.receive,
    slippageBps: ask.slippageBps,
    minimum,
    computeUnitPrice: String(ask.computeUnitPrice),
    ...(ask.all ? { amountFrom: 'all' as const } : {}),
  };
}
