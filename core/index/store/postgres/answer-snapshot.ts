import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';
import type { Pg, PgHandle } from '../../../storage/postgres/pg-connection.js';

/** The snapshot an answer's reads share: REPEATABLE READ sees one committed state of the index for its whole life. */
const BEGIN = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

/**
 * One snapshot of the hosted index per answer on an API replica, as the SQLite file's reads share one per turn
 * (read-snapshot.ts). The writer commits a batch at a time; without this, an answer whose reads straddle a commit
 * (a coin and its risk figures, a list page and its coins' contexts) could mix two batches.
 *
 * `run` gives an answer its snapshot: the answer's first read reserves a connection of the pool and opens a
 * read-only REPEATABLE READ transaction on it, every later read of the answer goes to that connection, and the
 * transaction ends once the answer is made (its COMMIT is not waited for: the reply does not depend on it). An
 * answer that reads nothing costs nothing. Reads outside any answer (the push stream, the runs) go to the pool.
 */
export class AnswerSnapshots {
  private readonly current = new AsyncLocalStorage<AnswerSnapshot>();

  constructor(private readonly pg: Pg) {}

  /** Runs `answer` with every index read it makes inside one snapshot. */
  async run<T>(answer: () => Promise<T>): Promise<T> {
    const snapshot = new AnswerSnapshot(this.pg);
    try {
      return await this.current.run(snapshot, answer);
    } finally {
      snapshot.close();
    }
  }

  /** Where a read goes: the running answer's snapshot, or the pool outside one. */
  handle(): PgHandle | Promise<PgHandle> {
    const snapshot = this.current.getStore();
    return snapshot === undefined ? this.pg : snapshot.connection();
  }
}

type Reserved = postgres.ReservedSql<{ bigint: bigint }>;

class AnswerSnapshot {
  private opened: Promise<Reserved> | null = null;
  private began: Promise<boolean> = Promise.resolve(false);
  private closed = false;

  constructor(private readonly pg: Pg) {}

  connection(): Promise<PgHandle> {
    // A read after the answer was made (a read the answer did not wait for) takes the pool: the snapshot is gone.
    if (this.closed) return Promise.resolve(this.pg);
    this.opened ??= this.pg.reserve().then((connection) => {
      const reserved = connection as Reserved;
      // Not waited for: the connection runs its statements in order, so the answer's first read goes out right
      // behind it, in the same round trip. A BEGIN that fails (the connection lost) fails the reads after it too.
      this.began = reserved.unsafe(BEGIN).then(() => true, () => false);
      return reserved;
    });
    return this.opened as Promise<PgHandle>;
  }

  close(): void {
    this.closed = true;
    const opened = this.opened;
    if (opened === null) return;
    // Queued behind any read still running on the connection; a COMMIT that fails (PostgreSQL gone) still frees it.
    void opened.then(
      async (reserved) => {
        if (await this.began) await reserved.unsafe('COMMIT').catch(() => undefined);
        reserved.release();
      },
      () => undefined,
    );
  }
}
