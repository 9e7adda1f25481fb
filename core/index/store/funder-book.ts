import type Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import type { Funding } from '../funding.js';

/** A bundle wallet found once its funder was known: its coin and address. */
export interface FundedBundleWallet {
  readonly mint: Address;
  readonly wallet: Address;
}

/**
 * The launch buys whose funders tell bundles apart (core/types/risk-figures.ts LAUNCH_SLOTS): each planted
 * coin's first buys in its launch window, after the creation slot (the slot of early_buys), the wallets whose
 * funders are still to be looked up (funder_queue), and the funders found (funders, one per wallet: a wallet
 * is funded once; `common` when the source was one that funds strangers as it was recorded). The lookup itself reads the chain (core/index/ingest/funder-lookup.ts); this book only keeps
 * what it needs and what it found, in the index's file, so a crash or a restart loses no lookup owed.
 */
export class FunderBook {
  private readonly st;

  constructor(db: Database.Database) {
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.st = {
      earlyBuy: s('INSERT OR IGNORE INTO early_buys (mint, slot, wallet) VALUES (?, ?, ?)'),
      // Wanted only while unknown: a wallet seen at several launches is looked up once.
      want: s('INSERT OR IGNORE INTO funder_queue (wallet) SELECT @wallet WHERE NOT EXISTS (SELECT 1 FROM funders WHERE wallet = @wallet)'),
      wanted: s('SELECT wallet FROM funder_queue ORDER BY wallet LIMIT ?'),
      wantedCount: s('SELECT COUNT(*) AS n FROM funder_queue'),
      put: s(`INSERT INTO funders (wallet, funder, signature, slot, common) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (wallet) DO UPDATE SET funder = excluded.funder, signature = excluded.signature, slot = excluded.slot, common = excluded.common`),
      unwant: s('DELETE FROM funder_queue WHERE wallet = ?'),
      launchesOf: s('SELECT mint, slot FROM early_buys WHERE wallet = ?'),
      sameSource: s('SELECT e.wallet FROM early_buys e JOIN funders f ON f.wallet = e.wallet WHERE e.mint = ? AND e.slot = ? AND f.funder = ? ORDER BY e.wallet'),
      funderOf: s('SELECT funder, signature, slot FROM funders WHERE wallet = ?'),
      grouping: s('SELECT funder, common FROM funders WHERE wallet = ?'),
    };
  }

  /**
   * A wallet's first buy of a planted coin in its launch window, after the creation slot. Its funder is wanted
   * when not known yet; when it is (a wallet seen at an earlier launch), the answer is the slot's wallets with
   * the same funder, itself included, when they are two or more: a bundle found as the buy lands.
   */
  earlyBuy(mint: Address, wallet: Address, slot: bigint): Address[] {
    this.st.earlyBuy.run(mint, slot, wallet);
    const known = this.st.grouping.get(wallet) as { funder: Address | null; common: bigint } | undefined;
    if (known === undefined) {
      this.st.want.run({ wallet });
      return [];
    }
    if (known.funder === null || known.common === 1n) return [];
    const wallets = this.sameSource(mint, slot, known.funder);
    return wallets.length >= 2 ? wallets : [];
  }

  /** Wallets whose funder is still to be looked up, at most `limit`, in address order. */
  wanted(limit: number): Address[] {
    return (this.st.wanted.all(limit) as { wallet: Address }[]).map((row) => row.wallet);
  }

  wantedCount(): number {
    return Number((this.st.wantedCount.get() as { n: bigint }).n);
  }

  /** A wallet's funder as recorded; undefined while not looked up. */
  funderOf(wallet: Address): Funding | undefined {
    const row = this.st.funderOf.get(wallet) as { funder: Address | null; signature: Funding['signature']; slot: bigint | null } | undefined;
    return row && { wallet, ...row };
  }

  /**
   * Keeps what the lookups found and answers the wallets that now make a bundle: at a launch of one of the
   * funded wallets, every early buyer of that slot with the same funder, when there are two or more of them.
   * A common source (a faucet, an exchange) funds strangers: it is kept, and groups no one.
   */
  record(found: readonly Funding[], common: ReadonlySet<Address>): FundedBundleWallet[] {
    const bundles = new Map<string, FundedBundleWallet>();
    for (const f of found) {
      this.st.put.run(f.wallet, f.funder, f.signature, f.slot, f.funder !== null && common.has(f.funder) ? 1 : 0);
      this.st.unwant.run(f.wallet);
    }
    for (const f of found) {
      if (f.funder === null || common.has(f.funder)) continue;
      for (const launch of this.st.launchesOf.all(f.wallet) as { mint: Address; slot: bigint }[]) {
        const wallets = this.sameSource(launch.mint, launch.slot, f.funder);
        if (wallets.length < 2) continue;
        for (const wallet of wallets) bundles.set(`${launch.mint} ${wallet}`, { mint: launch.mint, wallet });
      }
    }
    return [...bundles.values()];
  }

  private sameSource(mint: Address, slot: bigint, funder: Address): Address[] {
    return (this.st.sameSource.all(mint, slot, funder) as { wallet: Address }[]).map((row) => row.wallet);
  }
}
