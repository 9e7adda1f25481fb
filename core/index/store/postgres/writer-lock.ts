import { openPostgres, type Pg } from '../../../storage/postgres/pg-connection.js';

/** The advisory lock's key: one writer per hosted index (hashtext of a fixed name, the same in every process). */
const WRITER_LOCK = 'launchdesk_index_writer';

/**
 * The hosted index's one writer: a PostgreSQL session advisory lock held on a connection of its own. The
 * server releases it the moment that session ends, so a writer killed with -9 frees it at once and a standby
 * waiting on it takes over. The writer checks it still holds the lock inside every transaction it ships
 * (`fence`): a writer that lost its session (PostgreSQL restarted, a network cut) can never write beside the
 * one that took over.
 */
export class WriterLock {
  private constructor(
    /** A client of one session of its own (not the pool's: a pooled connection is recycled and its lock with it). */
    private readonly connection: Pg,
    /** The locking session's backend pid: the lock is ours while pg_locks shows it granted to this pid. */
    readonly pid: number,
  ) {}

  /** Tries once; null when another writer holds it. */
  static async tryAcquire(url: string): Promise<WriterLock | null> {
    const connection = openPostgres(url, { max: 1, session: true });
    try {
      const [row] = await connection.unsafe('SELECT pg_try_advisory_lock(hashtext($1)) AS got, pg_backend_pid() AS pid', [WRITER_LOCK]);
      if (row?.got) return new WriterLock(connection, Number(row.pid));
    } catch (error) {
      await connection.end({ timeout: 0 }).catch(() => {});
      throw error;
    }
    await connection.end({ timeout: 0 });
    return null;
  }

  /**
   * Inside a shipping transaction: throws unless this lock is still held (its session alive and granted).
   * The check and the writes commit together, so a lost lock never lets a write through.
   */
  static readonly FENCE = `SELECT 1 AS held FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = $1
    AND objid = (hashtext('${WRITER_LOCK}')::bigint & 4294967295) AND objsubid = 1`;

  /** Forgets a lock whose session is gone (nothing is sent on it: the server already let the lock go). */
  abandon(): void {
    void this.connection.end({ timeout: 0 }).catch(() => {});
  }

  /** Lets the lock go (a clean stop): a standby takes over at once. */
  async release(): Promise<void> {
    try {
      await this.connection.unsafe('SELECT pg_advisory_unlock_all()');
    } finally {
      await this.connection.end({ timeout: 1 });
    }
  }
}
