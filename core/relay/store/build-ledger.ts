import Database from 'better-sqlite3';
import type { Address, Signature } from '@solana/kit';
import type { Build, BuildKind } from '../../engine/build.js';

/**
 * The relay's build ledger (SQLite): every build answered, its transactions exactly as built, and
 * whether it was sent. "A build is sent once" is a row's state moving from `built` to `sending` in one
 * UPDATE, so two sends of the same build can never both pass, even in a race or after a restart.
 */
export interface LedgerTransaction {
  readonly wire: Uint8Array;
  readonly signers: readonly Address[];
  readonly lookupTables: readonly Address[];
  readonly lastValidBlockHeight: bigint;
}

export interface LedgerBuild {
  readonly id: string;
  readonly kind: BuildKind;
  readonly wallet: Address;
  readonly mint: Address | null;
  readonly transactions: readonly LedgerTransaction[];
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly state: 'built' | 'sending' | 'sent' | 'failed';
  readonly signatures: readonly Signature[];
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS builds (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, wallet TEXT NOT NULL, mint TEXT, transactions TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, state TEXT NOT NULL DEFAULT 'built',
  signatures TEXT NOT NULL DEFAULT '[]', sent_at INTEGER, outcome TEXT
);
CREATE INDEX IF NOT EXISTS builds_created ON builds (created_at);
-- Each signature the relay sent, with its build: GET /v1/tx/{signature} knows what it sent before the chain shows it.
CREATE TABLE IF NOT EXISTS sent (signature TEXT PRIMARY KEY, build_id TEXT NOT NULL);
`;

/** What the relay knows of a signature it sent: the build's kind and coin, and how the send ended. */
export interface SentTransaction {
  readonly buildId: string;
  readonly kind: BuildKind;
  readonly mint: Address | null;
  /** `sending`: not confirmed yet; `failed`: it failed, or did not land while its blockhash lived. */
  readonly state: LedgerBuild['state'];
  /** Why it failed, in the relay's words. */
  readonly outcome: string | null;
}

/** Builds older than this are forgotten (their blockhashes died long before). */
const KEEP_MS = 7 * 24 * 3600 * 1000;

interface Row {
  id: string;
  kind: string;
  wallet: string;
  mint: string | null;
  transactions: string;
  created_at: number;
  expires_at: number;
  state: string;
  signatures: string;
}

export class BuildLedger {
  private constructor(private readonly db: Database.Database) {}

  static open(path: string): BuildLedger {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA);
    return new BuildLedger(db);
  }

  record(build: Build): void {
    const transactions = build.transactions.map((tx) => ({
      wire: Buffer.from(tx.wire).toString('base64'),
      signers: tx.signers,
      lookupTables: tx.lookupTables,
      lastValidBlockHeight: tx.lastValidBlockHeight.toString(),
    }));
    this.db
      .prepare('INSERT INTO builds (id, kind, wallet, mint, transactions, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(build.id, build.kind, build.wallet, build.mint, JSON.stringify(transactions), build.createdAt, build.expiresAt);
    this.db.prepare('DELETE FROM sent WHERE build_id IN (SELECT id FROM builds WHERE created_at < ?)').run(build.createdAt - KEEP_MS);
    this.db.prepare('DELETE FROM builds WHERE created_at < ?').run(build.createdAt - KEEP_MS);
  }

  get(id: string): LedgerBuild | null {
    const row = this.db.prepare('SELECT * FROM builds WHERE id = ?').get(id) as Row | undefined;
    if (!row) return null;
    const transactions = (JSON.parse(row.transactions) as { wire: string; signers: Address[]; lookupTables: Address[]; lastValidBlockHeight: string }[]).map((tx) => ({
      wire: new Uint8Array(Buffer.from(tx.wire, 'base64')),
      signers: tx.signers,
      lookupTables: tx.lookupTables,
      lastValidBlockHeight: BigInt(tx.lastValidBlockHeight),
    }));
    return {
      id: row.id,
      kind: row.kind as BuildKind,
      wallet: row.wallet as Address,
      mint: row.mint as Address | null,
      transactions,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      state: row.state as LedgerBuild['state'],
      signatures: JSON.parse(row.signatures) as Signature[],
    };
  }

  /** Claims the build for sending: true once, for the first caller; false if it was claimed before. */
  claim(id: string, now: number): boolean {
    return this.db.prepare("UPDATE builds SET state = 'sending', sent_at = ? WHERE id = ? AND state = 'built'").run(now, id).changes === 1;
  }

  /** Gives a claimed build back when nothing of it left the relay (the chain refused its first transaction). */
  release(id: string): void {
    this.db.prepare("UPDATE builds SET state = 'built', sent_at = NULL WHERE id = ? AND state = 'sending' AND signatures = '[]'").run(id);
  }

  /** Records the signatures sent so far and, when done, the outcome. */
  progress(id: string, signatures: readonly Signature[], outcome: 'sent' | 'failed' | null, detail: string | null = null): void {
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE builds SET signatures = ?, state = COALESCE(?, state), outcome = COALESCE(?, outcome) WHERE id = ?')
        .run(JSON.stringify(signatures), outcome, detail, id);
      const sent = this.db.prepare('INSERT OR IGNORE INTO sent (signature, build_id) VALUES (?, ?)');
      for (const signature of signatures) sent.run(signature, id);
    })();
  }

  /** The build a signature was sent for, if the relay sent it (within the week builds are kept). */
  sentTransaction(signature: Signature): SentTransaction | null {
    const row = this.db
      .prepare('SELECT b.id, b.kind, b.mint, b.state, b.outcome FROM sent s JOIN builds b ON b.id = s.build_id WHERE s.signature = ?')
      .get(signature) as { id: string; kind: string; mint: string | null; state: string; outcome: string | null } | undefined;
    if (!row) return null;
    return { buildId: row.id, kind: row.kind as BuildKind, mint: row.mint as Address | null, state: row.state as LedgerBuild['state'], outcome: row.outcome };
  }

  /** How many builds the ledger holds (the desk's status line; tests check a refused request recorded none). */
  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM builds').get() as { n: number }).n;
  }

  close(): void {
    this.db.close();
  }
}
