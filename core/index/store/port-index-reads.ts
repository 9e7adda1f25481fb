import type { Address, Signature } from '@solana/kit';
import type { RiskFigures } from '../../types/risk-figures.js';
import type { NativeRate } from '../valuation.js';
import type { IndexReads } from './index-reads.js';
import { IndexQueries } from './index-queries.js';
import type { CandleRow, CoinFeesRow, CoinRow, DailyStatsRow, FeeEventRow, GraduationRow, HoldingRow, StatsRow, TradeRow } from './index-rows.js';
import { PointReads } from './point-reads.js';
import type { Awaitable, ReadPort } from './read-port.js';
import { RunReads } from './run-rows.js';
import { StreamQueries } from './stream-queries.js';

/**
 * The index's reads on one read port (read-port.ts): point-reads, index-queries, stream-queries and the runs'
 * reads, wired to each other as IndexReads. The SQLite store (IndexStore) and the hosted one (PgIndexReads) each
 * hold one; only the push stream's cue (`onApplied`) is the store's own.
 */
export class PortIndexReads implements Omit<IndexReads, 'onApplied'> {
  readonly queries: IndexQueries;
  readonly stream: StreamQueries;
  readonly runs: RunReads;
  private readonly point: PointReads;

  constructor(port: ReadPort, nativeRate?: () => Awaitable<NativeRate | null>) {
    this.point = new PointReads(port, (mint) => this.coin(mint), nativeRate);
    const point = this.point;
    this.queries = new IndexQueries(
      port,
      (coin) => point.completeCoin(coin),
      () => {
        // An ordering key only (the market-cap sort of native-paired coins), never a figure shown.
        const rate = point.nativeRate();
        const key = (r: NativeRate | null) => (r ? Number(r.quote) / Number(r.base) : 0);
        return rate instanceof Promise ? rate.then(key) : key(rate);
      },
    );
    this.stream = new StreamQueries(port, (mint) => this.coin(mint), (mint) => this.graduation(mint));
    this.runs = new RunReads(port);
  }

  async nativeRate(): Promise<NativeRate | null> {
    return this.point.nativeRate();
  }

  hasProcessed(signature: Signature): Promise<boolean> {
    return this.point.hasProcessed(signature);
  }

  plantingOf(signature: Signature): Promise<{ readonly mint: Address; readonly listed: boolean; readonly unlistedReason: string | null } | null> {
    return this.point.plantingOf(signature);
  }

  checkpoint(): Promise<{ readonly transactions: bigint; readonly last: { readonly signature: Signature; readonly slot: bigint } | null }> {
    return this.point.checkpoint();
  }

  pairOf(mint: Address): Promise<string | null> {
    return this.point.pairOf(mint);
  }

  coin(mint: Address): Promise<CoinRow | null> {
    return this.queries.coin(mint);
  }

  tradesOf(mint: Address, options: { readonly includeRouted?: boolean } = { includeRouted: true }): Promise<TradeRow[]> {
    return this.point.tradesOf(mint, options);
  }

  candles(mint: Address, seconds: bigint): Promise<CandleRow[]> {
    return this.point.candles(mint, seconds);
  }

  holding(mint: Address, wallet: Address): Promise<HoldingRow | null> {
    return this.point.holding(mint, wallet);
  }

  holdingsOf(wallet: Address): Promise<HoldingRow[]> {
    return this.point.holdingsOf(wallet);
  }

  fees(mint: Address): Promise<CoinFeesRow | null> {
    return this.point.fees(mint);
  }

  feeEvents(mint: Address): Promise<FeeEventRow[]> {
    return this.point.feeEvents(mint);
  }

  feeEventsPage(mint: Address, limit: number, before: { seq: bigint; position: bigint } | null): Promise<{ rows: FeeEventRow[]; last: { seq: bigint; position: bigint } | null }> {
    return this.point.feeEventsPage(mint, limit, before);
  }

  feeEventsOfTransaction(signature: Signature): Promise<FeeEventRow[]> {
    return this.point.feeEventsOfTransaction(signature);
  }

  holders(mint: Address, limit: number, offset = 0): Promise<HoldingRow[]> {
    return this.point.holders(mint, limit, offset);
  }

  holdersAt(mint: Address, slot: bigint): Promise<{ readonly wallet: Address; readonly balance: bigint }[]> {
    return this.point.holdersAt(mint, slot);
  }

  recentlyTradedCoins(limit: number): Promise<{ readonly mint: Address; readonly at: bigint | null }[]> {
    return this.point.recentlyTradedCoins(limit);
  }

  plantedCoinsAfter(after: string, limit: number): Promise<{ readonly mint: Address; readonly at: bigint | null }[]> {
    return this.point.plantedCoinsAfter(after, limit);
  }

  risk(mint: Address): Promise<RiskFigures | null> {
    return this.point.risk(mint);
  }

  holderTotals(mint: Address): Promise<{ readonly holders: bigint; readonly held: bigint }> {
    return this.point.holderTotals(mint);
  }

  graduation(mint: Address): Promise<GraduationRow | null> {
    return this.point.graduation(mint);
  }

  graduations(limit = 100): Promise<GraduationRow[]> {
    return this.point.graduations(limit);
  }

  stats(): Promise<StatsRow> {
    return this.point.stats();
  }

  dailyStats(sinceDay = 0n, limit = 366): Promise<DailyStatsRow[]> {
    return this.point.dailyStats(sinceDay, limit);
  }
}
