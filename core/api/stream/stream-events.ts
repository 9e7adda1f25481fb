import type { Address } from '@solana/kit';
import { CANDLE_INTERVALS, candleBucket } from '../../index/candles.js';
import type { IndexReads } from '../../index/store/index-reads.js';
import type { CoinRow } from '../../index/store/index-rows.js';
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
  private trades: Promise<PositionedTrade[]> | null = null;
  private planted: Promise<StreamEventJson[]> | null = null;
  private graduated: Promise<StreamEventJson[]> | null = null;
  private readonly presentedTrades = new Map<PositionedTrade, StreamEventJson>();

  /** The context of trades and candles (the stocks' readings only), made once per range. */
  private tradeContext: Promise<CoinContext> | null = null;
  private mints: Promise<Set<Address>> | null = null;

  constructor(
    private readonly store: IndexReads,
    /** The coin context for these coins (coin-context.ts streamCoinContext). */
    private readonly contextOf: (coins: readonly CoinRow[], options?: { readonly risk?: boolean }) => Promise<CoinContext>,
    readonly after: bigint,
    readonly upTo: bigint,
  ) {}

  /** The events `subscription` asks for in this range, in index order (trades, then candles, per transaction). */
  async eventsFor(subscription: Subscription): Promise<StreamEventJson[]> {
    const out: StreamEventJson[] = [];
    if (subscription.coins) out.push(...(await this.plantedEvents()));
    if (subscription.allTrades || subscription.tradesOf.size > 0 || subscription.wallets.size > 0) {
      for (const t of await this.tradeRows()) {
        const wanted =
          subscription.tradesOf.has(t.trade.mint) || (subscription.allTrades && t.kind === 'coin' && !t.trade.routed) || (subscription.wallets.has(t.trade.user) && !t.trade.routed);
        if (wanted) out.push(await this.tradeEvent(t));
      }
    }
    if (subscription.candles.size > 0) out.push(...(await this.candleEvents(subscription.candles)));
    if (subscription.graduations) out.push(...(await this.graduatedEvents()));
    return out.sort((a, b) => a.position - b.position); // stable: within a transaction, the order above
  }

  /** The coins traded in this range (a wallet's balances are valued again when one of its coins moved). */
  tradedMints(): Promise<ReadonlySet<Address>> {
    return (this.mints ??= this.tradeRows().then((rows) => new Set(rows.map((t) => t.trade.mint))));
  }

  private tradeRows(): Promise<PositionedTrade[]> {
    return (this.trades ??= this.store.stream.trades(this.after, this.upTo));
  }

  private stocks(): Promise<CoinContext['stocks']> {
    return (this.tradeContext ??= this.contextOf([], { risk: false })).then((c) => c.stocks);
  }

  private async tradeEvent(t: PositionedTrade): Promise<StreamEventJson> {
    let event = this.presentedTrades.get(t);
    if (!event) {
      const stock = tradeStockOf(await this.stocks(), (await this.store.pairOf(t.trade.mint)) ?? undefined);
      event = { kind: 'trade', position: Number(t.seq), data: presentTrade(t.trade, stock) };
      this.presentedTrades.set(t, event);
    }
    return event;
  }

  private plantedEvents(): Promise<StreamEventJson[]> {
    return (this.planted ??= (async () => {
      const planted = await this.store.stream.planted(this.after, this.upTo);
      const context = await this.contextOf(planted.map((p) => p.coin));
      return planted.map((p): StreamEventJson => ({ kind: 'coin', position: Number(p.seq), data: presentCoin(p.coin, context) }));
    })());
  }

  private graduatedEvents(): Promise<StreamEventJson[]> {
    return (this.graduated ??= (async () => {
      const graduated = await this.store.stream.graduated(this.after, this.upTo);
      const context = await this.contextOf(graduated.map((g) => g.coin));
      return graduated.map((g): StreamEventJson => ({ kind: 'graduation', position: Number(g.seq), data: presentGraduated(g.coin, g.graduation, context) }));
    })());
  }

  /**
   * Each asked-for candle a trade in this range touched, as it stands now, once, at the position of the
   * last trade that touched it: a candle is a state, so the latest is the whole of it.
   */
  private async candleEvents(asked: ReadonlyMap<Address, readonly (keyof typeof CANDLE_INTERVALS)[]>): Promise<StreamEventJson[]> {
    const touched = new Map<string, { mint: Address; interval: keyof typeof CANDLE_INTERVALS; bucket: bigint; seq: bigint }>();
    for (const t of await this.tradeRows()) {
      const intervals = asked.get(t.trade.mint);
      if (!intervals) continue;
      for (const interval of intervals) {
        const bucket = candleBucket(t.trade.at, CANDLE_INTERVALS[interval]);
        touched.set(`${t.trade.mint}:${interval}:${bucket}`, { mint: t.trade.mint, interval, bucket, seq: t.seq });
      }
    }
    const out: StreamEventJson[] = [];
    for (const { mint, interval, bucket, seq } of touched.values()) {
      const candle = await this.store.stream.candle(mint, CANDLE_INTERVALS[interval], bucket);
      const stock = tradeStockOf(await this.stocks(), (await this.store.pairOf(mint)) ?? undefined);
      if (candle) out.push({ kind: 'candle', position: Number(seq), mint, interval, data: presentCandle(candle, stock ? (stock.reading?.zec.zatPerWholeRawE12 ?? null) : undefined) });
    }
    return out;
  }
}
