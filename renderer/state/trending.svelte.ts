import type { CoinJson, PageJson } from '../api/api-types.js';
import type { CoinListQuery, DeskApi } from '../api/desk-api.js';

/** What narrows the list: its pair and Discover's risk filters. */
export type TrendingFilter = Pick<CoinListQuery, 'quote' | 'top10Above' | 'deployerSold' | 'bundled'>;

/** Rows per page asked of the server (its maximum). */
export const TRENDING_PAGE = 100;

interface LoadedPage {
  /** The cursor this page was read with (undefined for the first): kept opaque, to read it again. */
  readonly cursor: string | undefined;
  rows: CoinJson[];
  next: string | null;
}

/**
 * The trending list as far as it has been scrolled: pages read from the server as the table nears
 * their rows (following each page's `next`), kept in order, and re-read while shown so figures stay
 * fresh. Only loaded pages are held; the table draws only the rows on screen (TrendingTable).
 */
export class TrendingList {
  pages = $state<LoadedPage[]>([]);
  loading = $state(false);
  rows = $derived(this.pages.flatMap((p) => p.rows));
  /** Whether the server has rows past the last loaded page. */
  more = $derived(this.pages.length === 0 || this.pages[this.pages.length - 1]!.next !== null);
  private generation = 0;

  constructor(
    private readonly api: DeskApi,
    private filter: TrendingFilter,
  ) {}

  /** Starts again from the first page (the filter changed). */
  reset(filter: TrendingFilter): void {
    this.filter = filter;
    this.generation += 1;
    this.pages = [];
    this.loading = false;
  }

  /** A coin's new figures, where a loaded page shows it (its place moves at the page's next read). */
  replace(coin: CoinJson): void {
    for (const page of this.pages) {
      const at = page.rows.findIndex((c) => c.mint === coin.mint);
      if (at !== -1) page.rows[at] = coin;
    }
  }

  /** Reads pages until row `index` is loaded, or the list ends. */
  async ensure(index: number): Promise<void> {
    if (this.loading) return;
    const generation = this.generation;
    this.loading = true;
    try {
      while (generation === this.generation && this.rows.length <= index && this.more) {
        const cursor = this.pages.length === 0 ? undefined : this.pages[this.pages.length - 1]!.next!;
        const page = await this.read(cursor);
        if (generation !== this.generation) return;
        this.pages.push({ cursor, rows: page.data, next: page.next });
      }
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }

  /** Reads again the pages that hold rows `from`..`to` (what is on screen). */
  async refresh(from: number, to: number): Promise<void> {
    const generation = this.generation;
    const first = Math.floor(from / TRENDING_PAGE);
    const last = Math.min(Math.floor(to / TRENDING_PAGE), this.pages.length - 1);
    for (let i = first; i <= last; i++) {
      const page = this.pages[i];
      if (!page) continue;
      const fresh = await this.read(page.cursor);
      if (generation !== this.generation) return;
      page.rows = fresh.data;
      page.next = fresh.next;
    }
    if (this.pages.length === 0) await this.ensure(0);
  }

  private read(cursor: string | undefined): Promise<PageJson<CoinJson>> {
    return this.api.coins({ sort: 'trending', limit: TRENDING_PAGE, ...this.filter, ...(cursor ? { cursor } : {}) });
  }
}
