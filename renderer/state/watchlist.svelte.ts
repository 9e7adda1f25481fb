import { isApiError } from '../api/api-error.js';
import type { WatchApi, WatchJson } from '../api/watch-api.js';

/**
 * The person's watchlist as the server keeps it: starred coins, followed wallets (a deployer, a trader) and
 * whether an alert plays a tone. Read once the desk token is there; each toggle answers the whole watch.
 */
export class WatchlistState {
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole on each answer, never mutated
  starred = $state<ReadonlySet<string>>(new Set());
  wallets = $state<WatchJson['wallets']>([]);
  sound = $state(false);
  loaded = $state(false);
  problem = $state<string | null>(null);

  constructor(readonly api: WatchApi) {}

  async load(): Promise<void> {
    if (!this.api.ready) return;
    await this.apply(() => this.api.watch());
  }

  isStarred(mint: string): boolean {
    return this.starred.has(mint);
  }
  isFollowed(wallet: string): boolean {
    return this.wallets.some((w) => w.wallet === wallet);
  }

  toggleStar(mint: string): Promise<void> {
    return this.apply(() => this.api.star(mint, !this.starred.has(mint)));
  }
  toggleFollow(wallet: string, label: string): Promise<void> {
    return this.apply(() => this.api.follow(wallet, !this.isFollowed(wallet), label));
  }
  setSound(on: boolean): Promise<void> {
    return this.apply(() => this.api.setSound(on));
  }

  private async apply(change: () => Promise<WatchJson>): Promise<void> {
    try {
      const watch = await change();
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never mutated
      this.starred = new Set(watch.coins.map((c) => c.mint));
      this.wallets = watch.wallets;
      this.sound = watch.sound;
      this.loaded = true;
      this.problem = null;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the watchlist could not be read';
    }
  }
}
