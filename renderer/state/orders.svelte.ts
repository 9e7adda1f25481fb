import { SvelteMap } from 'svelte/reactivity';
import { isApiError } from '../api/api-error.js';
import type { OrderApi, OrderDetailJson, OrderJson, OrderRequest } from '../api/order-api.js';
import { fillSignatures, type OrderFilter } from './order-figures.js';

/** How often the orders are read while a page or panel shows them: the runner moves them on the server. */
const POLL_MS = 2_000;

/**
 * Every local order of the desk's wallets (GET /local/orders, newest first), read every POLL_MS while
 * something that shows orders is on screen (`watch`) and the window is visible, and at once when an order
 * alert (a fill or a pause) arrives. The orders whose journals are open are read again with them.
 */
export class OrdersState {
  orders = $state<OrderJson[]>([]);
  loaded = $state(false);
  problem = $state<string | null>(null);
  /** This server keeps no local orders (it answered 404): nothing is asked again until a reload. */
  unavailable = $state(false);
  /** The Orders page's filter. */
  filter = $state<OrderFilter>('all');
  /** Orders opened to their fills and journal, by id. */
  readonly details = new SvelteMap<string, OrderDetailJson>();
  /** A cancel or resume the server refused, in its words, by order id. */
  readonly refusals = new SvelteMap<string, string>();
  /** The coins' tickers, read once each for the Orders page. */
  private readonly symbols = new SvelteMap<string, string>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a view reads
  private readonly askedSymbols = new Set<string>();
  /** Signatures of every fill: the tape and the chart mark them. */
  readonly fills = $derived(fillSignatures(this.orders));
  private watchers = 0;
  /** The poll loop running now: a loop of an earlier watch stops at its next turn. */
  private loop = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly api: OrderApi,
    /** A coin's ticker (the coin read from /v1). */
    private readonly readSymbol: (mint: string) => Promise<string>,
  ) {}

  /** A coin's ticker, once read (its mint shortened until then). */
  symbolOf(mint: string): string {
    const known = this.symbols.get(mint);
    if (known !== undefined) return known;
    if (!this.askedSymbols.has(mint)) {
      this.askedSymbols.add(mint);
      this.readSymbol(mint).then((symbol) => this.symbols.set(mint, symbol), () => undefined);
    }
    return `${mint.slice(0, 4)}…${mint.slice(-4)}`;
  }

  /** Keeps the orders read while the caller shows them; returns its release. */
  watch(): () => void {
    this.watchers += 1;
    if (this.watchers === 1) this.tick((this.loop += 1));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.watchers -= 1;
      if (this.watchers > 0) return;
      this.loop += 1;
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  /** One coin's orders, newest first. */
  of(mint: string): OrderJson[] {
    return this.orders.filter((o) => o.mint === mint);
  }

  /** Reads the orders now (and the open journals); a read under way is shared. */
  refresh(): Promise<void> {
    if (this.reading) return this.reading;
    const work = (async () => {
      if (!this.api.ready || this.unavailable) return;
      try {
        this.orders = (await this.api.list()).data;
        this.loaded = true;
        this.problem = null;
        await Promise.all([...this.details.keys()].map((id) => this.readDetail(id)));
      } catch (error) {
        if (!isApiError(error)) throw error;
        if (error.status === 404) this.unavailable = true;
        else this.problem = error.message;
      }
    })();
    this.reading = work.finally(() => (this.reading = null));
    return this.reading;
  }

  /** Places an order; null when placed, else the server's words naming the field. */
  async place(body: OrderRequest): Promise<string | null> {
    return this.change(() => this.api.place(body));
  }

  /** Cancels an order; the server refuses one that ended or has a fill under way (kept in `refusals`). */
  async cancel(id: string): Promise<void> {
    this.noteRefusal(id, await this.change(() => this.api.cancel(id)));
  }

  /** A paused order back to open. */
  async resume(id: string): Promise<void> {
    this.noteRefusal(id, await this.change(() => this.api.resume(id)));
  }

  private noteRefusal(id: string, refusal: string | null): void {
    if (refusal === null) this.refusals.delete(id);
    else this.refusals.set(id, refusal);
  }

  /** Opens (reads) or closes an order's fills and journal. */
  async toggleDetail(id: string): Promise<void> {
    if (this.details.has(id)) this.details.delete(id);
    else await this.readDetail(id);
  }

  private async readDetail(id: string): Promise<void> {
    try {
      this.details.set(id, await this.api.detail(id));
    } catch (error) {
      if (!isApiError(error)) throw error;
      this.problem = error.message;
    }
  }

  private async change(work: () => Promise<OrderJson>): Promise<string | null> {
    try {
      const order = await work();
      this.orders = [order, ...this.orders.filter((o) => o.id !== order.id)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      if (this.details.has(order.id)) await this.readDetail(order.id);
      return null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      return error.message;
    }
  }

  private tick(loop: number): void {
    if (loop !== this.loop) return;
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    void (hidden ? Promise.resolve() : this.refresh()).finally(() => {
      if (loop === this.loop) this.timer = setTimeout(() => this.tick(loop), POLL_MS);
    });
  }
}
