import { SvelteSet } from 'svelte/reactivity';
import { stockListing } from '../../core/stocks/catalog.js';
import { issuerAlerts, issuerBaseline, type IssuerAlert, type IssuerStatusView } from '../../core/stocks/issuer-alerts.js';
import type { ClosedReason } from '../../core/stocks/issuer-status.js';
import { stockPairStatus, type StockPairStatus } from '../../core/stocks/stock-status-words.js';
import { isApiError, type ApiError } from '../api/api-error.js';
import type { AccountJson, StockStatusJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';

/** How often the issuer status is read (the server keeps an answer at most 15 s). */
export const STOCKS_POLL_MS = 5_000;
/** How often the person's holdings are read again for the stocks they are in. */
export const HELD_READ_MS = 30_000;

/** The stocks a wallet's holdings are paired with (coins it still holds). */
export function heldStockKeys(account: AccountJson): string[] {
  return account.holdings.flatMap((h) => (h.pair && 'kind' in h.pair && BigInt(h.balance) > 0n ? [h.pair.key] : []));
}
/** The stocks the person follows, in this browser's storage, as a JSON list of keys. */
const FOLLOWED_KEY = 'launchdesk.stocks.followed';
const STOCK_KEY = /^[a-z0-9]{1,16}$/;

export type StocksFilter = 'all' | 'followed' | 'closed';

/** A row of the Stocks page: the record as last read, with the stock's name from the catalog. */
export interface StockRow {
  readonly record: StockStatusJson;
  readonly name: string;
}

/** The followed keys kept here, checked again (storage is outside the page's control). */
function storedFollowed(): string[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(FOLLOWED_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((key): key is string => typeof key === 'string' && STOCK_KEY.test(key)) : [];
  } catch {
    return [];
  }
}

/**
 * The stocks' issuer status as the desk follows it: `GET /v1/stocks/issuers` read every STOCKS_POLL_MS
 * while the desk is open (also in the background: that is when an alert matters most), one read at a
 * time; the stocks the person follows; and the alerts raised by core/stocks/issuer-alerts.ts from one
 * answer to the next, each also sent as a desktop notification, until dismissed.
 */
export class StocksState {
  /** The last answer; null before the first, or while stock pairs are off. */
  answer = $state.raw<{ readonly readable: boolean; readonly data: readonly StockStatusJson[] } | null>(null);
  /** The server answered 404: stock pairs are off on this server (not an error). */
  off = $state(false);
  /** The last failure of a read; cleared by the next answer. */
  error = $state<ApiError | null>(null);
  readonly followed = new SvelteSet<string>(storedFollowed());
  /** Stocks whose coins the person's wallets (the desk's and the watched one) hold: alerted like followed ones. */
  readonly held = new SvelteSet<string>();
  private heldReadAt = 0;
  /** Raised and not dismissed, newest first. */
  alerts = $state.raw<readonly IssuerAlert[]>([]);
  filter = $state<StocksFilter>('all');
  /** The records last read while the status could be read (shown greyed while it cannot). */
  private known = $state.raw<readonly StockStatusJson[]>([]);
  private baseline: IssuerStatusView | null = null;
  private reading: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Date.now() before which reads are skipped: the server asked to wait (429 Retry-After). */
  private quietUntil = 0;

  constructor(
    private readonly api: DeskApi,
    private readonly notify: (alert: IssuerAlert) => void,
    /** The wallets whose holdings count as the person's (addresses only). */
    private readonly wallets: () => readonly string[] = () => [],
  ) {}

  start(): void {
    void this.read();
    this.timer ??= setInterval(() => {
      if (Date.now() >= this.quietUntil) void this.read();
    }, STOCKS_POLL_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the issuer status now, unless a read is under way (then that one is the answer). */
  read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => (this.reading = null));
    return this.reading;
  }

  /** The status cannot be read: every stock is treated as paused. */
  get unreadable(): boolean {
    return this.answer?.readable === false;
  }

  /** Every stock as last read (while unreadable: as last read when it could be). */
  readonly rows: readonly StockRow[] = $derived(this.known.map((record) => ({ record, name: stockListing(record.key)?.name ?? record.symbol })));
  /** The rows the filter lets through. */
  readonly shown: readonly StockRow[] = $derived(this.rows.filter((row) => this.passes(row.record, this.filter)));

  count(filter: StocksFilter): number {
    return this.known.filter((record) => this.passes(record, filter)).length;
  }

  /**
   * A stock pair's state from one record: the issuer status as last read here when it holds the stock (read
   * every few seconds), else the coin's pair block; paused while the status cannot be read.
   */
  pairStatus(pair: { readonly key: string; readonly symbol: string; readonly closed: { readonly reason: ClosedReason } | null }): StockPairStatus {
    const record = this.known.find((r) => r.key === pair.key) ?? { closed: pair.closed, paused: null };
    return stockPairStatus(pair.symbol, record, this.unreadable);
  }

  isFollowed(key: string): boolean {
    return this.followed.has(key);
  }

  toggleFollow(key: string): void {
    if (!this.followed.delete(key)) this.followed.add(key);
    localStorage.setItem(FOLLOWED_KEY, JSON.stringify([...this.followed].sort()));
  }

  dismiss(id: string): void {
    this.alerts = this.alerts.filter((alert) => alert.id !== id);
  }

  dismissAll(): void {
    this.alerts = [];
  }

  private passes(record: StockStatusJson, filter: StocksFilter): boolean {
    if (filter === 'followed') return this.followed.has(record.key);
    if (filter === 'closed') return this.unreadable || !record.open;
    return true;
  }

  /** The stocks behind the person's holdings, read again at most every HELD_READ_MS (holdings change slowly). */
  private async readHeld(): Promise<void> {
    if (Date.now() - this.heldReadAt < HELD_READ_MS) return;
    this.heldReadAt = Date.now();
    const keys: string[] = [];
    const wallets = this.wallets().filter((wallet, i, all) => all.indexOf(wallet) === i);
    for (const wallet of wallets) {
      try {
        keys.push(...heldStockKeys(await this.api.account(wallet)));
      } catch {
        // A wallet that cannot be read now is read again next time; what was held stays held meanwhile.
        return;
      }
    }
    for (const key of [...this.held]) if (!keys.includes(key)) this.held.delete(key);
    for (const key of keys) this.held.add(key);
  }

  private async readOnce(): Promise<void> {
    let answer: { readable: boolean; data: StockStatusJson[] };
    try {
      answer = await this.api.stockIssuers();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.code === 'not_found') {
        this.off = true;
        this.answer = null;
        this.error = null;
        return;
      }
      if (error.retryAfter !== null) this.quietUntil = Date.now() + error.retryAfter * 1_000;
      this.error = error;
      return;
    }
    await this.readHeld();
    const raised = issuerAlerts(this.baseline, answer, { has: (key: string) => this.followed.has(key) || this.held.has(key) });
    this.baseline = issuerBaseline(this.baseline, answer);
    this.answer = answer;
    if (answer.readable) this.known = answer.data;
    this.off = false;
    this.error = null;
    for (const alert of raised) this.raise(alert);
  }

  /** Shows an alert (in place of an earlier one about the same subject) and sends it as a notification. */
  private raise(alert: IssuerAlert): void {
    this.alerts = [alert, ...this.alerts.filter((a) => a.id !== alert.id)];
    this.notify(alert);
  }
}
