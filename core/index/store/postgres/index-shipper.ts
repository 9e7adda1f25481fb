import { PgStatements, type Pg } from '../../../storage/postgres/pg-connection.js';
import type { IndexStore } from '../index-store.js';
import { decodeWrites } from '../write-recorder.js';
import { INDEX_CHANNEL } from './pg-index-schema.js';
import { WriterLock } from './writer-lock.js';

/** Outbox entries sent in one PostgreSQL transaction, at most (a backfill's batches go together). */
const ENTRIES_PER_TRANSACTION = 32;
/**
 * Statements pipelined in one transaction, about at most: a round stops taking entries past it (it always takes
 * one), so a backfill of large batches holds a bounded number of statements in flight, not 32 batches' worth.
 */
const STATEMENTS_PER_TRANSACTION = 20_000;
/**
 * Batches the log keeps by default: the newest ones, for standbys to follow (a live writer ships about one a
 * second, so some hours). A standby further behind starts from a copy of the hosted tables (index-copy.ts).
 */
export const LOG_KEEP = 20_000;

/** Refuses a log that would keep no batch (a standby could then never follow a batch it did not copy). */
export function checkLogKeep(logKeep: number): void {
  if (!Number.isSafeInteger(logKeep) || logKeep < 1) throw new RangeError(`the log keeps at least one batch, not ${logKeep}`);
}

/**
 * Sends the writer's outbox (ship-outbox.ts) to the hosted index: each batch's statements, rewritten for
 * PostgreSQL once per text (sql-dialect.ts) and pipelined in one transaction with the batch's log row, the
 * writer lock's fence and a notice on `launchdesk_index`. A batch the hosted index already holds is skipped (a
 * restart after PostgreSQL committed but before the outbox forgot it); one that would leave a gap is refused.
 *
 * Shipping runs behind the SQLite commits, one round at a time; `drain` waits until the outbox is empty.
 */
export class IndexShipper {
  private running: Promise<void> | null = null;
  private again = false;
  private failure: unknown = null;
  private readonly unsubscribe: () => void;
  /** The batches' statements in PostgreSQL's spelling, each text rewritten once. */
  private readonly statements: PgStatements;

  /** The fence failed: the lock's session is gone (PostgreSQL restarted, the connection cut). */
  private lockLost = false;
  /** The log's batches up to this one are gone (pruned here, or never checked: 0). */
  private prunedTo = 0n;

  constructor(
    private readonly pg: Pg,
    private readonly store: IndexStore,
    private lock: WriterLock,
    /** Told of a round that failed (PostgreSQL away, the lock lost); the next kick tries again. */
    private readonly onError: (error: unknown) => void = () => {},
    /**
     * After the lock's session ended: the lock again, with this writer's file still continuing the hosted
     * index's log; throws when another writer took over meanwhile (this one must then stop).
     */
    private readonly regain: (lost: WriterLock) => Promise<WriterLock> = async () => {
      throw new Error('this writer lost the hosted index\'s writer lock');
    },
    /** How many of the newest batches `index_log` keeps (older ones are pruned as batches ship). */
    private readonly logKeep: number = LOG_KEEP,
  ) {
    checkLogKeep(logKeep);
    if (store.outbox === null) throw new Error('the index was not opened to be shipped (IndexStore.open with shipped: true)');
    this.statements = new PgStatements(pg);
    this.unsubscribe = store.onShippable(() => this.kick());
  }

  /** While paused (a fresh hosted index waiting for its bulk load, index-load.ts), kicks start no round. */
  private paused = false;

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  /** Starts a round unless one runs (then one more follows it). */
  kick(): void {
    if (this.paused) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.rounds().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once every batch committed so far is in the hosted index; rejects with the last round's error. */
  async drain(): Promise<void> {
    if (this.paused) throw new Error('the shipper is paused (a bulk load of the hosted index is under way)');
    for (;;) {
      if (this.running) await this.running;
      if (this.store.outbox!.pendingCount() === 0) return;
      this.failure = null;
      this.kick();
      await this.running;
      if (this.failure !== null) throw this.failure;
    }
  }

  stop(): void {
    this.unsubscribe();
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      try {
        while (await this.round()) {
          // until the outbox is empty
        }
      } catch (error) {
        this.failure = error;
        this.onError(error);
        return;
      }
    } while (this.again);
  }

  /** Ships up to ENTRIES_PER_TRANSACTION entries; answers whether it shipped any. */
  private async round(): Promise<boolean> {
    const outbox = this.store.outbox!;
    const entries = outbox.pending(ENTRIES_PER_TRANSACTION);
    if (entries.length === 0) return false;
    if (this.lockLost) {
      this.lock = await this.regain(this.lock);
      this.lockLost = false;
    }
    let pruned = 0n;
    const last = await this.pg.begin(async (tx) => {
      const [fence] = await tx.unsafe(WriterLock.FENCE, [this.lock.pid]);
      if (!fence) {
        this.lockLost = true;
        throw new Error('this writer no longer holds the hosted index\'s writer lock (its session ended); it takes it again if no other writer did');
      }
      const [held] = await tx.unsafe('SELECT COALESCE(MAX(batch), 0) AS batch FROM index_log');
      let at = held!.batch as bigint;
      const work: Promise<unknown>[] = [];
      let position = 0n;
      for (const entry of entries) {
        if (entry.batch <= at) continue; // in already
        if (entry.batch !== at + 1n) throw new Error(`the hosted index holds batches up to ${at}, and this writer's next is ${entry.batch}: a gap, so this writer's file is not the hosted index's`);
        for (const [sql, args] of decodeWrites(entry.writes)) work.push(this.statements.runOn(tx, sql, args));
        work.push(tx.unsafe('INSERT INTO index_log (batch, position, writes) VALUES ($1, $2, $3)', [entry.batch, entry.position, entry.writes] as never[]));
        at = entry.batch;
        position = entry.position;
        if (work.length >= STATEMENTS_PER_TRANSACTION) break;
      }
      // The log's oldest batches go in the same transaction, a tenth of what it keeps at a time.
      const keepFrom = at - BigInt(this.logKeep);
      if (keepFrom > 0n && keepFrom - this.prunedTo >= BigInt(Math.max(1, Math.floor(this.logKeep / 10)))) {
        work.push(tx.unsafe('DELETE FROM index_log WHERE batch <= $1', [keepFrom] as never[]));
        pruned = keepFrom;
      }
      // Pipelined: sent together, answered in order; the first error aborts the transaction.
      await Promise.all(work);
      if (work.length > 0) await tx.unsafe('SELECT pg_notify($1, $2)', [INDEX_CHANNEL, `${at}:${position}`]);
      return at;
    });
    outbox.done(last as bigint);
    if (pruned > this.prunedTo) this.prunedTo = pruned;
    return true;
  }
}
