import { mount } from 'svelte';
import App from './App.svelte';
import { DeskApi } from './api/desk-api.js';
import { DeskSession } from './api/desk-session.js';
import type { Desk } from './desk-context.js';
import { Clock } from './state/clock.svelte.js';
import { CoinDocuments } from './state/coin-documents.svelte.js';
import { ConnectionState } from './state/connection.svelte.js';
import { DiscoverState } from './state/discover.svelte.js';
import { LiveFeed } from './state/live-feed.svelte.js';
import { Router } from './state/router.svelte.js';
import { SearchState } from './state/search.svelte.js';
import { deskBridge, notifyIssuerAlert, notifyWatchAlert } from './api/desk-bridge.js';
import { WatchApi } from './api/watch-api.js';
import { WatchlistState } from './state/watchlist.svelte.js';
import { AlertsState, isOrderAlert } from './state/alerts.svelte.js';
import { OrderApi } from './api/order-api.js';
import { OrdersState } from './state/orders.svelte.js';
import { playAlertTone } from './state/alert-tone.js';
import { WalletApi } from './api/wallet-api.js';
import { takeDeskToken } from './api/desk-token.js';
import { WalletsState } from './state/wallets.svelte.js';
import { KeychainState } from './state/keychain.svelte.js';
import { OfflineReviewState } from './state/offline-review.svelte.js';
import { ProgramGuardState } from './state/program-guard.svelte.js';
import { StocksState } from './state/stocks.svelte.js';
import { watchedWallet } from './state/watched-wallet.js';
import { WalletBalances } from './state/wallet-balances.svelte.js';
import { TradingSettings } from './state/trading-settings.svelte.js';
import { QuickTrader } from './state/quick-trader.svelte.js';
import { Hotkeys } from './state/hotkeys.svelte.js';
import './app.css';

/** The desk's composition root: one client, one of each state module, handed to the app. */
const connection = new ConnectionState();
const api = new DeskApi(new DeskSession(), connection);
const wallets = new WalletsState(new WalletApi(takeDeskToken()));
const feed = new LiveFeed(connection);
const router = new Router();
const balances = new WalletBalances(feed);
const trading = new TradingSettings(wallets.api);
const watchApi = new WatchApi(() => wallets.api.token);
const watchlist = new WatchlistState(watchApi);
const desk: Desk = {
  api,
  connection,
  router,
  search: new SearchState(),
  clock: new Clock(),
  documents: new CoinDocuments(api),
  discover: new DiscoverState(api),
  feed,
  balances,
  trading,
  quick: new QuickTrader(api, wallets, trading, balances, router),
  hotkeys: new Hotkeys(),
  wallets,
  keychain: new KeychainState(wallets.api),
  review: new OfflineReviewState(wallets.api),
  guard: new ProgramGuardState(wallets.api, wallets),
  watchApi,
  watchlist,
  alerts: new AlertsState(watchApi, notifyWatchAlert, () => watchlist.sound, playAlertTone),
  orders: new OrdersState(new OrderApi(() => wallets.api.token), (mint) => api.coin(mint).then((coin) => coin.symbol)),
  // The person's stocks: those their desk wallets' and watched wallet's coins are paired with.
  stocks: new StocksState(api, notifyIssuerAlert, () => [...wallets.wallets.map((w) => w.address), ...(watchedWallet() ? [watchedWallet()] : [])]),
};
desk.guard.start();
// Issuer alerts come on every page, and as notifications while the desk is in the background.
desk.stocks.start();
void desk.wallets.load();
// The watchlist is the server's (read again when a token arrives); its alerts are toasted on every page.
void desk.watchlist.load();
desk.alerts.start();
// An order's fill or pause is read at once (the orders are polled only while shown).
desk.alerts.onAlert((kind) => {
  if (isOrderAlert(kind)) void desk.orders.refresh();
});
void desk.review.refreshKit();
// In Electron the token comes from the main process through the preload's bridge, never in a URL.
const bridge = deskBridge();
if (bridge) {
  void bridge.deskToken().then((token) => {
    desk.wallets.useToken(token);
    void desk.guard.check();
    void desk.watchlist.load();
  });
}
// A URL with a token opened in this tab (the printed one pasted over an open desk) hands it over without a reload.
addEventListener('hashchange', () => {
  const token = takeDeskToken();
  if (token !== null && token !== desk.wallets.api.token) {
    desk.wallets.useToken(token);
    void desk.guard.check();
    void desk.watchlist.load();
  }
});
desk.clock.start();
// Pushed coins and trades reach Discover at once (its polling catches orders and anything missed).
desk.feed.on('coin', (event) => desk.discover.takeCoin(event.data));
desk.feed.on('graduation', (event) => desk.discover.takeCoin(event.data));
desk.feed.on('trade', (event) => desk.discover.coinTraded(event.data.mint));
desk.feed.start();

mount(App, { target: document.getElementById('app')!, props: { desk } });
