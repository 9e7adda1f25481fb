import type { Static } from 'typebox';
import type { ApiErrorCode } from '../../core/api/api-error.js';
import type { Candle } from '../../core/api/schemas/candle.js';
import type { Coin, CoinDetail } from '../../core/api/schemas/coin.js';
import type { Params } from '../../core/api/schemas/params.js';
import type { DailyStats, Stats } from '../../core/api/schemas/stats.js';
import type { Trade } from '../../core/api/schemas/trade.js';
import type { CoinFees } from '../../core/api/schemas/fees.js';
import type { QuoteAnswer } from '../../core/api/routes/trade.js';
import type { Account } from '../../core/api/routes/reads.js';
import type { BuildAnswer } from '../../core/api/schemas/build.js';
import type { Graduated } from '../../core/api/schemas/graduation.js';
import type { CoinSort } from '../../core/index/store/index-queries.js';
import type { CoinSchedule, Holders, RewardRun, Ring, RunDetail } from '../../core/api/schemas/runs.js';
import type { IssuerStatusAnswer } from '../../core/api/schemas/stocks.js';

/**
 * The shapes /v1 answers, taken from the server's own TypeBox schemas (type-only imports, erased from
 * the bundle), so the desk and the server cannot drift apart. Amounts stay decimal strings here; the
 * desk turns them into bigints where it computes or formats.
 */
export type CoinJson = Static<typeof Coin>;
export type CoinDetailJson = Static<typeof CoinDetail>;
/** A coin with its graduation (GET /v1/graduations). */
export type GraduatedJson = Static<typeof Graduated>;
export type TradeJson = Static<typeof Trade>;
export type CandleJson = Static<typeof Candle>;
export type CoinFeesJson = Static<typeof CoinFees>;
export type QuoteJson = Static<typeof QuoteAnswer>;
export type AccountJson = Static<typeof Account>;
export type BuildJson = Static<typeof BuildAnswer>;
/** A page of a coin's holders, with the curve or pool marked apart. */
export type HoldersJson = Static<typeof Holders>;
export type HolderJson = HoldersJson['data'][number];
export type RewardRunJson = Static<typeof RewardRun>;
export type RunDetailJson = Static<typeof RunDetail>;
/** One of the vault's movements (the spec's "rings"). */
export type RingJson = Static<typeof Ring>;
export type CoinScheduleJson = Static<typeof CoinSchedule>;
/** GET /v1/stocks/issuers: every stock's issuer status, or `readable: false` with none. */
export type IssuerStatusJson = Static<typeof IssuerStatusAnswer>;
export type StockStatusJson = IssuerStatusJson['data'][number];
/** What the trade ticket asks: the quote's and the build's shared request (amount in base units). */
export interface TradeTicketRequest {
  readonly side: 'buy' | 'sell';
  readonly amount: string;
  readonly slippageBps?: number;
  readonly pay?: 'ZEC' | 'SOL';
  readonly receive?: 'ZEC' | 'SOL';
  readonly wallet?: string;
}
/** The candle intervals the server keeps. */
export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';
export type StatsJson = Static<typeof Stats>;
export type DailyStatsJson = Static<typeof DailyStats>;
export type ParamsJson = Static<typeof Params>;
export type { ApiErrorCode, CoinSort };

/** Every list answer: the rows and the cursor of the next page (null on the last). */
export interface PageJson<T> {
  readonly data: T[];
  readonly next: string | null;
}

/** The filters of GET /v1/coins. */
export type CoinStage = CoinJson['stage'];
export type CoinQuote = 'zec' | 'native' | 'stocks';
