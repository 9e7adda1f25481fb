import type { Address } from '@solana/kit';
import { CANDLE_INTERVALS, type CandleInterval } from '../../index/candles.js';

/** A subscription, read from its topics (core/api/schemas/stream.ts says what each means). */
export interface Subscription {
  readonly topics: readonly string[];
  readonly allTrades: boolean;
  readonly tradesOf: ReadonlySet<Address>;
  /** Wallets whose trades and balances are asked for (`wallet:<address>`). */
  readonly wallets: ReadonlySet<Address>;
  readonly coins: boolean;
  readonly graduations: boolean;
  readonly progress: boolean;
  /** mint -> the intervals of its candles asked for. */
  readonly candles: ReadonlyMap<Address, readonly CandleInterval[]>;
}

/** Topics already checked against STREAM_TOPIC_PATTERN. */
export function subscriptionOf(topics: readonly string[]): Subscription {
  const tradesOf = new Set<Address>();
  const wallets = new Set<Address>();
  const candles = new Map<Address, CandleInterval[]>();
  for (const topic of topics) {
    const [head, mint, interval] = topic.split(':');
    if (head === 'trades' && mint) tradesOf.add(mint as Address);
    if (head === 'wallet' && mint) wallets.add(mint as Address);
    if (head === 'candles' && mint && interval && interval in CANDLE_INTERVALS) {
      const list = candles.get(mint as Address) ?? [];
      if (!list.includes(interval as CandleInterval)) list.push(interval as CandleInterval);
      candles.set(mint as Address, list);
    }
  }
  return {
    topics: [...new Set(topics)],
    allTrades: topics.includes('trades'),
    tradesOf,
    wallets,
    coins: topics.includes('coins'),
    graduations: topics.includes('graduations'),
    progress: topics.includes('progress'),
    candles,
  };
}

/** Whether the subscription asks for anything the index position moves (everything but progress). */
export const isPositioned = (s: Subscription): boolean => s.allTrades || s.tradesOf.size > 0 || s.wallets.size > 0 || s.coins || s.graduations || s.candles.size > 0;
