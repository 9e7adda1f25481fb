import type { Address } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import { findBondingCurve } from '../../programs/launchpad/pdas.js';
import { holdersOnChain } from '../chain-holders.js';
import type { ChainHoldersRead, IndexStore } from '../store/index-store.js';

/** How often a round runs and how many coins it reads (one getProgramAccounts each). */
export interface ReconcileOptions {
  readonly everyMs: number;
  readonly perRound: number;
}

/**
 * Over an RPC cluster: a round every 30 s of 16 coins is 32 calls a minute, well inside a public endpoint's
 * limits, and a coin traded right now is corrected within the next round.
 */
export const RECONCILE_DEFAULTS: ReconcileOptions = { everyMs: 30_000, perRound: 16 };

/** How many coins' reconcile times are remembered before the memory starts over (every coin is then due once more). */
const MAX_REMEMBERED = 100_000;

/**
 * A coin's holders from its token accounts, for a cluster where the index does not see every transaction.
 * Over an RPC cluster the ingestor follows the launchpad's, the AMM's and the vault's transactions, not every
 * Token-2022 transaction of the cluster: a plain transfer, a burn or a closed account of a coin reaches the
 * index from the mint's token accounts instead (IndexStore.reconcileHolders keeps the difference as moves).
 *
 * Each round picks a few coins: first those traded since their last reconcile, the most recent first (where
 * coins move); then the next ones of a walk over every planted coin in mint order, so that a coin nobody
 * trades is corrected too, a few per round. The memory of what was reconciled is in-process: after a restart
 * every coin is due once more, the recent ones first.
 */
export class HolderReconcile {
  /** A coin's last trade time when it was last reconciled. */
  private readonly done = new Map<Address, bigint | null>();
  private cursor = '';

  constructor(
    private readonly chain: Chain,
    private readonly store: IndexStore,
    private readonly launchpad: Address,
    private readonly perRound: number,
  ) {}

  /** The coins of the next round. */
  async due(): Promise<Address[]> {
    const picked: Address[] = [];
    for (const coin of await this.store.recentlyTradedCoins(this.perRound * 4)) {
      if (picked.length === this.perRound) return picked;
      if (!this.done.has(coin.mint) || this.done.get(coin.mint) !== coin.at) picked.push(coin.mint);
    }
    let rest = this.perRound - picked.length;
    while (rest > 0) {
      const next = await this.store.plantedCoinsAfter(this.cursor, rest);
      if (next.length === 0) {
        if (this.cursor === '') break; // no coins at all
        this.cursor = ''; // the walk starts over
        continue;
      }
      this.cursor = next[next.length - 1]!.mint;
      for (const coin of next) if (!picked.includes(coin.mint)) picked.push(coin.mint);
      rest -= next.length;
      if (next.length < this.perRound) break; // one pass over a short list per round
    }
    return picked;
  }

  /** Each coin's holders as the chain has them now (its curve's and pool's accounts set apart). */
  async read(mints: readonly Address[]): Promise<Map<Address, ChainHoldersRead>> {
    const reads = new Map<Address, ChainHoldersRead>();
    for (const mint of mints) {
      const pool = (await this.store.coin(mint))?.pool ?? null;
      const venues = [await findBondingCurve(this.launchpad, mint), ...(pool ? [pool] : [])];
      const read = await holdersOnChain(this.chain, mint, venues);
      reads.set(mint, { ...read, at: BigInt(Math.floor(Date.now() / 1000)) });
    }
    return reads;
  }

  /**
   * Applies reads to the index, which the caller has made current up to their slots first (a backfill after
   * the reads). Answers how many coins' holders changed; a coin whose read is older than the index's last
   * change of its holders is left for the next round.
   */
  async apply(reads: ReadonlyMap<Address, ChainHoldersRead>): Promise<number> {
    if (this.done.size > MAX_REMEMBERED) this.done.clear();
    let changed = 0;
    for (const [mint, read] of reads) {
      const result = this.store.reconcileHolders(mint, read);
      if (result === null) continue;
      if (result.moved > 0 || result.burned > 0n) changed += 1;
      this.done.set(mint, (await this.store.coin(mint))?.lastTradeAt ?? null);
    }
    return changed;
  }
}
