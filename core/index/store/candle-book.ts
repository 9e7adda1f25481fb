import type Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import { CANDLE_INTERVALS, candleBucket } from '../candles.js';
import { storedPrice } from './price-column.js';

/** The candle intervals in seconds, in CANDLE_INTERVALS' order. */
const INTERVAL_SECONDS: readonly bigint[] = Object.values(CANDLE_INTERVALS);

/** One candle's upsert for a batch's trades in it (prices as bigints; stored forms at the write). */
interface PendingCandle {
  readonly bucket: bigint;
  readonly open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  zec: bigint;
  trades: bigint;
}

/**
 * The index's candles as the write path folds them: a batch's trades go into each interval's candle in memory,
 * and `flush` writes one upsert per candle the batch touched (inside the batch's SQLite transaction).
 */
export class CandleBook {
  private readonly pending = new Map<string, PendingCandle[][]>();
  private bucketsAt: bigint | null = null;
  private readonly buckets: bigint[] = [];
  private readonly upsert;

  constructor(db: Database.Database) {
    // One per candle a batch touched (its trades folded together first), positional with excluded.*.
    this.upsert = db.prepare(`INSERT INTO candles (mint, interval, bucket, open, high, low, close, volume_zec, trades) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (mint, interval, bucket) DO UPDATE SET high = MAX(high, excluded.high), low = MIN(low, excluded.low), close = excluded.close,
        volume_zec = volume_zec + excluded.volume_zec, trades = trades + excluded.trades`);
  }

  /**
   * A trade's price and counted volume into each interval's candle, folded as the upsert folds them: the
   * first price opens, the highest and lowest are kept, the last closes; volume and trades add up. Prices
   * compare as bigints here, as their stored forms compare in SQLite (see price-column.ts).
   */
  fold(mint: Address, at: bigint, price: bigint, zec: bigint, trades: bigint): void {
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
        list.push({ bucket, open: price, high: price, low: price, close: price, zec, trades });
        continue;
      }
      if (price > candle.high) candle.high = price;
      if (price < candle.low) candle.low = price;
      candle.close = price;
      candle.zec += zec;
      candle.trades += trades;
    }
  }

  /** Writes every candle the batch touched. */
  flush(): void {
    for (const [mint, perInterval] of this.pending) {
      for (let i = 0; i < INTERVAL_SECONDS.length; i++) {
        for (const c of perInterval[i]!) {
          this.upsert.run(mint, INTERVAL_SECONDS[i], c.bucket, storedPrice(c.open), storedPrice(c.high), storedPrice(c.low), storedPrice(c.close), c.zec, c.trades);
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
