import { quoteOf } from './coin-figures.js';
import { isApiError, type ApiError } from '../api/api-error.js';
import type { CoinJson, CoinQuote } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import { progressOf } from './coin-figures.js';
import { RiskFilterState, type RiskToggle } from './risk-filter.svelte.js';
import { TrendingList, type TrendingFilter } from './trending.svelte.js';

export type PairFilter = 'all' | CoinQuote;

/** Rows per column. */
const COLUMN_ROWS = 30;
/** A curve at least this far (basis points of its raise) is "about to graduate". */
export const ABOUT_TO_GRADUATE_BPS = 5_000n;
/** How often the lists are read again: the push stream brings changes at once, this catches the rest (orders, trending). */
export const POLL_MS = 3_000;
/** A traded coin's figures are read again this long after its first trade event (one read for a burst). */
const TRADE_READ_DELAY_MS = 250;

const byProgress = (a: CoinJson, b: CoinJson) => Number(progressOf(b) - progressOf(a));
const byCreation = (a: CoinJson, b: CoinJson) => b.createdAt - a.createdAt;

/** Whether a coin is about to graduate: complete, or a curve past the threshold. */
const aboutToGraduate = (coin: CoinJson) => coin.stage === 'complete' || (coin.stage === 'curve' && progressOf(coin) >= ABOUT_TO_GRADUATE_BPS);
/** Whether a coin is new: on its curve and not yet about to graduate. A coin stands in one column only. */
const isNew = (coin: CoinJson) => coin.stage === 'curve' && !aboutToGraduate(coin);

/**
 * The Discover page's lists: New, About to graduate and Graduated columns and the Trending table, under
 * one pair filter, the risk filters and one search. Read over REST every POLL_MS for now; `takeCoin` is
 * where pushed coins (the stream: a new coin, a coin whose trade moved it) enter, so the stream can feed
 * the same lists.
 */
export class DiscoverState {
  pair = $state<PairFilter>('all');
  newCoins = $state<CoinJson[]>([]);
  nearGraduation = $state<CoinJson[]>([]);
  graduated = $state<CoinJson[]>([]);
  /** The coins matching the search, when there is one (the lists are then drawn from these). */
  searchResults = $state<CoinJson[] | null>(null);
  /** The query `searchResults` answer. */
  private resultsQuery = $state<string | null>(null);
  /** The last failure of a refresh; cleared by the next success. */
  error = $state<ApiError | null>(null);
  /** True once the lists have been read at least once. */
  loaded = $state(false);
  /** The Watchlist filter: only starred coins are listed. */
  watchlistOnly = $state(false);
  /** The starred coins as the API reads them now, in the order they were starred. */
  private watchlistRead = $state<CoinJson[]>([]);
  /** The Watchlist filter's table: the starred coins the pair and risk filters let through. */
  readonly watchlistCoins = $derived(this.watchlistRead.filter((c) => this.matchesFilter(c)));
  /** The risk filters ("Top 10 > 50%", "Dev sold", "Bundled launch"). */
  readonly risk = new RiskFilterState();
  readonly trending: TrendingList;
  private query = '';
  private timer: ReturnType<typeof setInterval> | null = null;
  private refreshing: Promise<void> | null = null;
  private visible: [number, number] = [0, 40];
  /** Date.now() before which polls are skipped: the server asked to wait (429 Retry-After). */
  private quietUntil = 0;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a view reads
  private readonly pendingReads = new Set<string>();

  constructor(private readonly api: DeskApi) {
    this.trending = new TrendingList(api, {});
  }

  /** Starts reading the lists now and every POLL_MS. */
  start(): void {
    void this.refresh();
    this.timer ??= setInterval(() => {
      // A hidden window polls nothing (it catches up when shown); a server that asked to wait is let be.
      if (document.visibilityState === 'hidden' || Date.now() < this.quietUntil) return;
      void this.refresh();
    }, POLL_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Turns the Watchlist filter on or off; on, the starred coins are read (again each time their list changes). */
  async showWatchlist(on: boolean, starred: ReadonlySet<string>): Promise<void> {
    this.watchlistOnly = on;
    if (!on) return;
    const read = await Promise.all([...starred].map((mint) => this.api.coin(mint).catch(() => null)));
    if (this.watchlistOnly) this.watchlistRead = read.filter((c): c is NonNullable<typeof c> => c !== null);
  }

  /** A column's coins under the Watchlist filter (all of them without it). */
  watched(coins: CoinJson[], starred: ReadonlySet<string>): CoinJson[] {
    return this.watchlistOnly ? coins.filter((c) => starred.has(c.mint)) : coins;
  }

  setPair(pair: PairFilter): void {
    if (pair === this.pair) return;
    this.pair = pair;
    this.trending.reset(this.listFilter);
    void this.refresh(true);
  }

  /** Turns one risk filter on or off: every list is read again under it. */
  setRisk(toggle: RiskToggle, on: boolean): void {
    if (this.risk[toggle] === on) return;
    this.risk.set(toggle, on);
    this.trending.reset(this.listFilter);
    void this.refresh(true);
  }

  /** Narrows every list to coins matching `query` (name, ticker or mint); empty ends the search. */
  setQuery(query: string): void {
    if (query === this.query) return;
    this.query = query;
    if (query === '') this.searchResults = null;
    void this.refresh(true);
  }

  /** Whether the search results shown answer `query` (not an earlier one still on screen). */
  searchedFor(query: string): boolean {
    return this.searchResults !== null && this.resultsQuery === query;
  }

  /** The Trending table's rows on screen, so a refresh reads those pages again. */
  showing(from: number, to: number): void {
    this.visible = [from, to];
  }

  /**
   * A coin pushed by the stream (new, or moved by a trade): placed in, moved between or dropped from
   * the columns, and its figures replaced wherever a list shows it. During a search only coins already
   * shown are updated (whether a new coin matches is the search's to say, at its next read).
   */
  takeCoin(coin: CoinJson): void {
    const without = (list: CoinJson[]) => list.filter((c) => c.mint !== coin.mint);
    if (!this.matchesFilter(coin)) {
      // Its risk figures moved out of a filter that is on (a pair never changes): it leaves the columns
      // now, the table at its next read.
      this.newCoins = without(this.newCoins);
      this.nearGraduation = without(this.nearGraduation);
      this.graduated = without(this.graduated);
      return;
    }
    const replaced = (list: CoinJson[]) => list.map((c) => (c.mint === coin.mint ? coin : c));
    this.trending.replace(coin);
    if (this.searchResults !== null) {
      if (!this.searchResults.some((c) => c.mint === coin.mint)) return;
      this.searchResults = replaced(this.searchResults);
    }
    this.newCoins = (isNew(coin) ? [coin, ...without(this.newCoins)] : without(this.newCoins)).sort(byCreation).slice(0, COLUMN_ROWS);
    this.nearGraduation = (aboutToGraduate(coin) ? [coin, ...without(this.nearGraduation)] : without(this.nearGraduation)).sort(byProgress).slice(0, COLUMN_ROWS);
    if (coin.stage === 'pool') this.graduated = this.graduated.some((c) => c.mint === coin.mint) ? replaced(this.graduated) : [coin, ...this.graduated].slice(0, COLUMN_ROWS);
    else this.graduated = without(this.graduated);
  }

  /**
   * A coin traded (the stream's trade event carries the trade, not the coin): its figures are read again,
   * at most once a second per coin, and taken in.
   */
  coinTraded(mint: string): void {
    if (this.pendingReads.has(mint)) return;
    this.pendingReads.add(mint);
    setTimeout(() => {
      this.pendingReads.delete(mint);
      this.api.coin(mint).then((coin) => this.takeCoin(coin), () => undefined);
    }, TRADE_READ_DELAY_MS);
  }

  private get quote(): CoinQuote | undefined {
    return this.pair === 'all' ? undefined : this.pair;
  }

  /** The list calls' filters: the pair and the risk filters that are on. */
  private get listFilter(): TrendingFilter {
    return { ...(this.quote ? { quote: this.quote } : {}), ...this.risk.query };
  }

  /** The pair and risk filters, on a coin that did not come from a filtered list call. */
  private matchesFilter(coin: CoinJson): boolean {
    return (this.pair === 'all' || this.pair === quoteOf(coin)) && this.risk.passes(coin);
  }

  /** Reads every list once; a refresh already running is waited for (or followed by another when `again`). */
  async refresh(again = false): Promise<void> {
    if (this.refreshing) {
      if (!again) return this.refreshing;
      await this.refreshing.catch(() => undefined);
    }
    this.refreshing = this.readAll().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async readAll(): Promise<void> {
    const query = this.query;
    const pair = this.pair;
    const filter = this.listFilter;
    const moved = () => query !== this.query || pair !== this.pair || JSON.stringify(filter) !== JSON.stringify(this.listFilter);
    try {
      if (query !== '') {
        const found = (await this.api.searchCoins(query, 100)).data.filter((c) => this.matchesFilter(c));
        if (moved()) return; // the search or a filter moved on while this was read
        this.searchResults = found;
        this.resultsQuery = query;
        this.newCoins = found.filter(isNew).sort(byCreation).slice(0, COLUMN_ROWS);
        this.nearGraduation = found.filter(aboutToGraduate).sort(byProgress).slice(0, COLUMN_ROWS);
        this.graduated = found.filter((c) => c.stage === 'pool').slice(0, COLUMN_ROWS);
      } else {
        const q = filter;
        // "About to graduate": complete curves, and the curves closest to completion (the server's `progress`
        // order, read off an index: no walk over every coin), then exactly by the progress the desk shows.
        const [fresh, complete, highest, graduations] = await Promise.all([
          this.api.coins({ stage: 'curve', sort: 'new', limit: COLUMN_ROWS, ...q }),
          this.api.coins({ stage: 'complete', sort: 'lastTrade', limit: COLUMN_ROWS, ...q }),
          this.api.coins({ stage: 'curve', sort: 'progress', limit: COLUMN_ROWS, ...q }),
          // Newest graduations first; the endpoint has no pair or risk filter, so a filtered page is read whole and narrowed.
          this.api.graduations({ limit: Object.keys(filter).length > 0 ? 100 : COLUMN_ROWS }),
        ]);
        if (moved()) return;
        this.searchResults = null;
        this.newCoins = fresh.data.filter(isNew);
        this.nearGraduation = [...complete.data, ...highest.data].filter(aboutToGraduate).sort(byProgress).slice(0, COLUMN_ROWS);
        this.graduated = graduations.data.filter((c) => this.matchesFilter(c)).slice(0, COLUMN_ROWS);
        await this.trending.refresh(this.visible[0], this.visible[1]);
      }
      this.error = null;
      this.loaded = true;
    } catch (error) {
      if (!isApiError(error)) throw error;
      this.error = error;
      if (error.retryAfter !== null) this.quietUntil = Date.now() + error.retryAfter * 1_000;
    }
  }
}
