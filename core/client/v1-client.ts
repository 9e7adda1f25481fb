import type {
  AccountJson,
  WalletBalancesJson,
  ChallengeJson,
  KeyCreatedJson,
  KeyInfoJson,
  KeyListJson,
  KeyUsageJson,
  BuildJson,
  CandleInterval,
  CandleJson,
  ClaimBuildRequest,
  CoinDetailJson,
  CoinFeesJson,
  CoinJson,
  CoinQuote,
  CoinScheduleJson,
  CoinSort,
  CoinStage,
  DailyStatsJson,
  GraduatedJson,
  HoldersJson,
  IssuerStatusJson,
  PageJson,
  ParamsJson,
  PayeeBuildRequest,
  PlantBuildRequest,
  QuoteJson,
  QuoteRequest,
  RegistrationJson,
  RewardRunJson,
  RingJson,
  RunDetailJson,
  SendAnswerJson,
  StatsJson,
  SwapBuildRequest,
  TradeBuildRequest,
  TradeJson,
} from './api-types.js';
import { LaunchdeskError } from './client-error.js';
import type { ApiErrorCode } from './api-types.js';
import { StreamSubscription, type StreamHandlers } from './stream-subscription.js';

export interface V1ClientOptions {
  /** Where /v1 is served: the local server (`launchdesk serve` prints it) or any host that speaks /v1. */
  readonly baseUrl: string;
  /** Optional: raises the rate limits (sent as `Authorization: Bearer`, never in a URL). */
  readonly apiKey?: string;
  /** A fetch of your own (a proxy, a test); the global one by default. */
  readonly fetch?: typeof fetch;
}

type Query = Readonly<Record<string, string | number | undefined>>;
type Paging = { readonly limit?: number; readonly cursor?: string };

export interface CoinListQuery extends Paging {
  readonly sort?: CoinSort;
  readonly quote?: CoinQuote;
  readonly stage?: CoinStage;
  readonly stock?: string;
}

/** What POST /v1/plant/upload takes: the coin's words, links and image. */
export interface UploadRequest {
  readonly name: string;
  readonly symbol: string;
  readonly description?: string;
  readonly twitter?: string;
  readonly website?: string;
  readonly telegram?: string;
  /** The image's bytes and type (PNG, JPEG, WebP or GIF under 4 MB). */
  readonly image: { readonly bytes: Uint8Array; readonly type: string; readonly filename?: string };
  /** The planter's wallet and the new coin's mint. */
  readonly payer: string;
  readonly mint: string;
  /** Whether the deployer share will pay holder rewards. */
  readonly holders: boolean;
}

const path = (text: string) => encodeURIComponent(text);

/**
 * A typed client of /v1: every endpoint, answers typed from the server's own schemas, amounts as
 * decimal strings. Every failure is a LaunchdeskError with the spec's code, the status and Retry-After;
 * a server that cannot be reached is `unavailable` with no status.
 */
export class V1Client {
  readonly baseUrl: string;
  private readonly apiKey: string | null;
  private readonly fetcher: typeof fetch;

  constructor(options: V1ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey ?? null;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  // --- Reads ---------------------------------------------------------------------------------------

  params(): Promise<ParamsJson> {
    return this.get('/v1/params');
  }
  coins(query: CoinListQuery = {}): Promise<PageJson<CoinJson>> {
    return this.get('/v1/coins', { ...query });
  }
  searchCoins(q: string, limit?: number): Promise<PageJson<CoinJson>> {
    return this.get('/v1/coins/search', { q, limit });
  }
  coin(mint: string): Promise<CoinDetailJson> {
    return this.get(`/v1/coins/${path(mint)}`);
  }
  /** A coin's trades, newest first; one wallet's with `user`. */
  coinTrades(mint: string, query: Paging & { readonly user?: string } = {}): Promise<PageJson<TradeJson>> {
    return this.get(`/v1/coins/${path(mint)}/trades`, { ...query });
  }
  candles(mint: string, interval: CandleInterval, query: { readonly limit?: number; readonly before?: number } = {}): Promise<{ interval: string; data: CandleJson[] }> {
    return this.get(`/v1/coins/${path(mint)}/candles`, { interval, ...query });
  }
  /** A quote for the trade build's request (same fields, as query parameters). */
  quote(mint: string, request: QuoteRequest): Promise<QuoteJson> {
    return this.get(`/v1/coins/${path(mint)}/quote`, { ...request });
  }
  fees(mint: string): Promise<CoinFeesJson> {
    return this.get(`/v1/coins/${path(mint)}/fees`);
  }
  holders(mint: string, query: Paging = {}): Promise<HoldersJson> {
    return this.get(`/v1/coins/${path(mint)}/holders`, { ...query });
  }
  coinRuns(mint: string, query: Paging = {}): Promise<PageJson<RewardRunJson>> {
    return this.get(`/v1/coins/${path(mint)}/runs`, { ...query });
  }
  run(id: string, query: Paging = {}): Promise<RunDetailJson> {
    return this.get(`/v1/runs/${path(id)}`, { ...query });
  }
  rings(mint: string, query: Paging = {}): Promise<PageJson<RingJson>> {
    return this.get(`/v1/coins/${path(mint)}/rings`, { ...query });
  }
  txRings(signature: string): Promise<PageJson<RingJson>> {
    return this.get(`/v1/tx/${path(signature)}/rings`);
  }
  schedule(mint: string): Promise<CoinScheduleJson> {
    return this.get(`/v1/coins/${path(mint)}/schedule`);
  }
  graduations(query: Paging = {}): Promise<PageJson<GraduatedJson>> {
    return this.get('/v1/graduations', { ...query });
  }
  /** Trades across coins, newest first; one wallet's with `user`. */
  trades(query: Paging & { readonly user?: string; readonly quote?: CoinQuote; readonly stock?: string } = {}): Promise<PageJson<TradeJson>> {
    return this.get('/v1/trades', { ...query });
  }
  account(wallet: string): Promise<AccountJson> {
    return this.get(`/v1/accounts/${path(wallet)}`);
  }

  /** The wallet's SOL, ZEC, native coin and coin balances read from chain (transfers included; a local addition). */
  balances(wallet: string): Promise<WalletBalancesJson> {
    return this.get(`/v1/accounts/${path(wallet)}/balances`);
  }
  stats(): Promise<StatsJson> {
    return this.get('/v1/stats');
  }
  dailyStats(query: Paging = {}): Promise<PageJson<DailyStatsJson>> {
    return this.get('/v1/stats/daily', { ...query });
  }
  /** The stocks' issuer status; `not_found` while stock pairs are off. */
  stockIssuers(): Promise<IssuerStatusJson> {
    return this.get('/v1/stocks/issuers');
  }
  /** Whether the index registered a transaction (poll after sending a planting until `registered`). */
  transaction(signature: string): Promise<RegistrationJson> {
    return this.get(`/v1/tx/${path(signature)}`);
  }

  // --- Builds and the relay ------------------------------------------------------------------------

  /** POST /v1/plant/upload: the coin's metadata and image; answers the metadata's uri. */
  upload(request: UploadRequest): Promise<{ uri: string }> {
    const form = new FormData();
    for (const field of ['name', 'symbol', 'description', 'twitter', 'website', 'telegram', 'payer', 'mint'] as const) {
      const value = request[field];
      if (value !== undefined) form.set(field, value);
    }
    form.set('holders', request.holders ? '1' : '0');
    form.set('image', new Blob([new Uint8Array(request.image.bytes)], { type: request.image.type }), request.image.filename ?? 'image');
    return this.call('POST', '/v1/plant/upload', form);
  }
  plantBuild(request: PlantBuildRequest): Promise<BuildJson> {
    return this.call('POST', '/v1/plant/build', request);
  }
  tradeBuild(request: TradeBuildRequest): Promise<BuildJson> {
    return this.call('POST', '/v1/trade/build', request);
  }
  swapBuild(request: SwapBuildRequest): Promise<BuildJson> {
    return this.call('POST', '/v1/swap/build', request);
  }
  claimBuild(request: ClaimBuildRequest): Promise<BuildJson> {
    return this.call('POST', '/v1/claim/build', request);
  }
  payeeBuild(request: PayeeBuildRequest): Promise<BuildJson> {
    return this.call('POST', '/v1/payee/build', request);
  }
  /** POST /v1/tx/send: the relay checks the signed transactions against the build, sends and confirms them in order. */
  send(buildId: string, signed: readonly string[]): Promise<SendAnswerJson> {
    return this.call('POST', '/v1/tx/send', { buildId, signed });
  }

  // --- API keys ------------------------------------------------------------------------------------

  /** A sign-in message for `wallet` to sign (no funds move); send it back signed to createKey. */
  challenge(wallet: string): Promise<ChallengeJson> {
    return this.call('POST', '/v1/auth/challenge', { wallet });
  }
  /** A new key for the wallet that signed the challenge's message (Ed25519, base58 or base64): shown once. */
  createKey(message: string, signature: string): Promise<KeyCreatedJson> {
    return this.call('POST', '/v1/keys', { message, signature });
  }
  /** The keys of the wallet this client's key belongs to (never the keys themselves). */
  keys(): Promise<KeyListJson> {
    return this.get('/v1/keys');
  }
  keyUsage(id: string): Promise<KeyUsageJson> {
    return this.get(`/v1/keys/${path(id)}/usage`);
  }
  /** Revokes a key of the same wallet, at once. */
  revokeKey(id: string): Promise<KeyInfoJson> {
    return this.call('DELETE', `/v1/keys/${path(id)}`);
  }

  // --- The push stream -----------------------------------------------------------------------------

  /**
   * GET /v1/stream: events of `topics` from now on (or after `since`), handed on in index order. The
   * subscription reconnects by itself after a drop and resumes from the last position, with no gap and
   * no duplicate.
   */
  subscribe(topics: readonly string[], handlers: StreamHandlers, options: { readonly since?: number } = {}): StreamSubscription {
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/v1/stream`;
    return new StreamSubscription(url, topics, handlers, options.since ?? null, this.apiKey);
  }

  // --- Transport -----------------------------------------------------------------------------------

  private get<T>(route: string, query: Query = {}): Promise<T> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    return this.call('GET', search.size > 0 ? `${route}?${search}` : route);
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey) headers['authorization'] = `Bearer ${this.apiKey}`;
    const json = body !== undefined && !(body instanceof FormData);
    if (json) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl}${route}`, { method, headers, ...(body !== undefined ? { body: json ? JSON.stringify(body) : (body as FormData) } : {}) });
    } catch (error) {
      throw new LaunchdeskError('unavailable', `${this.baseUrl} does not answer (${(error as Error).message}): is the server running?`, null);
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorOf(response, answer, `${method} ${route.split('?')[0]}`);
    return answer as T;
  }
}

/** The server's `{error: {code, message}}`, or a plain account of an answer that carries none. */
export function errorOf(response: Response, body: unknown, what: string): LaunchdeskError {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new LaunchdeskError(error.code as ApiErrorCode, error.message, response.status, retryAfter);
  }
  const code: ApiErrorCode = response.status === 404 ? 'not_found' : response.status === 429 ? 'rate_limited' : response.status >= 500 ? 'unavailable' : 'invalid_param';
  return new LaunchdeskError(code, `${what} answered ${response.status} ${response.statusText} without an explanation`, response.status, retryAfter);
}
