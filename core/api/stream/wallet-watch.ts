import type { Address } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import type { Unsubscribe } from '../../chain/types.js';
import { readWalletHoldings, type WalletHoldings } from '../../engine/wallet-holdings.js';

/**
 * A safety read while a wallet is followed: an account made for the wallet without naming it (an
 * `InitializeAccount3` with the wallet as owner in its data) is found by the next sweep at the latest.
 */
const SWEEP_MS = 15_000;

/**
 * Follows one wallet's holdings on chain: its own account and each of its token accounts (account
 * subscriptions), and every transaction that names the wallet (a new token account for it, a close). Any
 * of these reads the holdings again; what differs from the last reading goes to the listeners. Reads never
 * overlap: a change heard during a read makes one more read after it, so the last reading is never older
 * than the last change.
 */
export class WalletWatch {
  private holdings: WalletHoldings | null = null;
  private readonly listeners = new Set<(holdings: WalletHoldings) => void>();
  private readonly followed = new Map<Address, Unsubscribe>();
  private stopLogs: Unsubscribe | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private reading = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly chain: Chain,
    readonly wallet: Address,
    private readonly onReadFailure: (error: unknown) => void = () => {},
  ) {}

  /** The last reading; null until the first read has answered. */
  get current(): WalletHoldings | null {
    return this.holdings;
  }

  start(): void {
    this.follow(this.wallet);
    this.stopLogs = this.chain.onLogs({ mentions: this.wallet }, () => this.changed(), 'confirmed');
    this.sweep = setInterval(() => this.changed(), SWEEP_MS);
    this.sweep.unref();
    this.changed();
  }

  stop(): void {
    this.stopped = true;
    this.stopLogs?.();
    if (this.sweep) clearInterval(this.sweep);
    for (const unsubscribe of this.followed.values()) unsubscribe();
    this.followed.clear();
    this.listeners.clear();
  }

  /** Calls `listener` with each new reading (and with the current one at once, when there is one). */
  on(listener: (holdings: WalletHoldings) => void): () => void {
    this.listeners.add(listener);
    if (this.holdings) listener(this.holdings);
    return () => this.listeners.delete(listener);
  }

  private follow(address: Address): void {
    if (this.followed.has(address)) return;
    this.followed.set(address, this.chain.onAccount(address, () => this.changed(), 'confirmed'));
  }

  private changed(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    void this.read();
  }

  private async read(): Promise<void> {
    try {
      do {
        this.again = false;
        let next: WalletHoldings;
        try {
          next = await readWalletHoldings(this.chain, this.wallet);
        } catch (error) {
          this.onReadFailure(error); // the cluster away: the next change or sweep reads again
          return;
        }
        if (this.stopped) return;
        for (const t of next.tokens) this.follow(t.account);
        const kept = new Set([this.wallet, ...next.tokens.map((t) => t.account)]);
        for (const [address, unsubscribe] of this.followed) {
          if (!kept.has(address)) {
            unsubscribe();
            this.followed.delete(address);
          }
        }
        if (this.holdings === null || !sameHoldings(this.holdings, next)) {
          this.holdings = next;
          for (const listener of this.listeners) listener(next);
        }
      } while (this.again && !this.stopped);
    } finally {
      this.reading = false;
    }
  }
}

function sameHoldings(a: WalletHoldings, b: WalletHoldings): boolean {
  if (a.lamports !== b.lamports || a.tokens.length !== b.tokens.length) return false;
  return a.tokens.every((t, i) => {
    const u = b.tokens[i]!;
    return t.account === u.account && t.mint === u.mint && t.amount === u.amount;
  });
}

/** One watch per wallet, shared by every subscriber of it and stopped when the last one leaves. */
export class WalletWatches {
  private readonly watches = new Map<Address, { watch: WalletWatch; users: number }>();

  constructor(
    private readonly chain: Chain,
    private readonly onReadFailure?: (error: unknown) => void,
  ) {}

  get size(): number {
    return this.watches.size;
  }

  /** Follows `wallet` for `listener` until the answer is called. */
  acquire(wallet: Address, listener: (holdings: WalletHoldings) => void): () => void {
    let entry = this.watches.get(wallet);
    if (!entry) {
      entry = { watch: new WalletWatch(this.chain, wallet, this.onReadFailure), users: 0 };
      this.watches.set(wallet, entry);
      entry.watch.start();
    }
    entry.users++;
    const off = entry.watch.on(listener);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      off();
      const held = this.watches.get(wallet);
      if (held && --held.users === 0) {
        held.watch.stop();
        this.watches.delete(wallet);
      }
    };
  }

  close(): void {
    for (const { watch } of this.watches.values()) watch.stop();
    this.watches.clear();
  }
}
