import { openPostgres, PgStatements, type Pg } from '../../../storage/postgres/pg-connection.js';
import type { IndexReads } from '../index-reads.js';
import { PortIndexReads } from '../port-index-reads.js';
import { SCHEMA_VERSION } from '../schema.js';
import { AnswerSnapshots } from './answer-snapshot.js';
import { pgReadPort } from './pg-read-port.js';
import { INDEX_CHANNEL, lastShipped, pgIndexVersion } from './pg-index-schema.js';

/**
 * The index as a hosted API replica reads it: the tables the writer ships to PostgreSQL (hosted-index.ts), read
 * by the same read classes as the SQLite file's (PortIndexReads on pg-read-port.ts). The writer's NOTIFY at each
 * batch's commit (`batch:position` on `launchdesk_index`) is the push stream's cue (`onApplied`) and moves the
 * answer caches' mark (`queries.version()`: the last batch seen). A lost connection to the channel is made up
 * for when it is listened to again: the log's last batch is read and announced if it moved.
 */
export class PgIndexReads extends PortIndexReads implements IndexReads {
  private readonly listeners = new Set<(position: bigint) => void>();
  /** The last batch seen (the answer caches' mark). */
  private readonly seen: { batch: bigint };
  private unlisten: (() => Promise<void>) | null = null;
  private readonly snapshots: AnswerSnapshots;

  private constructor(
    private readonly pg: Pg,
    tables: ReadonlyMap<string, readonly string[]>,
    shipped: { readonly batch: bigint; readonly position: bigint },
  ) {
    const seen = { batch: shipped.batch };
    const snapshots = new AnswerSnapshots(pg);
    super(pgReadPort(new PgStatements(pg), tables, () => String(seen.batch), () => snapshots.handle()));
    this.seen = seen;
    this.snapshots = snapshots;
  }

  /** Runs one answer with all its reads in one snapshot of the hosted index (answer-snapshot.ts). */
  answer<T>(work: () => Promise<T>): Promise<T> {
    return this.snapshots.run(work);
  }

  /**
   * Opens the reads of the hosted index at `url`; refused while no writer has prepared its tables at this
   * program's schema version (a replica is started after its writer, or tried again).
   */
  static async open(url: string, options: { readonly max?: number } = {}): Promise<PgIndexReads> {
    const pg = openPostgres(url, { max: options.max ?? 10 });
    try {
      const version = await pgIndexVersion(pg);
      if (version !== SCHEMA_VERSION) {
        throw new Error(version === null ? 'the hosted index has no tables yet: start its writer (launchdesk index --index postgres://…) first' : `the hosted index is at schema ${version} and this program reads ${SCHEMA_VERSION}: run the writer of this version first`);
      }
      const rows = await pg.unsafe<{ table_name: string; column_name: string }[]>(
        'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position',
      );
      const tables = new Map<string, string[]>();
      for (const row of rows) {
        let columns = tables.get(row.table_name);
        if (!columns) tables.set(row.table_name, (columns = []));
        columns.push(row.column_name);
      }
      const reads = new PgIndexReads(pg, tables, await lastShipped(pg));
      await reads.listen();
      return reads;
    } catch (error) {
      await pg.end({ timeout: 1 });
      throw error;
    }
  }

  private async listen(): Promise<void> {
    const { unlisten } = await this.pg.listen(
      INDEX_CHANNEL,
      (payload) => {
        const [batch, position] = payload.split(':');
        if (batch !== undefined && position !== undefined && /^\d+$/.test(batch) && /^\d+$/.test(position)) this.moved(BigInt(batch), BigInt(position));
      },
      // Listening again after a lost connection: what was shipped meanwhile was not told.
      () => void lastShipped(this.pg).then((last) => this.moved(last.batch, last.position), () => undefined),
    );
    this.unlisten = unlisten;
  }

  private moved(batch: bigint, position: bigint): void {
    if (batch <= this.seen.batch) return;
    this.seen.batch = batch;
    for (const listener of this.listeners) {
      try {
        listener(position);
      } catch {
        // the listener's problem, never the reads'
      }
    }
  }

  /**
   * Takes in what the log holds now without waiting for its NOTIFY (which arrives on its own connection, a moment
   * after the commit): for a caller that knows a batch was shipped and reads next.
   */
  async settled(): Promise<void> {
    const last = await lastShipped(this.pg);
    this.moved(last.batch, last.position);
  }

  onApplied(listener: (position: bigint) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.unlisten?.().catch(() => undefined);
    await this.pg.end({ timeout: 5 });
  }
}
