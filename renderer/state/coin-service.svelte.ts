import { isApiError, type ApiError } from '../api/api-error.js';
import type { CoinScheduleJson, HolderJson, HoldersJson, RewardRunJson, RingJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import type { LiveFeed } from './live-feed.svelte.js';

const HOLDERS_PAGE = 20;
const RINGS_SHOWN = 12;
/** How often the schedule and runs are read again while the page shows them (runs move without trades). */
const REFRESH_MS = 5_000;
/** One read for a burst of trades. */
const AFTER_TRADE_MS = 500;

/**
 * A coin's holders and the service's work on it (its scheduled runs, holder-reward runs and the vault's
 * movements), read over REST and read again after the coin trades and every few seconds, for as long as
 * the coin page shows them. Holders page on ("Show more") from the server's cursor.
 */
export class CoinServiceState {
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
  private timer: ReturnType<typeof setInterval> | null = null;
  private tradeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly api: DeskApi,
    private readonly feed: LiveFeed,
    readonly mint: string,
  ) {}

  async start(): Promise<void> {
    this.stops.push(
      this.feed.on('trade', (event) => {
        if (event.data.mint !== this.mint || this.tradeTimer) return;
        this.tradeTimer = setTimeout(() => {
          this.tradeTimer = null;
          void this.load();
        }, AFTER_TRADE_MS);
      }),
    );
    this.timer = setInterval(() => void this.load(), REFRESH_MS);
    await this.load();
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.timer) clearInterval(this.timer);
    if (this.tradeTimer) clearTimeout(this.tradeTimer);
  }

  /** Reads the first page of holders (as many as shown already), the schedule, the runs and the latest movements. */
  async load(): Promise<void> {
    try {
      const shown = Math.max(HOLDERS_PAGE, Math.min(100, this.holders.length));
      const [holders, schedule, runs, rings] = await Promise.all([
        this.api.holders(this.mint, { limit: shown }),
        this.api.schedule(this.mint),
        this.api.coinRuns(this.mint, { limit: 10 }),
        this.api.rings(this.mint, { limit: RINGS_SHOWN }),
      ]);
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
