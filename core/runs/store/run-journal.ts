import Database from 'better-sqlite3';
import type { Address, Signature } from '@solana/kit';

/**
 * What the service's runs did and will do, per coin and kind of run (runs.sqlite in the data dir): when
 * each is due, its last signature, and its last failure in plain words. It is a status board, never the
 * truth: what was split, paid or migrated is read from chain and index before every run, so a lost or
 * stale journal costs at most one run that finds nothing to do.
 */
export const RUN_KINDS = ['split', 'native', 'claim', 'holders', 'migrate'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/** waiting: due at `dueAt`; idle: nothing to do until the index says so; failed: retried at `dueAt`. */
export type RunState = 'waiting' | 'idle' | 'failed';

export interface RunJob {
  readonly mint: Address;
  readonly kind: RunKind;
  readonly state: RunState;
  /** Unix milliseconds; null when idle. */
  readonly dueAt: number | null;
  /** Failures in a row (the backoff's exponent); 0 after a success. */
  readonly failures: number;
  readonly lastError: string | null;
  /** What the last run that sent something did, in words, and its last signature. */
  readonly lastDone: string | null;
  readonly lastSignature: Signature | null;
  readonly lastRanAt: number | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  mint TEXT NOT NULL, kind TEXT NOT NULL, state TEXT NOT NULL, due_at INTEGER, failures INTEGER NOT NULL DEFAULT 0,
  last_error TEXT, last_done TEXT, last_signature TEXT, last_ran_at INTEGER, PRIMARY KEY (mint, kind)
);
CREATE INDEX IF NOT EXISTS jobs_due ON jobs (state, due_at);
-- A holder-reward run's snapshot, kept before the run is opened and dropped once it is closed.
CREATE TABLE IF NOT EXISTS run_snapshots (mint TEXT NOT NULL, run INTEGER NOT NULL, slot TEXT NOT NULL, holders TEXT NOT NULL, PRIMARY KEY (mint, run));
`;

export class RunJournal {
  private readonly statements;

  private constructor(private readonly db: Database.Database) {
    const s = (sql: string) => db.prepare(sql);
    this.statements = {
      // A job already waiting keeps its earlier time: more trades never push a due run further away.
      due: s(`INSERT INTO jobs (mint, kind, state, due_at) VALUES (@mint, @kind, 'waiting', @dueAt)
        ON CONFLICT (mint, kind) DO UPDATE SET due_at = CASE WHEN state = 'waiting' THEN MIN(due_at, @dueAt) WHEN state = 'failed' THEN due_at ELSE @dueAt END,
        state = CASE WHEN state = 'failed' THEN 'failed' ELSE 'waiting' END`),
      done: s(`UPDATE jobs SET state = @state, due_at = @dueAt, failures = 0, last_error = NULL,
        last_done = COALESCE(@lastDone, last_done), last_signature = COALESCE(@signature, last_signature), last_ran_at = @now WHERE mint = @mint AND kind = @kind`),
      failed: s(`UPDATE jobs SET state = 'failed', due_at = @dueAt, failures = failures + 1, last_error = @error, last_ran_at = @now WHERE mint = @mint AND kind = @kind`),
      next: s(`SELECT * FROM jobs WHERE state IN ('waiting', 'failed') AND due_at <= ? ORDER BY due_at, mint, kind LIMIT ?`),
      nextDue: s(`SELECT MIN(due_at) AS at FROM jobs WHERE state IN ('waiting', 'failed')`),
      job: s('SELECT * FROM jobs WHERE mint = ? AND kind = ?'),
      all: s('SELECT * FROM jobs ORDER BY mint, kind'),
      ofCoin: s('SELECT * FROM jobs WHERE mint = ? ORDER BY kind'),
      retryNow: s(`UPDATE jobs SET due_at = ? WHERE state = 'failed'`),
      keep: s('INSERT OR REPLACE INTO run_snapshots (mint, run, slot, holders) VALUES (?, ?, ?, ?)'),
      kept: s('SELECT slot, holders FROM run_snapshots WHERE mint = ? AND run = ?'),
      drop: s('DELETE FROM run_snapshots WHERE mint = ? AND run = ?'),
    };
  }

  static open(path: string): RunJournal {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.exec(SCHEMA);
    return new RunJournal(db);
  }

  /** Marks a run due at `dueAt` (an earlier due time wins; a failed job keeps its backoff). */
  markDue(mint: Address, kind: RunKind, dueAt: number): void {
    this.statements.due.run({ mint, kind, dueAt });
  }

  /** A run that did its work (or found none): idle, or waiting again at `nextAt` (holder runs' cadence). */
  done(mint: Address, kind: RunKind, outcome: { readonly lastDone?: string | null; readonly signature?: Signature | null; readonly nextAt?: number | null }, now = Date.now()): void {
    const nextAt = outcome.nextAt ?? null;
    this.statements.done.run({ mint, kind, state: nextAt === null ? 'idle' : 'waiting', dueAt: nextAt, lastDone: outcome.lastDone ?? null, signature: outcome.signature ?? null, now });
  }

  failed(mint: Address, kind: RunKind, error: string, retryAt: number, now = Date.now()): void {
    this.statements.failed.run({ mint, kind, error, dueAt: retryAt, now });
  }

  /** A restart is a fresh attempt: every failed job is due at `now` (its failure count and reason stay). */
  retryFailedAt(now: number): void {
    this.statements.retryNow.run(now);
  }

  /** The jobs due at `now`, most overdue first (at most `limit`). */
  dueJobs(now: number, limit: number): RunJob[] {
    return (this.statements.next.all(now, limit) as Record<string, unknown>[]).map(jobOf);
  }

  /** When the next job falls due (null: none waits). */
  nextDueAt(): number | null {
    return (this.statements.nextDue.get() as { at: number | null }).at;
  }

  job(mint: Address, kind: RunKind): RunJob | null {
    const row = this.statements.job.get(mint, kind) as Record<string, unknown> | undefined;
    return row ? jobOf(row) : null;
  }

  jobs(mint?: Address): RunJob[] {
    const rows = (mint === undefined ? this.statements.all.all() : this.statements.ofCoin.all(mint)) as Record<string, unknown>[];
    return rows.map(jobOf);
  }

  /** Keeps a run's snapshot (balances as decimal strings) before the run is opened on chain. */
  keepSnapshot(mint: Address, run: number, slot: bigint, holders: readonly { readonly wallet: Address; readonly balance: bigint }[]): void {
    this.statements.keep.run(mint, run, String(slot), JSON.stringify(holders.map((h) => [h.wallet, String(h.balance)])));
  }

  keptSnapshot(mint: Address, run: number): { readonly slot: bigint; readonly holders: readonly { readonly wallet: Address; readonly balance: bigint }[] } | null {
    const row = this.statements.kept.get(mint, run) as { slot: string; holders: string } | undefined;
    if (!row) return null;
    const holders = (JSON.parse(row.holders) as [Address, string][]).map(([wallet, balance]) => ({ wallet, balance: BigInt(balance) }));
    return { slot: BigInt(row.slot), holders };
  }

  dropSnapshot(mint: Address, run: number): void {
    this.statements.drop.run(mint, run);
  }

  close(): void {
    this.db.close();
  }
}

function jobOf(row: Record<string, unknown>): RunJob {
  return {
    mint: row['mint'] as Address,
    kind: row['kind'] as RunKind,
    state: row['state'] as RunState,
    dueAt: (row['due_at'] as number | null) ?? null,
    failures: row['failures'] as number,
    lastError: (row['last_error'] as string | null) ?? null,
    lastDone: (row['last_done'] as string | null) ?? null,
    lastSignature: (row['last_signature'] as Signature | null) ?? null,
    lastRanAt: (row['last_ran_at'] as number | null) ?? null,
  };
}
