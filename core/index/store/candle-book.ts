import type Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import { CANDLE_INTERVALS, candleBucket } from '../candles.js';
import { storedPrice } from './price-column.js';

/** The candle intervals in seconds, in CANDLE_INTERVALS' order. */
const INTERVAL_SECONDS: readonly bigint[] = Object.values(CANDLE_INTERVALS);

/**
 * A trade's place in chain order, as the trades table orders them: (slot, seq, position). Kept as three
 * columns, not one packed integer: a slot is a u64 and seq only grows, so no packing into SQLite's signed
 * 64 bits is exact for every index; and a zero-padded text key would compare by the database's collation.
 */
export interface TradeOrder {
  readonly slot: bigint;
  readonly seq: bigint;
  readonly position: number;
}

const isBefore = (a: TradeOrder, b: TradeOrder): boolean => (a.slot !== b.slot ? a.slot < b.slot : a.seq !== b.seq ? a.seq < b.seq : a.position < b.position);

/** One candle's upsert for a batch's trades in it (prices as bigints; stored forms at the write). */
interface PendingCandle {
  readonly bucket: bigint;
  open: bigint;
  openAt: TradeOrder;
  high: bigint;
  low: bigint;
  close: bigint;
  closeAt: TradeOrder;
  zec: bigint;
  trades: bigint;
}

/** `column = <the incoming value when cond holds, else the stored one>`, for DO UPDATE SET. */
const takeWhen = (cond: string, column: string) => `${column} = CASE WHEN ${cond} THEN excluded.${column} ELSE candles.${column} END`;
/** The incoming trade opens earlier (closes later) in chain order than the stored candle's open (close). */
const OPENS_EARLIER = '(excluded.open_slot, excluded.open_seq, excluded.open_position) < (candles.open_slot, candles.open_seq, candles.open_position)';
const CLOSES_LATER = '(excluded.close_slot, excluded.close_seq, excluded.close_position) > (candles.close_slot, candles.close_seq, candles.close_position)';

/**
 * The candle upsert, in SQL that SQLite and PostgreSQL both take: CASE rather than the scalar MAX(a, b) and
 * MIN(a, b), the stored row named `candles.`, the incoming one `excluded.`, row values compared in order.
 * Every SET expression reads the row as it was before the update, so a key's columns move together.
 * Prices compare as their stored forms do (price-column.ts): the price columns have no affinity, so SQLite
 * compares them as given, every INTEGER below every TEXT and equal-width digit strings in numeric order.
 */
const UPSERT = `INSERT INTO candles (mint, interval, bucket, open, high, low, close, volume_zec, trades,
    open_slot, open_seq, open_position, close_slot, close_seq, close_position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (mint, interval, bucket) DO UPDATE SET
    ${['open', 'open_slot', 'open_seq', 'open_position'].map((c) => takeWhen(OPENS_EARLIER, c)).join(', ')},
    ${takeWhen('excluded.high > candles.high', 'high')}, ${takeWhen('excluded.low < candles.low', 'low')},
    ${['close', 'close_slot', 'close_seq', 'close_position'].map((c) => takeWhen(CLOSES_LATER, c)).join(', ')},
    volume_zec = candles.volume_zec + excluded.volume_zec, trades = candles.trades + excluded.trades`;

/**
 * The index's candles as the write path folds them: a batch's trades go into each interval's candle in memory,
 * and `flush` writes one upsert per candle the batch touched (inside the batch's SQLite transaction).
 *
 * A candle opens at its earliest trade in chain order and closes at its latest, whatever order the index
 * applies them in (a backfill's gap filled, a reconcile, an RPC listing out of order): each candle keeps the
 * chain-order place of the trades that set its open and its close, and a trade replaces either only when it
 * comes before the open or after the close.
 */
export class CandleBook {
  private readonly pending = new Map<string, PendingCandle[][]>();
  private bucketsAt: bigint | null = null;
  private readonly buckets: bigint[] = [];
  private readonly upsert;

  constructor(db: Database.Database) {
    // One per candle a batch touched (its trades folded together first), positional with excluded.*.
    this.upsert = db.prepare(UPSERT);
  }

  /**
   * A trade's price and counted volume into each interval's candle, folded as the upsert folds them: the
   * earliest trade in chain order opens, the highest and lowest prices are kept, the latest closes; volume
   * and trades add up. Prices compare as bigints here, as their stored forms compare in SQLite (see price-column.ts).
   */
  fold(mint: Address, at: bigint, order: TradeOrder, price: bigint, zec: bigint, trades: bigint): void {
    let perInterval = this.pending.get(mint);
    if (perInterval === undefined) {
      perInterval = INTERVAL_SECONDS.map(() => []);
      this.pending.set(mint, perInterval);
    }
    const buckets = this.bucketsOf(at);
    for (let i = 0; i < INTERVAL_SECONDS.length; i++) {
      const bucket = buckets[i]!;
      const list = perInterval[i]!;
      const candle = list.length > 0 && list[list.length - 1]!.bucket === bucket ? list[list.length - 1] : list.find((c) => c.bucket === bucket);
      if (candle === undefined) {
        list.push({ bucket, open: price, openAt: order, high: price, low: price, close: price, closeAt: order, zec, trades });
        continue;
      }
      if (isBefore(order, candle.openAt)) {
        candle.open = price;
        candle.openAt = order;
      }
      if (price > candle.high) candle.high = price;
      if (price < candle.low) candle.low = price;
      if (isBefore(candle.closeAt, order)) {
        candle.close = price;
        candle.closeAt = order;
      }
      candle.zec += zec;
      candle.trades += trades;
    }
  }

  /** Writes every candle the batch touched. */
  flush(): void {
    for (const [mint, perInterval] of this.pending) {
      for (let i = 0; i < INTERVAL_SECONDS.length; i++) {
        for (const c of perInterval[i]!) {
          const { openAt: o, closeAt: k } = c;
          this.upsert.run(mint, INTERVAL_SECONDS[i], c.bucket, storedPrice(c.open), storedPrice(c.high), storedPrice(c.low), storedPrice(c.close), c.zec, c.trades,
            o.slot, o.seq, o.position, k.slot, k.seq, k.position);
        }
      }
    }
    this.pending.clear();
  }

  /** Forgets a rolled-back batch's candles. */
  forget(): void {
    this.pending.clear();
  }

  /** Each interval's bucket of `at`, kept for the next trade (a block's trades share its time). */
  private bucketsOf(at: bigint): readonly bigint[] {
    if (at !== this.bucketsAt) {
      for (let i = 0; i < INTERVAL_SECONDS.length; i++) this.buckets[i] = candleBucket(at, INTERVAL_SECONDS[i]!);
      this.bucketsAt = at;
    }
    return this.buckets;
  }
}
