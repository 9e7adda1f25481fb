import type { Faucet } from '../../sandbox/faucet.js';
import type { ProgramGuard } from '../../signer/program-guard.js';
import type { WalletBook } from '../../signer/wallet-book.js';
import type { TradingBook } from '../../signer/trading-book.js';
import type { OneClickJournal } from '../store/one-click-journal.js';
import type { WatchBook } from '../store/watch-book.js';
import type { OrderBook } from '../store/order-book.js';

/** What the desk's own routes stand on: the wallets, this run's token, and the sandbox's faucet (null on another cluster). */
export interface DeskSigning {
  readonly wallets: WalletBook;
  readonly token: string;
  readonly faucet: Faucet | null;
  /** Nothing is signed while a program the desk signs against changed since it was pinned. */
  readonly guard: ProgramGuard;
  /** Each wallet's presets and one-click policy. */
  readonly trading: TradingBook;
  /** Every trade asked for without review, with its verdict. */
  readonly journal: OneClickJournal;
  /** The watchlist, followed wallets and alerts (in the data directory); absent: /desk-api/watch and the alerts answer 404. */
  readonly watch?: WatchBook;
  /**
   * The local orders (orders.sqlite) and the clock they run on (the sandbox's chain clock on the desk; the
   * wall clock by default); absent: /local/orders answers 404.
   */
  readonly orders?: { readonly book: OrderBook; readonly clock?: () => number; readonly tickMs?: number; readonly backoffMs?: number };
}
