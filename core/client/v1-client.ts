import type {
  FaucetAnswer,
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
import { NothingToClaimError, nothingToClaimOf } from './claim-status.js';
import type { ApiErrorCode } from './api-types.js';
import { StreamSubscription, type StreamHandlers } from './stream-subscription.js';

export interface V1ClientOptions {
  /** Where /v1 is served: the local server (`launchdesk serve` prints it) or any host that speaks /v1. */
  readonly baseUrl: string;
  /** Optional: raises the rate limits (sent as `Authorization: Bearer`, never in a URL). */
  readonly apiKey?: string;
  /** A fetch of your own (a proxy, a test); the global one by default. */
  readonly fetch?: typeof fetch;
  /**
   * Opt-in: on `429 rate_limited`, wait the answer's `Retry-After` and ask again (the refused request did
   * nothing on the server), as long as the waits of one call add up to at most `rateLimitMaxWaitSeconds`.
   * Off by default: a 429 throws `rate_limited` with `retryAfter` in seconds.
   */
  readonly waitOnRateLimit?: boolean;
  /** The most one call waits in all for the rate limits when `waitOnRateLimit` is on (default 60 s). */
  readonly rateLimitMaxWaitSeconds?: number;
  /** Told of each wait before it starts (a log line, a test). */
  readonly onRateLimitWait?: (wait: RateLimitWait) => void;
}

/** The rate limit as the last answer's `X-RateLimit-*` headers stated it (for the route group of that call). */
export interface RateLimitState {
  readonly route: string;
  /** Requests the tier allows in the window of this route's group. */
  readonly limit: number;
  /** Requests left in that window after this one. */
  readonly remaining: number;
}

/** A wait the client is about to make on a 429 (`waitOnRateLimit`). */
export interface RateLimitWait {
  readonly route: string;
  /** The answer's Retry-After. */
  readonly retryAfterSeconds: number;
  /** Waited before this one during the same call. */
  readonly waitedSeconds: number;
}

/** What the sandbox faucet pays a wallet (base units: lamports, zat, native-coin units); at least one. */
export interface FaucetAsk {
  readonly sol?: bigint;
  readonly zec?: bigint;
  readonly native?: bigint;
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

/** POST /v1/sandbox/faucet's answer: each asset paid, with its amount and transaction (null when not asked). */
export type FaucetJson = FaucetAnswer;

const path = (text: string) => encodeURIComponent(text);

/**
 * A typed client of /v1: every endpoint, answers typed from the server's own schemas, amounts as
 * decimal strings. Every failure is a LaunchdeskError with the spec's code, the status and Retry-After;
 * a server that cannot be reached is `unavailable` with no status.
 */
export class V1Client {
  readonly baseUrl: string;
  private key: string | null;
  private readonly fetcher: typeof fetch;
  /** The `X-RateLimit-*` headers of the latest answer that carried them (null before any). */
  rateLimit: RateLimitState | null = null;

  constructor(private readonly options: V1ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.key = options.apiKey ?? null;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The API key every call sends from now on (null: anonymous limits). `createKey` sets it to the key it made. */
  get apiKey(): string | null {
    return this.key;
  }
  useApiKey(key: string | null): void {
    this.key = key;
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
  /**
   * A new key for the wallet that signed the challenge's message (Ed25519, base58 or base64): shown once.
   * This client sends it from then on (its raised limits apply at once); `{use: false}` only answers it.
   */
  async createKey(message: string, signature: string, options: { readonly use?: boolean } = {}): Promise<KeyCreatedJson> {
    const made = await this.call<KeyCreatedJson>('POST', '/v1/keys', { message, signature });
    if (options.use !== false) this.key = made.key;
    return made;
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

  // --- The sandbox faucet (a local addition) ------------------------------------------------------

  /**
   * POST /v1/sandbox/faucet: play SOL, ZEC and native coin for `wallet`, one transaction each. Only a server
   * running the embedded sandbox has the route; any other cluster (`GET /v1/params` says which) is refused
   * here with `not_offered` before anything is sent: its SOL and ZEC are real.
   */
  async faucet(wallet: string, ask: FaucetAsk): Promise<FaucetJson> {
    const { cluster } = await this.params();
    if (cluster.kind !== 'sandbox') {
      throw new LaunchdeskError('not_offered', `the faucet is the sandbox's: the server at ${this.baseUrl} follows a real cluster (${cluster.rpcUrl ?? 'over JSON-RPC'}), where SOL and ZEC are real money; fund ${wallet} yourself`, null);
    }
    const body: Record<string, string> = { wallet };
    for (const asset of ['sol', 'zec', 'native'] as const) if (ask[asset] !== undefined) body[asset] = String(ask[asset]);
    try {
      return await this.call('POST', '/v1/sandbox/faucet', body);
    } catch (error) {
      if (error instanceof LaunchdeskError && error.code === 'not_found' && /no such endpoint/.test(error.message)) {
        throw new LaunchdeskError('not_offered', `the server at ${this.baseUrl} offers no faucet (it answered: ${error.message})`, error.status);
      }
      throw error;
    }
  }

  // --- The push stream -----------------------------------------------------------------------------

  /**
   * GET /v1/stream: events of `topics` from now on (or after `since`), handed on in index order. The
   * subscription reconnects by itself after a drop and resumes from the last position, with no gap and
   * no duplicate.
   */
  subscribe(topics: readonly string[], handlers: StreamHandlers, options: { readonly since?: number } = {}): StreamSubscription {
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/v1/stream`;
    return new StreamSubscription(url, topics, handlers, options.since ?? null, this.key);
  }

  // --- Transport -----------------------------------------------------------------------------------

  private get<T>(route: string, query: Query = {}): Promise<T> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    return this.call('GET', search.size > 0 ? `${route}?${search}` : route);
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
    const what = `${method} ${route.split('?')[0]}`;
    const maxWait = this.options.rateLimitMaxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS;
    let waited = 0;
    for (;;) {
      const { response, answer } = await this.once(method, route, body);
      if (response.ok) return answer as T;
      const error = errorOf(response, answer, what);
      const retryAfter = error.retryAfter;
      if (!this.options.waitOnRateLimit || error.code !== 'rate_limited' || retryAfter === null) throw error;
      if (waited + retryAfter > maxWait) {
        throw new LaunchdeskError(
          'rate_limited',
          `${error.message} (not waited: ${retryAfter} s more would pass the ${maxWait} s this client waits at most${waited > 0 ? `, after ${waited} s waited already` : ''})`,
          error.status,
          retryAfter,
        );
      }
      this.options.onRateLimitWait?.({ route: what, retryAfterSeconds: retryAfter, waitedSeconds: waited });
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      waited += retryAfter;
    }
  }

  /** One request; the rate-limit headers it carries are kept. */
  private async once(method: string, route: string, body: unknown): Promise<{ response: Response; answer: unknown }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.key) headers['authorization'] = `Bearer ${this.key}`;
    const json = body !== undefined && !(body instanceof FormData);
    if (json) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl}${route}`, { method, headers, ...(body !== undefined ? { body: json ? JSON.stringify(body) : (body as FormData) } : {}) });
    } catch (error) {
      throw new LaunchdeskError('unavailable', `${this.baseUrl} does not answer (${(error as Error).message}): is the server running?`, null);
    }
    const limit = Number(response.headers.get('x-ratelimit-limit') ?? NaN);
    const remaining = Number(response.headers.get('x-ratelimit-remaining') ?? NaN);
    if (Number.isInteger(limit) && Number.isInteger(remaining)) this.rateLimit = { route: `${method} ${route.split('?')[0]}`, limit, remaining };
    const answer: unknown = await response.json().catch(() => null);
    return { response, answer };
  }
}

/** How long one call waits in all for the rate limits when `waitOnRateLimit` is on, unless told otherwise. */
const DEFAULT_MAX_WAIT_SECONDS = 60;

/** The server's `{error: {code, message}}`, or a plain account of an answer that carries none. */
export function errorOf(response: Response, body: unknown, what: string): LaunchdeskError {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  const error = (body as { error?: { code?: unknown; message?: unknown; detail?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const nothing = error.code === 'refused' ? nothingToClaimOf(error.detail) : null;
    if (nothing) return new NothingToClaimError(error.message, response.status, nothing);
    return new LaunchdeskError(error.code as ApiErrorCode, error.message, response.status, retryAfter);
  }
  const code: ApiErrorCode = response.status === 404 ? 'not_found' : response.status === 429 ? 'rate_limited' : response.status >= 500 ? 'unavailable' : 'invalid_param';
  return new LaunchdeskError(code, `${what} answered ${response.status} ${response.statusText} without an explanation`, response.status, retryAfter);
}
