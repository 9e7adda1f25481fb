import type { TSchema } from 'typebox';
import { API_ERROR_STATUS } from '../../../core/api/api-error.js';
import { Account } from '../../../core/api/routes/reads.js';
import { ChallengeAnswer, KeyCreated, KeyInfo, KeyList, KeyUsageAnswer } from '../../../core/api/routes/keys.js';
import { QuoteAnswer } from '../../../core/api/routes/trade.js';
import { BuildAnswer } from '../../../core/api/schemas/build.js';
import { Candle } from '../../../core/api/schemas/candle.js';
import { Coin, CoinDetail, NativePairBlock, RouteBlock } from '../../../core/api/schemas/coin.js';
import { EXPECTED_KEYS } from '../../../core/api/schemas/expected.js';
import { CoinFees } from '../../../core/api/schemas/fees.js';
import { Graduated } from '../../../core/api/schemas/graduation.js';
import { Params } from '../../../core/api/schemas/params.js';
import { ClaimBuildBody, PayeeBuildBody, PlantBuildBody, QuoteQuery, RegistrationAnswer, SendAnswer, SendBody, SwapBuildBody, TradeBuildBody } from '../../../core/api/schemas/requests.js';
import { CoinRisk, CoinRiskBlock } from '../../../core/api/schemas/risk.js';
import { CoinSchedule, Holder, HolderVault, Holders, Payout, RewardRun, Ring, RunDetail, RunPayment, ScheduledRun } from '../../../core/api/schemas/runs.js';
import { DailyStats, Stats } from '../../../core/api/schemas/stats.js';
import { StockPairBlock } from '../../../core/api/schemas/stock-pair.js';
import { Difference, IssuerStatusAnswer, IssuerStatusRecord } from '../../../core/api/schemas/stocks.js';
import { IndexProgressJson, StreamEvent, StreamFrame } from '../../../core/api/schemas/stream.js';
import { Trade } from '../../../core/api/schemas/trade.js';
import { WalletBalances, WalletCoinBalance } from '../../../core/api/schemas/wallet-balances.js';
import { FaucetAnswer, FaucetRequest } from '../../../core/api/schemas/faucet.js';
import { COIN_SORTS } from '../../../core/index/store/index-queries.js';

/** One answer (or request) of /v1 given a name of its own in the client's types. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: TSchema;
  /** The server module and export it comes from, for the file's comments and the type-level test. */
  readonly from: string;
  readonly exportName: string;
  readonly doc?: string;
}

/** A string union the server keeps as the keys or items of a constant, named in the client's types. */
export interface NamedUnion {
  readonly name: string;
  readonly values: readonly string[];
  readonly from: string;
  readonly doc: string;
}

const at = (from: string) => (name: string, schema: TSchema, exportName: string = name, doc?: string): NamedSchema => ({ name, schema, from, exportName, ...(doc ? { doc } : {}) });
const coin = at('core/api/schemas/coin.ts');
const runs = at('core/api/schemas/runs.ts');
const requests = at('core/api/schemas/requests.ts');
const keys = at('core/api/routes/keys.ts');
const stocks = at('core/api/schemas/stocks.ts');
const stream = at('core/api/schemas/stream.ts');

/**
 * The shapes the client's types name, in the order the generated file says them. A block named here is
 * written by its name wherever another shape holds it (a coin's `pair` says `NativePair | StockPair`), so
 * a hover shows the name and a click goes to its fields. Every name the server's routes answer with is
 * here: the type-level test checks each against its schema's `Static` both ways.
 */
export const ANSWER_SCHEMAS: readonly NamedSchema[] = [
  coin('Coin', Coin),
  coin('CoinDetail', CoinDetail),
  coin('NativePair', NativePairBlock, 'NativePairBlock'),
  at('core/api/schemas/stock-pair.ts')('StockPair', StockPairBlock, 'StockPairBlock'),
  coin('CoinRoute', RouteBlock, 'RouteBlock'),
  at('core/api/schemas/risk.ts')('CoinRiskBlock', CoinRiskBlock),
  at('core/api/schemas/risk.ts')('CoinRisk', CoinRisk),
  at('core/api/schemas/graduation.ts')('Graduated', Graduated, 'Graduated', 'A coin with its graduation (GET /v1/graduations).'),
  at('core/api/schemas/trade.ts')('Trade', Trade),
  at('core/api/schemas/candle.ts')('Candle', Candle),
  at('core/api/schemas/fees.ts')('CoinFees', CoinFees),
  at('core/api/routes/trade.ts')('Quote', QuoteAnswer, 'QuoteAnswer', 'GET /v1/coins/{mint}/quote: what a trade gives now, read from chain.'),
  at('core/api/routes/reads.ts')('Account', Account, 'Account', "GET /v1/accounts/{wallet}: the wallet's positions as the index counts its trades."),
  at('core/api/schemas/wallet-balances.ts')('WalletBalances', WalletBalances),
  at('core/api/schemas/wallet-balances.ts')('WalletCoinBalance', WalletCoinBalance),
  at('core/api/schemas/build.ts')('BuildAnswer', BuildAnswer),
  runs('Holders', Holders, 'Holders', "A page of a coin's holders, with the curve or pool marked apart."),
  runs('Holder', Holder),
  runs('HolderVault', HolderVault),
  runs('RewardRun', RewardRun),
  runs('RunPayment', RunPayment),
  runs('RunDetail', RunDetail),
  runs('Ring', Ring, 'Ring', 'One of the vault\'s movements (the spec\'s "rings").'),
  runs('ScheduledRun', ScheduledRun),
  runs('Payout', Payout),
  runs('CoinSchedule', CoinSchedule),
  stocks('IssuerStatus', IssuerStatusAnswer, 'IssuerStatusAnswer', "GET /v1/stocks/issuers: every stock's issuer status, or `readable: false` with none."),
  stocks('StockStatus', IssuerStatusRecord, 'IssuerStatusRecord'),
  stocks('IssuerDifference', Difference, 'Difference'),
  at('core/api/schemas/stats.ts')('Stats', Stats),
  at('core/api/schemas/stats.ts')('DailyStats', DailyStats),
  at('core/api/schemas/params.ts')('Params', Params),
  keys('KeyInfo', KeyInfo),
  keys('Challenge', ChallengeAnswer, 'ChallengeAnswer', 'A sign-in challenge: sign `message` with the wallet and send it back before `expiresAt`.'),
  keys('KeyCreated', KeyCreated, 'KeyCreated', 'A key made: `key` is shown this once.'),
  keys('KeyList', KeyList),
  keys('KeyUsage', KeyUsageAnswer, 'KeyUsageAnswer'),
  stream('IndexProgress', IndexProgressJson, 'IndexProgressJson'),
  stream('StreamEvent', StreamEvent, 'StreamEvent', 'One event of the push stream, in index order.'),
  stream('StreamFrame', StreamFrame),
  requests('TradeBuildRequest', TradeBuildBody, 'TradeBuildBody', 'POST /v1/trade/build'),
  requests('QuoteRequest', QuoteQuery, 'QuoteQuery', 'GET /v1/coins/{mint}/quote (query parameters)'),
  requests('SwapBuildRequest', SwapBuildBody, 'SwapBuildBody', 'POST /v1/swap/build'),
  requests('PlantBuildRequest', PlantBuildBody, 'PlantBuildBody', 'POST /v1/plant/build'),
  requests('ClaimBuildRequest', ClaimBuildBody, 'ClaimBuildBody', 'POST /v1/claim/build'),
  requests('PayeeBuildRequest', PayeeBuildBody, 'PayeeBuildBody', 'POST /v1/payee/build'),
  requests('SendRequest', SendBody, 'SendBody', 'POST /v1/tx/send'),
  requests('SendAnswer', SendAnswer),
  at('core/api/schemas/faucet.ts')('FaucetRequest', FaucetRequest, 'FaucetRequest', 'POST /v1/sandbox/faucet (sandbox only; a local addition)'),
  at('core/api/schemas/faucet.ts')('FaucetAnswer', FaucetAnswer, 'FaucetAnswer', 'What the sandbox faucet paid: each asked amount with its transaction, null when not asked for.'),
  requests('Registration', RegistrationAnswer, 'RegistrationAnswer', "GET /v1/tx/{signature}: whether the index has registered a transaction."),
];

export const ANSWER_UNIONS: readonly NamedUnion[] = [
  { name: 'ApiErrorCode', values: Object.keys(API_ERROR_STATUS), from: 'core/api/api-error.ts', doc: 'Every error code /v1 answers with (`{error: {code, message}}`).' },
  { name: 'CoinSort', values: COIN_SORTS, from: 'core/index/store/index-queries.ts', doc: 'The orders of GET /v1/coins.' },
  { name: 'ExpectedKey', values: Object.keys(EXPECTED_KEYS), from: 'core/api/schemas/expected.ts', doc: "The keys a build's `expected` may hold." },
];
