import type { Faucet } from '../../sandbox/faucet.js';
import type { ProgramGuard } from '../../signer/program-guard.js';
import type { WalletBook } from '../../signer/wallet-book.js';
import type { WatchBook } from '../store/watch-book.js';

/** What the desk's own routes stand on: the wallets, this run's token, and the sandbox's faucet (null on another cluster). */
export interface DeskSigning {
  readonly wallets: WalletBook;
  readonly token: string;
  readonly faucet: Faucet | null;
  /** Nothing is signed while a program the desk signs against changed since it was pinned. */
  readonly guard: ProgramGuard;
  /** The watchlist, followed wallets and alerts (in the data directory); absent: /desk-api/watch and the alerts answer 404. */
  readonly watch?: WatchBook;
}
