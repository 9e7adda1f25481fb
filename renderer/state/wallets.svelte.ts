import { isApiError } from '../api/api-error.js';
import type { WalletApi, WalletJson } from '../api/wallet-api.js';

/**
 * The person's wallets as the server's keychain-backed list holds them, and the active one (what the trade
 * ticket signs with). Problems are kept in words for the page to show; nothing here is ever a secret except
 * an export the person asked for, held only until they close it.
 */
export class WalletsState {
  wallets = $state<WalletJson[]>([]);
  active = $state<string | null>(null);
  faucet = $state(false);
  /** What the person types to see a secret key (the server's words). */
  exportConfirmation = $state('');
  loaded = $state(false);
  problem = $state<string | null>(null);
  busy = $state(false);
  /** The secret key shown after a confirmed export; cleared when closed. */
  exported = $state<{ address: string; secret: string } | null>(null);
  notice = $state<string | null>(null);

  /** Whether this tab holds the desk token (wallets and signing need it). */
  hasToken = $state(false);

  constructor(readonly api: WalletApi) {
    this.hasToken = api.token !== null;
  }

  /** A desk token arrived (a URL with `#token=` opened in this tab): use it and read the wallets. */
  useToken(token: string): void {
    this.api.token = token;
    this.hasToken = true;
    void this.load();
  }

  get activeWallet(): WalletJson | null {
    return this.wallets.find((w) => w.address === this.active) ?? null;
  }

  get canSign(): boolean {
    return this.hasToken && this.activeWallet !== null;
  }

  async load(): Promise<void> {
    await this.run(async () => {
      const list = await this.api.list();
      this.wallets = list.wallets;
      this.active = list.active;
      this.faucet = list.faucet;
      this.exportConfirmation = list.exportConfirmation;
    });
    this.loaded = true;
  }

  /** Runs one change; its refusal becomes `problem` in the server's words. True when it went through. */
  async run(work: () => Promise<void>): Promise<boolean> {
    this.busy = true;
    this.problem = null;
    try {
      await work();
      return true;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the desk could not finish that; try again';
      return false;
    } finally {
      this.busy = false;
    }
  }

  create(label: string): Promise<boolean> {
    return this.run(async () => {
      const entry = await this.api.create(label);
      await this.reload();
      this.notice = `Wallet "${entry.label}" created; its key is in your OS keychain.`;
    });
  }

  import(label: string, secret: string): Promise<boolean> {
    return this.run(async () => {
      const entry = await this.api.import(label, secret);
      await this.reload();
      this.notice = `Wallet "${entry.label}" imported.`;
    });
  }

  activate(address: string): Promise<boolean> {
    return this.run(async () => {
      const list = await this.api.activate(address);
      this.active = list.active;
    });
  }

  rename(address: string, label: string): Promise<boolean> {
    return this.run(async () => {
      await this.api.rename(address, label);
      await this.reload();
    });
  }

  remove(address: string, confirmation: string): Promise<boolean> {
    return this.run(async () => {
      const list = await this.api.remove(address, confirmation);
      this.wallets = list.wallets;
      this.active = list.active;
      this.notice = 'Wallet removed; its key was deleted from the keychain.';
    });
  }

  export(address: string, confirmation: string): Promise<boolean> {
    return this.run(async () => {
      this.exported = await this.api.export(address, confirmation);
    });
  }

  faucetFor(address: string, asset: 'SOL' | 'ZEC' | 'native', amount: bigint, words: string): Promise<boolean> {
    return this.run(async () => {
      await this.api.faucet(address, asset, amount);
      this.notice = `${words} sent to the wallet by the sandbox faucet.`;
    });
  }

  private async reload(): Promise<void> {
    const list = await this.api.list();
    this.wallets = list.wallets;
    this.active = list.active;
    this.faucet = list.faucet;
  }
}
