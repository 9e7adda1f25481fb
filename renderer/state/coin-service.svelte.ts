import { isApiError, type ApiError } from '../api/api-error.js';
import type { CoinFeesJson, CoinScheduleJson, HolderJson, HoldersJson, RewardRunJson, RingJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import type { LiveFeed } from './live-feed.svelte.js';

const HOLDERS_PAGE = 20;
const RINGS_SHOWN = 12;
/** How often everything is read again while the page shows it, at the longest (runs move without trades). */
const REFRESH_MS = 5_000;
/** One read for a burst of trades. */
const AFTER_TRADE_MS = 500;
/** How long after a run falls due its transaction has landed and been indexed, about: read then. */
const AFTER_RUN_MS = 1_200;
/** The soonest a read follows the previous one when a run is due. */
const SOONEST_MS = 700;

/**
 * A coin's fees, holders and the service's work on it (its scheduled runs with its payee's payout,
 * holder-reward runs and the vault's movements): the one source the Fees, Service runs, payee and Holders
 * panels read, so that they always agree. Read together over REST, and read again after the coin trades
 * (its `trades:<mint>` topic), just after each run falls due (a split or a payout moves no trade), after a
 * claim or payee change of the person lands, and every few seconds, for as long as the coin page shows them.
 * A stock coin has no fees (the API answers 404): they are not asked for. Holders page on ("Show more").
 */
export class CoinServiceState {
  fees = $state<CoinFeesJson | null>(null);
  holders = $state<HolderJson[]>([]);
  holderCount = $state(0);
  vaults = $state<HoldersJson['vaults']>([]);
  /** The supply and where it sits: all holders together, the curve or pool (in `vaults`), the rest unplaced. */
  supply = $state<Pick<HoldersJson, 'supply' | 'held' | 'unplaced'> | null>(null);
  holdersNext = $state<string | null>(null);
  schedule = $state<CoinScheduleJson | null>(null);
  runs = $state<RewardRunJson[]>([]);
  rings = $state<RingJson[]>([]);
  error = $state<ApiError | null>(null);
  loadingMore = $state(false);
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tradeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly stops: (() => void)[] = [];
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private stopped = false;

  constructor(
    private readonly api: DeskApi,
    private readonly feed: LiveFeed,
    readonly mint: string,
    /** Whether the coin has fees to read (not a stock coin). */
    private readonly withFees: boolean = true,
  ) {}

  /** A stock coin: its fees and runs are not in this API (spec). */
  get stockCoin(): boolean {
    return !this.withFees;
  }

  async start(): Promise<void> {
    this.stops.push(
      this.feed.want([`trades:${this.mint}`]),
      this.feed.on('trade', (event) => {
        if (event.data.mint !== this.mint || this.tradeTimer) return;
        this.tradeTimer = setTimeout(() => {
          this.tradeTimer = null;
          void this.load();
        }, AFTER_TRADE_MS);
      }),
    );
    await this.load();
  }

  stop(): void {
    this.stopped = true;
    for (const stop of this.stops.splice(0)) stop();
    if (this.timer) clearTimeout(this.timer);
    if (this.tradeTimer) clearTimeout(this.tradeTimer);
  }

  /** After the person's claim or payee change landed: everything again now, and once more as the index takes it in. */
  landed(): void {
    void this.load();
    setTimeout(() => void this.load(), AFTER_RUN_MS);
  }

  /** Reads everything the panels show together (one read at a time; a read asked for meanwhile follows it). */
  load(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = this.readAll().finally(() => {
      this.reading = null;
      if (this.readAgain && !this.stopped) {
        this.readAgain = false;
        void this.load();
      } else this.plan();
    });
    return this.reading;
  }

  /** The first page of holders (as many as shown already), the fees, the schedule, the runs and the latest movements. */
  private async readAll(): Promise<void> {
    try {
      const shown = Math.max(HOLDERS_PAGE, Math.min(100, this.holders.length));
      const [fees, holders, schedule, runs, rings] = await Promise.all([
        this.withFees ? this.api.fees(this.mint) : null,
        this.api.holders(this.mint, { limit: shown }),
        this.api.schedule(this.mint),
        this.api.coinRuns(this.mint, { limit: 10 }),
        this.api.rings(this.mint, { limit: RINGS_SHOWN }),
      ]);
      this.fees = fees;
      this.holders = holders.data;
      this.holderCount = holders.holders;
      this.vaults = holders.vaults;
      this.supply = { supply: holders.supply, held: holders.held, unplaced: holders.unplaced };
      this.holdersNext = holders.next;
      this.schedule = schedule;
      this.runs = runs.data;
      this.rings = rings.data;
      this.error = null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      this.error = error;
    }
  }

  /** The next read: just after the next run falls due, at the latest REFRESH_MS from now. */
  private plan(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const now = Date.now();
    const due = (this.schedule?.scheduled ?? []).filter((j) => j.state !== 'idle' && j.dueAt !== null).map((j) => j.dueAt! * 1000 + AFTER_RUN_MS - now).filter((ms) => ms > -10_000);
    const next = Math.min(REFRESH_MS, ...due.map((ms) => Math.max(SOONEST_MS, ms)));
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.load();
    }, next);
  }

  /** The next page of holders, appended. */
  async more(): Promise<void> {
    if (this.holdersNext === null || this.loadingMore) return;
    this.loadingMore = true;
    try {
      const page = await this.api.holders(this.mint, { limit: HOLDERS_PAGE, cursor: this.holdersNext });
      this.holders = [...this.holders, ...page.data];
      this.holdersNext = page.next;
    } catch (error) {
      if (!isApiError(error)) throw error;
      this.error = error;
    } finally {
      this.loadingMore = false;
    }
  }
}
