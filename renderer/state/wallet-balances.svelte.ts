import { positionOf, type Position, type TradedHolding } from '../../core/math/position.js';
import { base58Decode } from '../../core/programs/address-text.js';
import type { LiveFeed, WalletBalancesFrame } from './live-feed.svelte.js';

export type WalletBalancesJson = WalletBalancesFrame;

/**
 * Balances of the wallets the desk follows, as the chain holds them, kept live by the stream's
 * `wallet:<address>` topics: each frame is the wallet's whole state and replaces the last one. The
 * person's keychain wallets are followed all the time (the top bar, Wallets, the ticket); a page may
 * follow another wallet while it shows it (Portfolio of a watched address).
 */
export class WalletBalances {
  /** wallet -> its newest balances; absent until the first frame for it arrived. */
  byWallet = $state<Record<string, WalletBalancesJson>>({});
  private stopKeychain: (() => void) | null = null;
  private keychain = '';

  constructor(private readonly feed: LiveFeed) {
    feed.onBalances((balances) => (this.byWallet[balances.wallet] = balances));
  }

  /** Follows exactly these keychain wallets (the list changed: created, imported, removed). */
  followKeychain(wallets: readonly string[]): void {
    const key = [...wallets].sort().join(' ');
    if (key === this.keychain) return;
    this.keychain = key;
    const stop = this.stopKeychain;
    this.stopKeychain = wallets.length > 0 ? this.feed.want(wallets.map((w) => `wallet:${w}`)) : null;
    stop?.();
  }

  /**
   * Follows `wallet` until the answer is called. Text that is not an address (a wallet being typed) is not
   * asked for: the server refuses a subscription with a topic it cannot read, and with it every other topic.
   */
  follow(wallet: string): () => void {
    const address = wallet.trim();
    if (address.length < 32 || address.length > 44 || base58Decode(address)?.length !== 32) return () => {};
    return this.feed.want([`wallet:${address}`]);
  }

  of(wallet: string | null | undefined): WalletBalancesJson | null {
    return wallet ? (this.byWallet[wallet.trim()] ?? null) : null;
  }

  /** Raw units of `mint` the wallet holds on chain; null until its balances arrived. */
  coinAmount(wallet: string | null | undefined, mint: string): bigint | null {
    const balances = this.of(wallet);
    if (!balances) return null;
    return BigInt(balances.coins.find((c) => c.mint === mint)?.amount ?? '0');
  }

  /** The wallet's position in `mint`: the chain's amount and value beside what its trades cost (null: balances not read yet). */
  position(wallet: string | null | undefined, mint: string, traded: TradedHolding | null): Position | null {
    const balances = this.of(wallet);
    if (!balances) return null;
    const held = balances.coins.find((c) => c.mint === mint);
    return positionOf(held ? { amount: BigInt(held.amount), valueZat: held.valueZec === null ? null : BigInt(held.valueZec) } : null, traded);
  }
}
