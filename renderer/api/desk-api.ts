import { ApiError } from './api-error.js';
import type { CoinRiskJson, CoinScheduleJson, HoldersJson, IssuerStatusJson, RewardRunJson, RingJson, RunDetailJson } from './api-types.js';
import type { AccountJson, ApiErrorCode, BuildJson, QuoteJson, TradeTicketRequest, CandleInterval, CandleJson, CoinDetailJson, CoinFeesJson, CoinJson, TradeJson, CoinQuote, CoinSort, CoinStage, DailyStatsJson, GraduatedJson, PageJson, ParamsJson, StatsJson } from './api-types.js';
import { DeskSession } from './desk-session.js';

/** Told of every answer, so the desk can show whether the server is there (state/connection). */
export interface AnswerObserver {
  answered(): void;
  failed(error: ApiError): void;
}

type Query = Readonly<Record<string, string | number | boolean | undefined>>;

export interface CoinListQuery {
  readonly sort?: CoinSort;
  readonly quote?: CoinQuote;
  readonly stage?: CoinStage;
  readonly limit?: number;
  readonly cursor?: string;
  /** Local additions: only coins whose ten largest holders hold more than this percent of the supply, */
  readonly top10Above?: number;
  /** whose deployer sold (or never sold), */
  readonly deployerSold?: boolean;
  /** that were (or were not) bundled launches. */
  readonly bundled?: boolean;
}

/**
 * The one typed client of the local /v1 (same origin: the page was served by the same server). Answers
 * are the server's schema types; amounts stay decimal strings. Every failure is an ApiError with the
 * spec's code: the server's own `{error}` body when it answered, `unavailable` when it could not be reached.
 */
export class DeskApi {
  constructor(
    private readonly session: DeskSession = new DeskSession(),
    private readonly observer: AnswerObserver | null = null,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  coins(query: CoinListQuery = {}, signal?: AbortSignal): Promise<PageJson<CoinJson>> {
    return this.get('/v1/coins', { ...query }, signal);
  }

  searchCoins(q: string, limit = 100, signal?: AbortSignal): Promise<PageJson<CoinJson>> {
    return this.get('/v1/coins/search', { q, limit }, signal);
  }

  /** Graduated coins, newest graduation first. */
  graduations(query: { readonly limit?: number; readonly cursor?: string } = {}, signal?: AbortSignal): Promise<PageJson<GraduatedJson>> {
    return this.get('/v1/graduations', { ...query }, signal);
  }

  coin(mint: string, signal?: AbortSignal): Promise<CoinDetailJson> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}`, {}, signal);
  }

  /** A coin's trades, newest first. */
  coinTrades(mint: string, query: { readonly limit?: number; readonly cursor?: string } = {}, signal?: AbortSignal): Promise<PageJson<TradeJson>> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/trades`, { ...query }, signal);
  }

  /** A coin's newest candles of an interval, oldest first. */
  candles(mint: string, interval: CandleInterval, limit = 300, signal?: AbortSignal): Promise<{ interval: string; data: CandleJson[] }> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/candles`, { interval, limit }, signal);
  }

  fees(mint: string, signal?: AbortSignal): Promise<CoinFeesJson> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/fees`, {}, signal);
  }

  /** A coin's holders, largest first, with the curve or pool marked apart. */
  holders(mint: string, query: { readonly limit?: number; readonly cursor?: string } = {}, signal?: AbortSignal): Promise<HoldersJson> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/holders`, { ...query }, signal);
  }

  /** A coin's risk figures in full and their one-line summary (a local addition; `not_found` for a coin without figures). */
  risk(mint: string, signal?: AbortSignal): Promise<CoinRiskJson> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/risk`, {}, signal);
  }

  /** A coin's holder-reward runs, newest first. */
  coinRuns(mint: string, query: { readonly limit?: number; readonly cursor?: string } = {}, signal?: AbortSignal): Promise<PageJson<RewardRunJson>> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/runs`, { ...query }, signal);
  }

  /** One holder-reward run and a page of its payments. */
  run(id: string, query: { readonly limit?: number; readonly cursor?: string } = {}, signal?: AbortSignal): Promise<RunDetailJson> {
    return this.get(`/v1/runs/${encodeURIComponent(id)}`, { ...query }, signal);
  }

  /** A coin's fee movements (rings), newest first. */
  rings(mint: string, query: { readonly limit?: number; readonly cursor?: string } = {}, signal?: AbortSignal): Promise<PageJson<RingJson>> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/rings`, { ...query }, signal);
  }

  /** What the service will run next for a coin. */
  schedule(mint: string, signal?: AbortSignal): Promise<CoinScheduleJson> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/schedule`, {}, signal);
  }

  /** GET /v1/coins/{mint}/quote: the trade build's request as query parameters. */
  quote(mint: string, request: TradeTicketRequest, signal?: AbortSignal): Promise<QuoteJson> {
    return this.get(`/v1/coins/${encodeURIComponent(mint)}/quote`, { ...request }, signal);
  }

  /** POST /v1/trade/build: an unsigned, simulated build (signing comes with the review screen). */
  tradeBuild(request: TradeTicketRequest & { readonly wallet: string; readonly mint: string; readonly minOut?: string }, signal?: AbortSignal): Promise<BuildJson> {
    return this.request('/v1/trade/build', request, signal);
  }

  /** POST /v1/plant/upload: the image and the coin's metadata, as a multipart form; answers the metadata's uri. */
  async uploadCoin(form: FormData): Promise<{ uri: string }> {
    let response: Response;
    try {
      response = await this.fetcher('/v1/plant/upload', { method: 'POST', body: form, headers: { accept: 'application/json', ...(this.session.current ? { 'x-desk-session': this.session.current } : {}) } });
    } catch {
      throw new ApiError('unavailable', 'the local server does not answer: it has stopped or is restarting', null);
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorOf(response, answer);
    return answer as { uri: string };
  }

  /** POST /v1/plant/build: the planting's one unsigned transaction (create, launch fee, first buy, payee). */
  plantBuild(request: { wallet: string; mint: string; name: string; symbol: string; uri: string; payee: string; pair: 'zec' | 'native'; firstBuy?: { zec: string } }): Promise<BuildJson> {
    return this.request('/v1/plant/build', request);
  }

  /** POST /v1/claim/build and /v1/payee/build: the payee's builds. */
  claimBuild(request: { wallet: string; mint: string }): Promise<BuildJson> {
    return this.request('/v1/claim/build', request);
  }
  payeeBuild(request: { wallet: string; mint: string; payee: string }): Promise<BuildJson> {
    return this.request('/v1/payee/build', request);
  }
  swapBuild(request: { wallet: string; direction: 'sol_to_zec' | 'zec_to_sol'; amount: string }): Promise<BuildJson> {
    return this.request('/v1/swap/build', request);
  }

  /** A wallet's holdings (value, cost basis, PnL) and totals. */
  account(wallet: string, signal?: AbortSignal): Promise<AccountJson> {
    return this.get(`/v1/accounts/${encodeURIComponent(wallet)}`, {}, signal);
  }

  /** Trades across coins, newest first; a wallet's own with `user`. */
  trades(query: { readonly user?: string; readonly limit?: number; readonly cursor?: string } = {}, signal?: AbortSignal): Promise<PageJson<TradeJson>> {
    return this.get('/v1/trades', { ...query }, signal);
  }

  params(signal?: AbortSignal): Promise<ParamsJson> {
    return this.get('/v1/params', {}, signal);
  }

  stats(signal?: AbortSignal): Promise<StatsJson> {
    return this.get('/v1/stats', {}, signal);
  }

  dailyStats(limit = 30, signal?: AbortSignal): Promise<PageJson<DailyStatsJson>> {
    return this.get('/v1/stats/daily', { limit }, signal);
  }

  /** The stocks' issuer status (at most 15 s old); `not_found` while stock pairs are off on this server. */
  stockIssuers(signal?: AbortSignal): Promise<IssuerStatusJson> {
    return this.get('/v1/stocks/issuers', {}, signal);
  }

  /** Content this server stores by CID (a coin's metadata document, as JSON). */
  content(cid: string, signal?: AbortSignal): Promise<unknown> {
    return this.get(`/ipfs/${encodeURIComponent(cid)}`, {}, signal);
  }

  private get<T>(path: string, query: Query, signal?: AbortSignal): Promise<T> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    return this.request(search.size > 0 ? `${path}?${search}` : path, undefined, signal);
  }

  private async request<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
    try {
      let response = await this.send(url, body, signal);
      if (response.status === 401 && this.session.current !== null && (await this.session.renew(this.fetcher))) {
        response = await this.send(url, body, signal); // the server restarted: its new session, once
      }
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) throw errorOf(response, answer);
      this.observer?.answered();
      return answer as T;
    } catch (caught) {
      if (signal?.aborted) throw caught;
      const error = caught instanceof ApiError ? caught : new ApiError('unavailable', 'the local server does not answer: it has stopped or is restarting', null);
      this.observer?.failed(error);
      throw error;
    }
  }

  private send(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const token = this.session.current;
    const headers = { accept: 'application/json', ...(token ? { 'x-desk-session': token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
    return this.fetcher(url, { headers, ...(body !== undefined ? { method: 'POST', body: JSON.stringify(body) } : {}), ...(signal ? { signal } : {}) });
  }
}

/** The server's `{error: {code, message}}`, or a plain account of an answer that carries none. */
function errorOf(response: Response, body: unknown): ApiError {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    // The server answers only the spec's codes (core/api/api-error.ts maps every other to `unavailable`).
    return new ApiError(error.code as ApiErrorCode, error.message, response.status, retryAfter);
  }
  return new ApiError(response.status >= 500 ? 'unavailable' : 'invalid_param', `the local server answered ${response.status} ${response.statusText} without an explanation`, response.status, retryAfter);
}
