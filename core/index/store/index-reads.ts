import type { Address, Signature } from '@solana/kit';
import type { RiskFigures } from '../../types/risk-figures.js';
import type { NativeRate } from '../valuation.js';
import type { IndexQueries } from './index-queries.js';
import type { CandleRow, CoinFeesRow, CoinRow, DailyStatsRow, FeeEventRow, GraduationRow, HoldingRow, StatsRow, TradeRow } from './index-rows.js';
import type { RunReads } from './run-rows.js';
import type { StreamQueries } from './stream-queries.js';

/**
 * What the /v1 API, its push stream and the services beside it read of the index, on either store: the SQLite
 * file (IndexStore, embedded and the writer's working file) or the hosted PostgreSQL index (PgIndexReads, an
 * API replica's). The read classes are the same on both (read-port.ts); only where they run differs.
 */
export interface IndexReads {
  /** The list reads of the API. */
  readonly queries: IndexQueries;
  /** What was applied between two positions, for the push stream. */
  readonly stream: StreamQueries;
  /** Holder-reward runs and their payments. */
  readonly runs: RunReads;
  /**
   * Calls `listener` with the index's new position after each batch that applied something (the push stream's
   * cue). A listener's error is its own.
   */
  onApplied(listener: (position: bigint) => void): () => void;
  /**
   * Runs one answer's reads in one snapshot, where the store needs to be told (the hosted index: its reads are
   * statements on a pool). Absent on SQLite, whose reads of a turn share one already (read-snapshot.ts).
   */
  answer?<T>(work: () => Promise<T>): Promise<T>;
  hasProcessed(signature: Signature): Promise<boolean>;
  /** The coin a held transaction planted: listed, or unlisted with the index's reason (null: it planted nothing the index holds). */
  plantingOf(signature: Signature): Promise<{ readonly mint: Address; readonly listed: boolean; readonly unlistedReason: string | null } | null>;
  /** How many transactions the index holds, and the last one. */
  checkpoint(): Promise<{ readonly transactions: bigint; readonly last: { readonly signature: Signature; readonly slot: bigint } | null }>;
  /** The native coin's ZEC rate now: its pool's reserves (quote zat for base units); null while the index has none. */
  nativeRate(): Promise<NativeRate | null>;
  /** A coin's pair (`zec`, `native`, `stock:<key>`, `other`). */
  pairOf(mint: Address): Promise<string | null>;
  coin(mint: Address): Promise<CoinRow | null>;
  /** A coin's trades, oldest first; `routed` rows (the native coin's pool side of routes) only when asked. */
  tradesOf(mint: Address, options?: { readonly includeRouted?: boolean }): Promise<TradeRow[]>;
  candles(mint: Address, seconds: bigint): Promise<CandleRow[]>;
  holding(mint: Address, wallet: Address): Promise<HoldingRow | null>;
  holdingsOf(wallet: Address): Promise<HoldingRow[]>;
  fees(mint: Address): Promise<CoinFeesRow | null>;
  feeEvents(mint: Address): Promise<FeeEventRow[]>;
  /** A coin's vault movements, newest first, before `before` (a page's last row's key). */
  feeEventsPage(mint: Address, limit: number, before: { seq: bigint; position: bigint } | null): Promise<{ rows: FeeEventRow[]; last: { seq: bigint; position: bigint } | null }>;
  /** The vault movements one transaction made, in order. */
  feeEventsOfTransaction(signature: Signature): Promise<FeeEventRow[]>;
  /** A coin's holders (balance above zero), largest first, valued like an account's holdings. */
  holders(mint: Address, limit: number, offset?: number): Promise<HoldingRow[]>;
  /** A coin's holders as they stood after every counted trade and move up to `slot` (a holder-reward run's snapshot). */
  holdersAt(mint: Address, slot: bigint): Promise<{ readonly wallet: Address; readonly balance: bigint }[]>;
  /** Listed planted coins, the most recently traded first, with their last trade's time. */
  recentlyTradedCoins(limit: number): Promise<{ readonly mint: Address; readonly at: bigint | null }[]>;
  /** Planted coins in mint order after `after`. */
  plantedCoinsAfter(after: string, limit: number): Promise<{ readonly mint: Address; readonly at: bigint | null }[]>;
  /** A planted coin's risk figures as the index keeps them; null for any other mint. */
  risk(mint: Address): Promise<RiskFigures | null>;
  /** How many wallets hold a coin, and what they hold together (raw units). */
  holderTotals(mint: Address): Promise<{ readonly holders: bigint; readonly held: bigint }>;
  /** A coin's graduation (its migration into the pool), or null while it has none. */
  graduation(mint: Address): Promise<GraduationRow | null>;
  /** Graduations, newest first. */
  graduations(limit?: number): Promise<GraduationRow[]>;
  /** Totals over every counted (listed, ZEC-paired) coin; routed rows never count. */
  stats(): Promise<StatsRow>;
  /** Counted activity per UTC day, newest first, from `sinceDay` (unix seconds) on. */
  dailyStats(sinceDay?: bigint, limit?: number): Promise<DailyStatsRow[]>;
}
