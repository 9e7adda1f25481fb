import { positionOf, positionTotals, type Position } from '../../core/math/position.js';
import { isApiError, type ApiError } from '../api/api-error.js';
import type { AccountJson, TradeJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import type { LiveFeed } from './live-feed.svelte.js';
import type { WalletBalances } from './wallet-balances.svelte.js';
import type { WalletsState } from './wallets.svelte.js';
import { watchedWallet, watchWallet } from './watched-wallet.js';

/** One coin of the Portfolio: its position (chain amount and value, the index's cost and PnL). */
export interface PortfolioRow {
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly position: Position;
}

/**
 * The Portfolio page: the active keychain wallet by default (another keychain wallet or a watched address
 * one click away). What is held and its value come live from chain (the wallet's balances: transfers
 * count); what it cost and realised comes from its trades (GET /v1/accounts/{W}), read again when the
 * stream brings a trade of that wallet. Positions sold out are listed apart with their realised PnL.
 */
export class PortfolioState {
  /** The wallet chosen on the page; null follows the active keychain wallet (else the watched address). */
  chosen = $state<string | null>(null);
  account = $state<AccountJson | null>(null);
  trades = $state<TradeJson[]>([]);
  error = $state<ApiError | null>(null);
  loading = $state(false);
  private stop: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: DeskApi,
    private readonly feed: LiveFeed,
    private readonly wallets: WalletsState,
    private readonly balances: WalletBalances,
  ) {}

  get wallet(): string {
    return this.chosen ?? this.wallets.active ?? watchedWallet();
  }

  /** The shown wallet is one of the person's keychain wallets. */
  get own(): boolean {
    return this.wallets.wallets.some((w) => w.address === this.wallet);
  }

  start(): void {
    this.stop = this.feed.on('trade', (event) => {
      if (event.data.user !== this.wallet || this.timer) return;
      this.timer = setTimeout(() => ((this.timer = null), void this.load()), 300);
    });
  }

  end(): void {
    this.stop?.();
    if (this.timer) clearTimeout(this.timer);
  }

  /** The address last watched here (kept in this browser), when it is not one of the keychain wallets: one click away. */
  get watched(): string | null {
    void this.chosen; // read again after each choice (the storage is not reactive)
    const address = watchedWallet();
    return address === '' || this.wallets.wallets.some((w) => w.address === address) ? null : address;
  }

  /** Shows a keychain wallet, or watches a typed address. */
  show(address: string): void {
    this.chosen = address.trim();
    if (!this.own) watchWallet(this.chosen);
  }

  /** The wallet's balances from chain; null until they arrived. */
  get cash() {
    return this.balances.of(this.wallet);
  }

  /** Every coin the wallet holds on chain or has traded, as positions: held ones first by value, then closed ones. */
  get rows(): { readonly open: PortfolioRow[]; readonly closed: PortfolioRow[] } {
    const held = this.cash?.coins ?? [];
    const traded = this.account?.wallet === this.wallet ? this.account.holdings : [];
    const names: Record<string, { name: string; symbol: string }> = {};
    for (const c of [...traded, ...held]) names[c.mint] = { name: c.name, symbol: c.symbol };
    const rows = Object.entries(names).map(([mint, { name, symbol }]) => {
      const chain = held.find((c) => c.mint === mint);
      const trade = traded.find((h) => h.mint === mint);
      const position = positionOf(
        chain ? { amount: BigInt(chain.amount), valueZat: chain.valueZec === null ? null : BigInt(chain.valueZec) } : null,
        trade ? { balance: BigInt(trade.balance), costBasisZat: trade.costBasisZec === null ? null : BigInt(trade.costBasisZec), realisedPnlZat: trade.realisedPnlZec === null ? null : BigInt(trade.realisedPnlZec) } : null,
      );
      return { mint, name, symbol, position };
    });
    const value = (r: PortfolioRow) => r.position.valueZat ?? 0n;
    return {
      open: rows.filter((r) => r.position.amount > 0n).sort((a, b) => (value(b) > value(a) ? 1 : value(b) < value(a) ? -1 : a.mint < b.mint ? -1 : 1)),
      closed: rows.filter((r) => r.position.closed),
    };
  }

  get totals() {
    const { open, closed } = this.rows;
    return positionTotals([...open, ...closed].map((r) => r.position));
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
