import type { Static } from 'typebox';
import type { ApiErrorCode } from '../api/api-error.js';
import type { Candle } from '../api/schemas/candle.js';
import type { Coin, CoinDetail } from '../api/schemas/coin.js';
import type { Params } from '../api/schemas/params.js';
import type { DailyStats, Stats } from '../api/schemas/stats.js';
import type { Trade } from '../api/schemas/trade.js';
import type { CoinFees } from '../api/schemas/fees.js';
import type { QuoteAnswer } from '../api/routes/trade.js';
import type { Account } from '../api/routes/reads.js';
import type { WalletBalances } from '../api/schemas/wallet-balances.js';
import type { BuildAnswer } from '../api/schemas/build.js';
import type { Graduated } from '../api/schemas/graduation.js';
import type { CoinSort } from '../index/store/index-queries.js';
import type { CoinSchedule, Holders, RewardRun, Ring, RunDetail } from '../api/schemas/runs.js';
import type { IssuerStatusAnswer } from '../api/schemas/stocks.js';
import type { StreamEventJson, StreamFrameJson } from '../api/schemas/stream.js';
import type { ExpectedKey } from '../api/schemas/expected.js';
import type { ChallengeAnswer, KeyCreated, KeyInfo, KeyList, KeyUsageAnswer } from '../api/routes/keys.js';

/**
 * The shapes /v1 answers and reads, taken from the server's own TypeBox schemas (type-only imports,
 * erased from any bundle), so the desk, the client library and the server cannot drift apart. Amounts
 * stay decimal strings here; callers turn them into bigints where they compute.
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
/** A wallet's balances read from chain (GET /v1/accounts/{wallet}/balances, and the stream's `balances` frames). */
export type WalletBalancesJson = Static<typeof WalletBalances>;
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
/** The candle intervals the server keeps. */
export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';
export type StatsJson = Static<typeof Stats>;
export type DailyStatsJson = Static<typeof DailyStats>;
export type ParamsJson = Static<typeof Params>;
/** API keys (the paths are this server's): a sign-in challenge, a key made (shown once), a wallet's keys, one key's use. */
export type ChallengeJson = Static<typeof ChallengeAnswer>;
export type KeyCreatedJson = Static<typeof KeyCreated>;
export type KeyInfoJson = Static<typeof KeyInfo>;
export type KeyListJson = Static<typeof KeyList>;
export type KeyUsageJson = Static<typeof KeyUsageAnswer>;
export type { ApiErrorCode, CoinSort, ExpectedKey, StreamEventJson, StreamFrameJson };
export type {
  ClaimBuildRequest,
  PayeeBuildRequest,
  PlantBuildRequest,
  QuoteRequest,
  RegistrationJson,
  SendAnswerJson,
  SendRequest,
  SwapBuildRequest,
  TradeBuildRequest,
} from '../api/schemas/requests.js';

/** Every list answer: the rows and the cursor of the next page (null on the last). */
export interface PageJson<T> {
  readonly data: T[];
  readonly next: string | null;
}

/** The filters of GET /v1/coins. */
export type CoinStage = CoinJson['stage'];
export type CoinQuote = 'zec' | 'native' | 'stocks';
