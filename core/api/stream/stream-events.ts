import type { Address } from '@solana/kit';
import { CANDLE_INTERVALS, candleBucket } from '../../index/candles.js';
import type { IndexStore } from '../../index/store/index-store.js';
import type { PositionedTrade } from '../../index/store/stream-queries.js';
import { presentCandle } from '../schemas/candle.js';
import { presentCoin, type CoinContext } from '../schemas/coin.js';
import { presentGraduated } from '../schemas/graduation.js';
import type { StreamEventJson } from '../schemas/stream.js';
import { presentTrade } from '../schemas/trade.js';
import { tradeStockOf } from '../route-kit/coin-context.js';
import type { Subscription } from './stream-topics.js';

/**
 * What the index took in over a range of positions, read once and presented once, then filtered for
 * each subscriber: a burst reaching many clients costs one set of queries, not one per client.
 */
export class StreamRange {
  private trades: PositionedTrade[] | null = null;
  private planted: StreamEventJson[] | null = null;
  private graduated: StreamEventJson[] | null = null;
  private readonly presentedTrades = new Map<PositionedTrade, StreamEventJson>();

  private contextValue: CoinContext | null = null;
  private mints: Set<Address> | null = null;

  constructor(
    private readonly store: IndexStore,
    private readonly contextOf: () => CoinContext,
    readonly after: bigint,
    readonly upTo: bigint,
  ) {}

  /** The coin context, made once per range. */
  private context(): CoinContext {
    return (this.contextValue ??= this.contextOf());
  }

  /** The events `subscription` asks for in this range, in index order (trades, then candles, per transaction). */
  eventsFor(subscription: Subscription): StreamEventJson[] {
    const out: StreamEventJson[] = [];
    if (subscription.coins) out.push(...this.plantedEvents());
    if (subscription.allTrades || subscription.tradesOf.size > 0 || subscription.wallets.size > 0) {
      for (const t of this.tradeRows()) {
        const wanted =
          subscription.tradesOf.has(t.trade.mint) || (subscription.allTrades && t.kind === 'coin' && !t.trade.routed) || (subscription.wallets.has(t.trade.user) && !t.trade.routed);
        if (wanted) out.push(this.tradeEvent(t));
      }
    }
    if (subscription.candles.size > 0) out.push(...this.candleEvents(subscription.candles));
    if (subscription.graduations) out.push(...this.graduatedEvents());
    return out.sort((a, b) => a.position - b.position); // stable: within a transaction, the order above
  }

  /** The coins traded in this range (a wallet's balances are valued again when one of its coins moved). */
  tradedMints(): ReadonlySet<Address> {
    return (this.mints ??= new Set(this.tradeRows().map((t) => t.trade.mint)));
  }

  private tradeRows(): PositionedTrade[] {
    this.trades ??= this.store.stream.trades(this.after, this.upTo);
    return this.trades;
  }

  private tradeEvent(t: PositionedTrade): StreamEventJson {
    let event = this.presentedTrades.get(t);
    if (!event) {
      event = { kind: 'trade', position: Number(t.seq), data: presentTrade(t.trade, tradeStockOf(this.context().stocks, this.store.pairOf(t.trade.mint) ?? undefined)) };
      this.presentedTrades.set(t, event);
    }
    return event;
  }

  private plantedEvents(): StreamEventJson[] {
    const context = this.context();
    this.planted ??= this.store.stream.planted(this.after, this.upTo).map((p) => ({ kind: 'coin', position: Number(p.seq), data: presentCoin(p.coin, context) }));
    return this.planted;
  }

  private graduatedEvents(): StreamEventJson[] {
    const context = this.context();
    this.graduated ??= this.store.stream.graduated(this.after, this.upTo).map((g) => ({ kind: 'graduation', position: Number(g.seq), data: presentGraduated(g.coin, g.graduation, context) }));
    return this.graduated;
  }

  /**
   * Each asked-for candle a trade in this range touched, as it stands now, once, at the position of the
   * last trade that touched it: a candle is a state, so the latest is the whole of it.
   */
  private candleEvents(asked: ReadonlyMap<Address, readonly (keyof typeof CANDLE_INTERVALS)[]>): StreamEventJson[] {
    const touched = new Map<string, { mint: Address; interval: keyof typeof CANDLE_INTERVALS; bucket: bigint; seq: bigint }>();
    for (const t of this.tradeRows()) {
      const intervals = asked.get(t.trade.mint);
      if (!intervals) continue;
      for (const interval of intervals) {
        const bucket = candleBucket(t.trade.at, CANDLE_INTERVALS[interval]);
        touched.set(`${t.trade.mint}:${interval}:${bucket}`, { mint: t.trade.mint, interval, bucket, seq: t.seq });
      }
    }
    const out: StreamEventJson[] = [];
    for (const { mint, interval, bucket, seq } of touched.values()) {
      const candle = this.store.stream.candle(mint, CANDLE_INTERVALS[interval], bucket);
      const stock = tradeStockOf(this.context().stocks, this.store.pairOf(mint) ?? undefined);
      if (candle) out.push({ kind: 'candle', position: Number(seq), mint, interval, data: presentCandle(candle, stock ? (stock.reading?.zec.zatPerWholeRawE12 ?? null) : undefined) });
    }
    return out;
  }
}
