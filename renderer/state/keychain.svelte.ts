import type { WalletApi } from '../api/wallet-api.js';

/**
 * Whether the OS keychain answers on the machine the local server runs on: read when the Wallets page
 * opens (with the desk token). Without one, the page says so with what to do on that system, and its
 * signing controls are off with that reason.
 */
export class KeychainState {
  /** Null until read (or without the desk token). */
  missing = $state<string | null>(null);
  /** What to do about it on the server's system. */
  advice = $state<string | null>(null);
  private reading = false;

  constructor(private readonly api: WalletApi) {}

  /** Why wallets cannot be made or used to sign here, or null while nothing is known to stop them. */
  get blocked(): string | null {
    return this.missing;
  }

  async check(): Promise<void> {
    if (this.api.token === null || this.reading) return;
    this.reading = true;
    try {
      const status = await this.api.keychain();
      this.missing = status.available ? null : status.message;
      this.advice = status.available ? null : status.advice;
    } catch {
      // The server not answering is the connection banner's to say; the wallets' own calls say the rest.
    } finally {
      this.reading = false;
    }
  }
}
