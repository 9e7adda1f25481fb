import type {
  Account,
  BuildAnswer,
  Candle,
  Challenge,
  Coin,
  CoinDetail,
  CoinFees,
  CoinSchedule,
  DailyStats,
  Graduated,
  Holder,
  Holders,
  IssuerStatus,
  KeyCreated,
  KeyInfo,
  KeyList,
  KeyUsage,
  Params,
  Quote,
  Registration,
  RewardRun,
  Ring,
  RunDetail,
  SendAnswer,
  Stats,
  StockStatus,
  StreamEvent,
  StreamFrame,
  Trade,
  WalletBalances,
} from './api-answers.js';

/**
 * The shapes /v1 answers and reads. The named interfaces (`Coin`, `Trade`, `Quote`, `BuildAnswer`, …) are
 * generated from the server's own TypeBox schemas into ./api-answers.ts, and a type-level test holds each
 * to its schema, so the desk, the client library and the server cannot drift apart; being plain
 * interfaces, they show their fields on hover and the client's declarations import nothing of the server.
 * The `…Json` names are the same types under the names the desk and the CLI have always used.
 */
export type * from './api-answers.js';

export type CoinJson = Coin;
export type CoinDetailJson = CoinDetail;
/** A coin with its graduation (GET /v1/graduations). */
export type GraduatedJson = Graduated;
export type TradeJson = Trade;
export type CandleJson = Candle;
export type CoinFeesJson = CoinFees;
export type QuoteJson = Quote;
export type AccountJson = Account;
/** A wallet's balances read from chain (GET /v1/accounts/{wallet}/balances, and the stream's `balances` frames). */
export type WalletBalancesJson = WalletBalances;
export type BuildJson = BuildAnswer;
/** A page of a coin's holders, with the curve or pool marked apart. */
export type HoldersJson = Holders;
export type HolderJson = Holder;
export type RewardRunJson = RewardRun;
export type RunDetailJson = RunDetail;
/** One of the vault's movements (the spec's "rings"). */
export type RingJson = Ring;
export type CoinScheduleJson = CoinSchedule;
/** GET /v1/stocks/issuers: every stock's issuer status, or `readable: false` with none. */
export type IssuerStatusJson = IssuerStatus;
export type StockStatusJson = StockStatus;
export type StatsJson = Stats;
export type DailyStatsJson = DailyStats;
export type ParamsJson = Params;
/** API keys (the paths are this server's): a sign-in challenge, a key made (shown once), a wallet's keys, one key's use. */
export type ChallengeJson = Challenge;
export type KeyCreatedJson = KeyCreated;
export type KeyInfoJson = KeyInfo;
export type KeyListJson = KeyList;
export type KeyUsageJson = KeyUsage;
export type StreamEventJson = StreamEvent;
export type StreamFrameJson = StreamFrame;
export type SendAnswerJson = SendAnswer;
export type RegistrationJson = Registration;

/** The candle intervals the server keeps. */
export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';

/** Every list answer: the rows and the cursor of the next page (null on the last). */
export interface PageJson<T> {
  readonly data: T[];
  readonly next: string | null;
}

/** The filters of GET /v1/coins. */
export type CoinStage = Coin['stage'];
export type CoinQuote = 'zec' | 'native' | 'stocks';
