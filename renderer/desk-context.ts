import { createContext } from 'svelte';
import type { DeskApi } from './api/desk-api.js';
import type { Clock } from './state/clock.svelte.js';
import type { CoinDocuments } from './state/coin-documents.svelte.js';
import type { ConnectionState } from './state/connection.svelte.js';
import type { DiscoverState } from './state/discover.svelte.js';
import type { LiveFeed } from './state/live-feed.svelte.js';
import type { KeychainState } from './state/keychain.svelte.js';
import type { Router } from './state/router.svelte.js';
import type { SearchState } from './state/search.svelte.js';
import type { WalletsState } from './state/wallets.svelte.js';
import type { OfflineReviewState } from './state/offline-review.svelte.js';
import type { ProgramGuardState } from './state/program-guard.svelte.js';
import type { StocksState } from './state/stocks.svelte.js';
import type { WalletBalances } from './state/wallet-balances.svelte.js';
import type { TradingSettings } from './state/trading-settings.svelte.js';
import type { QuickTrader } from './state/quick-trader.svelte.js';
import type { Hotkeys } from './state/hotkeys.svelte.js';
import type { WatchApi } from './api/watch-api.js';
import type { WatchlistState } from './state/watchlist.svelte.js';
import type { AlertsState } from './state/alerts.svelte.js';
import type { OrdersState } from './state/orders.svelte.js';

/** What every page and component of the desk shares: the client and the state modules, made once in main.ts. */
export interface Desk {
  readonly api: DeskApi;
  readonly connection: ConnectionState;
  readonly router: Router;
  readonly search: SearchState;
  readonly clock: Clock;
  readonly documents: CoinDocuments;
  readonly discover: DiscoverState;
  readonly feed: LiveFeed;
  readonly wallets: WalletsState;
  readonly keychain: KeychainState;
  readonly review: OfflineReviewState;
  readonly guard: ProgramGuardState;
  readonly stocks: StocksState;
  /** Balances of the keychain wallets (and of any wallet a page follows), live from chain. */
  readonly balances: WalletBalances;
  /** Each keychain wallet's presets and one-click policy. */
  readonly trading: TradingSettings;
  /** Quick trades: one click to a landed trade inside the wallet's limits, or to the filled review. */
  readonly quick: QuickTrader;
  /** The desk's keyboard (state/keymap.ts): the coin page's ticket and the search box register what the keys do. */
  readonly hotkeys: Hotkeys;
  /** The client of the server's watch routes (watchlist, followed wallets, alert rules, fired alerts). */
  readonly watchApi: WatchApi;
  /** Starred coins, followed wallets, the alert tone setting. */
  readonly watchlist: WatchlistState;
  /** Fired alerts as toasts (and desktop notifications in the shell). */
  readonly alerts: AlertsState;
  /** The local orders of the desk's wallets (/local/orders), read while a page or panel shows them. */
  readonly orders: OrdersState;
}

export const [getDesk, setDesk] = createContext<Desk>();
