import type { StreamEventJson } from '../../core/api/schemas/stream.js';
import { isApiError, type ApiError } from '../api/api-error.js';
import type { CandleInterval, CandleJson, CoinDetailJson, CoinRiskJson, TradeJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import type { LiveFeed } from './live-feed.svelte.js';

/** Trades the tape keeps (newest first). */
const TAPE_ROWS = 100;
/** A coin's figures are read again this long after a trade of it (one read for a burst). */
const DETAIL_READ_DELAY_MS = 250;

/**
 * One coin's page: its detail, candles of the interval chosen and the trades tape, read over
 * REST once and then kept live by the stream (its trades and its candles of that interval), for as long as
 * the page shows it. A trade adds to the tape (never twice) and re-reads the coin's figures; a candle
 * event replaces the candle of its bucket or adds the next one. The risk figures in full (the header's
 * strip) are read with the coin each time, so they move when its row does.
 */
export class CoinPageState {
  coin = $state<CoinDetailJson | null>(null);
  /** The coin's risk figures in full with their summary; null until read, or for a coin without figures. */
  risk = $state<CoinRiskJson | null>(null);
  candles = $state<CandleJson[]>([]);
  trades = $state<TradeJson[]>([]);
  interval = $state<CandleInterval>('1m');
  error = $state<ApiError | null>(null);
  /** Bumped whenever the candles change, for the chart to follow. */
  candleVersion = $state(0);
  private releaseTopics: (() => void) | null = null;
  private readonly stops: (() => void)[] = [];
  private detailTimer: ReturnType<typeof setTimeout> | null = null;
  /** Risk reads started, so only the newest one's answer is shown. */
  private riskReads = 0;

  constructor(
    private readonly api: DeskApi,
    private readonly feed: LiveFeed,
    readonly mint: string,
  ) {}

  async start(): Promise<void> {
    this.stops.push(
      this.feed.on('trade', (event) => this.takeTrade(event)),
      this.feed.on('candle', (event) => this.takeCandle(event)),
    );
    this.follow();
    await this.load();
  }

  /** Reads the coin, its tape and its candles over REST (again, after a failure). Its fees are the service state's (coin-service). */
  async load(): Promise<void> {
    try {
      // All three at once: the chart, the page's largest read, does not wait for the detail and the tape first.
      const [coin, trades] = await Promise.all([this.api.coin(this.mint), this.api.coinTrades(this.mint, { limit: TAPE_ROWS }), this.readCandles()]);
      this.takeCoin(coin);
      this.trades = mergeTrades(this.trades, trades.data);
      this.error = null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      this.error = error;
    }
  }

  stop(): void {
    this.releaseTopics?.();
    this.releaseTopics = null;
    for (const stop of this.stops.splice(0)) stop();
    if (this.detailTimer) clearTimeout(this.detailTimer);
  }

  async setInterval(interval: CandleInterval): Promise<void> {
    if (interval === this.interval) return;
    this.interval = interval;
    this.follow();
    await this.readCandles();
  }

  /** The stream topics of what the page shows: this coin's trades and its candles of the interval. */
  private follow(): void {
    const release = this.feed.want([`trades:${this.mint}`, `candles:${this.mint}:${this.interval}`]);
    this.releaseTopics?.();
    this.releaseTopics = release;
  }

  private async readCandles(): Promise<void> {
    const interval = this.interval;
    const answer = await this.api.candles(this.mint, interval, 500);
    if (interval !== this.interval) return;
    this.candles = answer.data;
    this.candleVersion += 1;
  }

  private takeTrade(event: Extract<StreamEventJson, { kind: 'trade' }>): void {
    if (event.data.mint !== this.mint) return;
    this.trades = mergeTrades([event.data], this.trades);
    if (this.detailTimer) return;
    this.detailTimer = setTimeout(() => {
      this.detailTimer = null;
      this.api.coin(this.mint).then((coin) => this.takeCoin(coin), () => undefined);
    }, DETAIL_READ_DELAY_MS);
  }

  /** The coin's row as read now, and its risk figures read again beside it (only a coin whose row carries them has any). */
  private takeCoin(coin: CoinDetailJson): void {
    this.coin = coin;
    if (coin.risk === undefined) {
      this.risk = null;
      return;
    }
    const read = ++this.riskReads;
    this.api.risk(this.mint).then((risk) => {
      if (read === this.riskReads) this.risk = risk; // an older read answering late is not taken
    }, () => undefined);
  }

  private takeCandle(event: Extract<StreamEventJson, { kind: 'candle' }>): void {
    if (event.mint !== this.mint || event.interval !== this.interval) return;
    const at = this.candles.findIndex((c) => c.t === event.data.t);
    if (at >= 0) this.candles = this.candles.map((c, i) => (i === at ? event.data : c));
    else this.candles = [...this.candles, event.data].sort((a, b) => a.t - b.t);
    this.candleVersion += 1;
  }
}

/** Newest first, each trade once (by signature and row), at most TAPE_ROWS. */
function mergeTrades(newer: readonly TradeJson[], older: readonly TradeJson[]): TradeJson[] {
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local of a pure function, not state
  const seen = new Set<string>();
  const out: TradeJson[] = [];
  for (const t of [...newer, ...older]) {
    const key = `${t.signature}:${t.side}:${t.tokens}:${t.routed}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out.sort((a, b) => b.at - a.at || Number(BigInt(b.slot) - BigInt(a.slot))).slice(0, TAPE_ROWS);
}
