import type Database from 'better-sqlite3';
import type { Address } from '@solana/kit';

const DAY = 86_400n;

/** A UTC day's additions as a batch folds them (the daily_stats row's columns). */
interface DailyFigures {
  coins: bigint;
  trades: bigint;
  buys: bigint;
  sells: bigint;
  zec: bigint;
  creatorFee: bigint;
  graduations: bigint;
  traders: bigint;
}

/**
 * The index's daily figures and its traders, as the write path folds them: counted plantings, trades and
 * graduations added to their UTC day, each wallet recorded once as a trader and once per day it trades.
 * `flush` writes one upsert per day the batch touched (inside the batch's SQLite transaction).
 */
export class DailyBook {
  private readonly pending = new Map<bigint, DailyFigures>();
  /** Wallets known to be in `traders`. */
  private readonly knownTraders = new Set<string>();
  /** Per day, wallets known to be in `daily_traders`. */
  private readonly knownDailyTraders = new Map<bigint, Set<string>>();
  private readonly st;

  constructor(
    db: Database.Database,
    /** How many wallets are remembered before the memory starts over (a bound, not a tuning). */
    private readonly maxKnown: number,
  ) {
    this.st = {
      // One per day a batch touched, its additions summed first.
      daily: db.prepare(`INSERT INTO daily_stats (day, coins, trades, buys, sells, volume_zec, creator_fees_zec, graduations, traders)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (day) DO UPDATE SET coins = daily_stats.coins + excluded.coins, trades = daily_stats.trades + excluded.trades, buys = daily_stats.buys + excluded.buys,
        sells = daily_stats.sells + excluded.sells, volume_zec = daily_stats.volume_zec + excluded.volume_zec, creator_fees_zec = daily_stats.creator_fees_zec + excluded.creator_fees_zec,
        graduations = daily_stats.graduations + excluded.graduations, traders = daily_stats.traders + excluded.traders`),
      dailyTrader: db.prepare('INSERT OR IGNORE INTO daily_traders (day, wallet) VALUES (?, ?)'),
      trader: db.prepare('INSERT OR IGNORE INTO traders (wallet) VALUES (?)'),
    };
  }

  /** A counted trade of a counted coin: the day's figures, and the wallet as a trader (of all time and of the day). */
  trade(at: bigint, wallet: Address, buy: boolean, zec: bigint, creatorFee: bigint): void {
    const newToday = this.addDailyTrader(at / DAY, wallet);
    if (!this.knownTraders.has(wallet)) {
      this.st.trader.run(wallet);
      if (this.knownTraders.size >= this.maxKnown) this.knownTraders.clear();
      this.knownTraders.add(wallet);
    }
    const daily = this.day(at);
    daily.trades += 1n;
    if (buy) daily.buys += 1n;
    else daily.sells += 1n;
    daily.zec += zec;
    daily.creatorFee += creatorFee;
    if (newToday) daily.traders += 1n;
  }

  /** A counted coin planted at `at`. */
  planted(at: bigint): void {
    this.day(at).coins += 1n;
  }

  /** A counted coin graduated at `at`. */
  graduated(at: bigint): void {
    this.day(at).graduations += 1n;
  }

  /** Writes every day the batch touched. */
  flush(): void {
    for (const [day, d] of this.pending) this.st.daily.run(day, d.coins, d.trades, d.buys, d.sells, d.zec, d.creatorFee, d.graduations, d.traders);
    this.pending.clear();
  }

  /** Forgets a rolled-back batch's figures and what it recorded. */
  forget(): void {
    this.pending.clear();
    this.knownTraders.clear();
    this.knownDailyTraders.clear();
  }

  private day(at: bigint): DailyFigures {
    const day = (at / DAY) * DAY;
    let figures = this.pending.get(day);
    if (figures === undefined) {
      figures = { coins: 0n, trades: 0n, buys: 0n, sells: 0n, zec: 0n, creatorFee: 0n, graduations: 0n, traders: 0n };
      this.pending.set(day, figures);
    }
    return figures;
  }

  /** Whether the wallet is new in the day's traders (it is then recorded). */
  private addDailyTrader(day: bigint, wallet: Address): boolean {
    let known = this.knownDailyTraders.get(day);
    if (known === undefined) {
      if (this.knownDailyTraders.size >= 4) this.knownDailyTraders.clear();
      known = new Set();
      this.knownDailyTraders.set(day, known);
    }
    if (known.has(wallet)) return false;
    const added = this.st.dailyTrader.run(day, wallet).changes > 0;
    if (known.size >= this.maxKnown) known.clear();
    known.add(wallet);
    return added;
  }
}
