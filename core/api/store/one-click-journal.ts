import Database from 'better-sqlite3';
import type { Address } from '@solana/kit';

/** Signed: sent and answered with signatures. Refused: the policy or the review stopped it, nothing was signed. Failed: signed, but the send failed. */
export type JournalVerdict = 'signed' | 'refused' | 'failed';

/** One quick trade asked for without review, and what became of it. */
export interface JournalEntry {
  readonly id: number;
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly wallet: Address;
  readonly mint: Address;
  readonly side: 'buy' | 'sell';
  readonly pair: string;
  readonly venue: string;
  /** A buy's spend (null on a sale). */
  readonly spendAsset: 'ZEC' | 'SOL' | null;
  readonly spend: bigint | null;
  readonly slippageBps: number | null;
  readonly priorityLamports: bigint | null;
  readonly verdict: JournalVerdict;
  /** Why it was refused or failed, each bound or check in words; empty when signed. */
  readonly reasons: readonly string[];
  readonly buildId: string;
  readonly signatures: readonly string[];
}

export type JournalInput = Omit<JournalEntry, 'id'>;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS quick_trades (
  id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, wallet TEXT NOT NULL, mint TEXT NOT NULL, side TEXT NOT NULL,
  pair TEXT NOT NULL, venue TEXT NOT NULL, spend_asset TEXT, spend TEXT, slippage_bps INTEGER, priority_lamports TEXT,
  verdict TEXT NOT NULL, reasons TEXT NOT NULL, build_id TEXT NOT NULL, signatures TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS quick_trades_wallet ON quick_trades (wallet, at);
`;

interface Row {
  id: number;
  at: number;
  wallet: string;
  mint: string;
  side: string;
  pair: string;
  venue: string;
  spend_asset: string | null;
  spend: string | null;
  slippage_bps: number | null;
  priority_lamports: string | null;
  verdict: string;
  reasons: string;
  build_id: string;
  signatures: string;
}

const entryOf = (r: Row): JournalEntry => ({
  id: r.id,
  at: r.at,
  wallet: r.wallet as Address,
  mint: r.mint as Address,
  side: r.side as 'buy' | 'sell',
  pair: r.pair,
  venue: r.venue,
  spendAsset: r.spend_asset as 'ZEC' | 'SOL' | null,
  spend: r.spend === null ? null : BigInt(r.spend),
  slippageBps: r.slippage_bps,
  priorityLamports: r.priority_lamports === null ? null : BigInt(r.priority_lamports),
  verdict: r.verdict as JournalVerdict,
  reasons: JSON.parse(r.reasons) as string[],
  buildId: r.build_id,
  signatures: JSON.parse(r.signatures) as string[],
});

/**
 * The one-click journal (`one-click.sqlite` in the data dir): every trade asked for without a review, with
 * its verdict. A trade is written as `signed` before it is sent (so a crash mid-send never lets the daily
 * cap forget it), then corrected to `failed` if the send fails. The daily cap counts `signed` rows only: a
 * failed send moved nothing but, at most, its fee.
 */
export class OneClickJournal {
  private readonly statements;

  private constructor(private readonly db: Database.Database) {
    db.pragma('journal_mode = WAL');
    db.exec(SCHEMA);
    this.statements = {
      insert: db.prepare(
        'INSERT INTO quick_trades (at, wallet, mint, side, pair, venue, spend_asset, spend, slippage_bps, priority_lamports, verdict, reasons, build_id, signatures) VALUES (@at, @wallet, @mint, @side, @pair, @venue, @spendAsset, @spend, @slippageBps, @priorityLamports, @verdict, @reasons, @buildId, @signatures)',
      ),
      settle: db.prepare('UPDATE quick_trades SET verdict = @verdict, reasons = @reasons, signatures = @signatures WHERE id = @id'),
      spent: db.prepare("SELECT spend FROM quick_trades WHERE wallet = ? AND spend_asset = ? AND verdict = 'signed' AND at > ?"),
      list: db.prepare('SELECT * FROM quick_trades WHERE wallet = ? AND id < ? ORDER BY id DESC LIMIT ?'),
    };
  }

  static open(path: string): OneClickJournal {
    return new OneClickJournal(new Database(path));
  }

  write(entry: JournalInput): number {
    const result = this.statements.insert.run({
      ...entry,
      spend: entry.spend === null ? null : String(entry.spend),
      priorityLamports: entry.priorityLamports === null ? null : String(entry.priorityLamports),
      reasons: JSON.stringify(entry.reasons),
      signatures: JSON.stringify(entry.signatures),
    });
    return Number(result.lastInsertRowid);
  }

  /** What became of a trade written as signed before its send. */
  settle(id: number, verdict: JournalVerdict, reasons: readonly string[], signatures: readonly string[]): void {
    this.statements.settle.run({ id, verdict, reasons: JSON.stringify(reasons), signatures: JSON.stringify(signatures) });
  }

  /** What one-click buys of `wallet` spent in `asset` after `since` (ms), summed exactly. */
  spentSince(wallet: Address, asset: 'ZEC' | 'SOL', since: number): bigint {
    return (this.statements.spent.all(wallet, asset, since) as { spend: string }[]).reduce((sum, r) => sum + BigInt(r.spend), 0n);
  }

  /** The wallet's entries, newest first, before `before` (an id; paging). */
  entries(wallet: Address, limit: number, before = Number.MAX_SAFE_INTEGER): JournalEntry[] {
    return (this.statements.list.all(wallet, before, limit) as Row[]).map(entryOf);
  }

  close(): void {
    this.db.close();
  }
}
