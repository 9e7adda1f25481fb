import { isApiError, type ApiError } from '../api/api-error.js';
import type { AccountJson, TradeJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import type { LiveFeed } from './live-feed.svelte.js';
import { watchedWallet, watchWallet } from './watched-wallet.js';

/**
 * The Portfolio page of the watched wallet: its holdings with value and PnL (GET /v1/accounts/{W}) and its
 * trades (GET /v1/trades?user=W), read again when the stream brings a trade of that wallet.
 */
export class PortfolioState {
  wallet = $state(watchedWallet());
  account = $state<AccountJson | null>(null);
  trades = $state<TradeJson[]>([]);
  error = $state<ApiError | null>(null);
  loading = $state(false);
  private stop: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: DeskApi,
    private readonly feed: LiveFeed,
  ) {}

  start(): void {
    this.stop = this.feed.on('trade', (event) => {
      if (event.data.user !== this.wallet || this.timer) return;
      this.timer = setTimeout(() => ((this.timer = null), void this.load()), 300);
    });
    void this.load();
  }

  end(): void {
    this.stop?.();
    if (this.timer) clearTimeout(this.timer);
  }

  watch(address: string): void {
    this.wallet = address.trim();
    watchWallet(this.wallet);
    void this.load();
  }

  async load(): Promise<void> {
    const wallet = this.wallet;
    if (wallet === '') {
      this.account = null;
      this.trades = [];
      return;
    }
    this.loading = true;
    try {
      const [account, trades] = await Promise.all([this.api.account(wallet), this.api.trades({ user: wallet, limit: 50 })]);
      if (wallet !== this.wallet) return;
      this.account = account;
      this.trades = trades.data;
      this.error = null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (wallet === this.wallet) this.error = error;
    } finally {
      this.loading = false;
    }
  }
}
