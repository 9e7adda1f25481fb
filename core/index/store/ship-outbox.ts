import type Database from 'better-sqlite3';
import { TABLES } from './schema.js';
import { decodeWrites, encodeWrites, type RecordedWrite } from './write-recorder.js';

/** This file's last batch (meta's `ship_batch`). */
export const LAST_BATCH_SQL = "SELECT value FROM meta WHERE key = 'ship_batch'";
/** The meta rows of the index itself: not this file's schema version or last batch, which never go between stores. */
export const INDEX_META = "key NOT IN ('schema', 'ship_batch')";

/**
 * The writer's outbox, when its index is shipped to the hosted store (PostgreSQL): each write unit's recorded
 * statements, numbered (a batch), written in the same SQLite transaction as the rows they made. So a crash
 * keeps the rows and their outbox entry together, and the shipper (postgres/index-shipper.ts) sends what is
 * left when it starts again; an entry goes once the hosted store has confirmed it.
 *
 * `ship_batch` in meta is the last batch this file holds, made here or replayed from the hosted store's log
 * (a standby following the writer). It is this file's own bookkeeping and never shipped.
 */
export class ShipOutbox {
  private readonly statements;
  private readonly prepared = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    this.statements = {
      append: db.prepare('INSERT INTO ship_outbox (batch, position, writes) VALUES (?, ?, ?)'),
      pending: db.prepare('SELECT batch, position, writes FROM ship_outbox ORDER BY batch LIMIT ?').safeIntegers(true),
      pendingCount: db.prepare('SELECT COUNT(*) AS n FROM ship_outbox').safeIntegers(true),
      done: db.prepare('DELETE FROM ship_outbox WHERE batch <= ?'),
      lastBatch: db.prepare(LAST_BATCH_SQL),
      setBatch: db.prepare("INSERT INTO meta (key, value) VALUES ('ship_batch', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
    };
  }

  /** The outbox's table, on an index opened to be shipped. */
  static create(db: Database.Database): void {
    db.exec('CREATE TABLE IF NOT EXISTS ship_outbox (batch INTEGER PRIMARY KEY, position INTEGER NOT NULL, writes TEXT NOT NULL)');
  }

  /** The last batch this file holds (0: none). */
  lastBatch(): bigint {
    const row = this.statements.lastBatch.get() as { value: string } | undefined;
    return row ? BigInt(row.value) : 0n;
  }

  /** Keeps a write unit's statements as the next batch (inside the unit's transaction); answers its number. */
  append(writes: readonly RecordedWrite[], position: bigint): bigint {
    const batch = this.lastBatch() + 1n;
    this.statements.append.run(batch, position, encodeWrites(writes));
    this.statements.setBatch.run(String(batch));
    return batch;
  }

  /** The oldest entries not yet confirmed, at most `limit`. */
  pending(limit: number): { readonly batch: bigint; readonly position: bigint; readonly writes: string }[] {
    return this.statements.pending.all(limit) as { batch: bigint; position: bigint; writes: string }[];
  }

  pendingCount(): number {
    return Number((this.statements.pendingCount.get() as { n: bigint }).n);
  }

  /** The hosted store holds every batch up to `batch`: their entries go. */
  done(batch: bigint): void {
    this.statements.done.run(batch);
  }

  /** Runs another writer's batch here (a standby's replay; the caller holds the transaction). */
  runWrites(writes: readonly RecordedWrite[] | string): void {
    for (const [sql, args] of typeof writes === 'string' ? decodeWrites(writes) : writes) {
      let statement = this.prepared.get(sql);
      if (statement === undefined) {
        statement = this.db.prepare(sql);
        this.prepared.set(sql, statement);
      }
      statement.run(...args);
    }
  }

  /**
   * Replaces every row of the index with another store's, as of its `batch` (a standby whose file the hosted
   * log no longer reaches, index-copy.ts): one SQLite transaction, held across the awaits of `source`, which
   * puts the rows chunk by chunk. The schema's version and this file's own bookkeeping stay; nothing waits to be
   * shipped after it. On any failure the file is as it was.
   */
  async restore(batch: bigint, source: (put: (table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]) => void) => Promise<void>): Promise<void> {
    const db = this.db;
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const table of TABLES) db.exec(table === 'meta' ? `DELETE FROM meta WHERE ${INDEX_META}` : `DELETE FROM ${table}`);
      db.exec('DELETE FROM ship_outbox');
      const inserts = new Map<string, Database.Statement>();
      await source((table, columns, rows) => {
        const key = `${table}(${columns.join(',')})`;
        let insert = inserts.get(key);
        if (insert === undefined) {
          insert = db.prepare(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
          inserts.set(key, insert);
        }
        for (const row of rows) insert.run(...row);
      });
      this.statements.setBatch.run(String(batch));
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Counts a replayed batch as held here. */
  markReplayed(batch: bigint): void {
    this.statements.setBatch.run(String(batch));
  }
}
