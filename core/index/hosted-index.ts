import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Chain } from '../chain/chain.js';
import type { NetworkProfile } from '../config/profile.js';
import { isUnreachable, openPostgres, type Pg } from '../storage/postgres/pg-connection.js';
import { readIndexRules } from './index-rules.js';
import { Ingestor, type IngestProgress } from './ingest/ingestor.js';
import { IndexStore } from './store/index-store.js';
import { IndexFollower } from './store/postgres/index-follower.js';
import { checkLogKeep, IndexShipper } from './store/postgres/index-shipper.js';
import { loadHostedIndex } from './store/postgres/index-load.js';
import { lastShipped, pgIndexVersion, preparePgIndex } from './store/postgres/pg-index-schema.js';
import { WriterLock } from './store/postgres/writer-lock.js';
import { SCHEMA_VERSION } from './store/schema.js';

export type HostedWriterState = 'standby' | 'catching-up' | 'writing' | 'stopped';

/** This writer may no longer write: another one took over while its session was cut. */
export class LostWriter extends Error {}

export interface HostedIndexService {
  /** The writer's working file (the index as SQLite, level with the hosted one once shipped). */
  readonly store: IndexStore;
  readonly ingestor: Ingestor;
  /** Resolves once every batch applied so far is in PostgreSQL. */
  shipped(): Promise<void>;
  /** Ships what is left, lets the writer lock go (a standby takes over at once) and closes. */
  stop(): Promise<void>;
}

const WORK_FILE = 'index-writer.sqlite';

/**
 * The hosted index's writer (`launchdesk index --index postgres://…`): the chain read and applied as the
 * embedded index does, into a working SQLite file in `workDir`, and every batch shipped to PostgreSQL
 * (store/postgres/index-shipper.ts), which the API replicas read.
 *
 * One writer at a time (store/postgres/writer-lock.ts). Started beside a live writer, this one is a standby: it
 * follows the hosted index's log into its own file and tries for the lock every `pollMs`. When the writer dies
 * its session ends, the lock is free, and the standby catches up on the log and resumes ingesting where the
 * shipped batches end. Resolves once this process is the writer and its backfill is in.
 */
export async function startHostedIndex(options: {
  readonly chain: Chain;
  readonly profile: NetworkProfile;
  readonly postgresUrl: string;
  readonly workDir: string;
  readonly onProgress?: (progress: IngestProgress) => void;
  readonly onState?: (state: HostedWriterState, detail: string) => void;
  /** How often a standby tries for the lock and reads the log (default 1 s). */
  readonly pollMs?: number;
  readonly sweepMs?: number;
  /** Stops a standby's wait (it then rejects). */
  readonly signal?: AbortSignal;
  /** Told when this writer stopped because another took over while its session was cut. */
  readonly onLost?: (error: LostWriter) => void;
  /** How many of the newest batches the log keeps for standbys (default LOG_KEEP); one further behind copies the tables. */
  readonly logKeep?: number;
}): Promise<HostedIndexService> {
  if (options.logKeep !== undefined) checkLogKeep(options.logKeep);
  const pg = openPostgres(options.postgresUrl, { max: 4 });
  const path = join(options.workDir, WORK_FILE);
  let store = IndexStore.open(path, { shipped: true });
  const say = options.onState ?? (() => {});
  const reopenEmpty = (why: string): void => {
    say('catching-up', `${why}: the working file starts over from the hosted index's log`);
    store.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    store = IndexStore.open(path, { shipped: true });
  };
  let lock: WriterLock | null = null;
  try {
    lock = await WriterLock.tryAcquire(options.postgresUrl);
    if (lock === null) say('standby', 'another writer holds the hosted index: following its log until it stops');
    while (lock === null) {
      if (options.signal?.aborted) throw new Error('stopped while standing by');
      try {
        if ((await pgIndexVersion(pg)) === SCHEMA_VERSION) {
          try {
            if (store.outbox!.pendingCount() > 0) reopenEmpty('this file holds batches the hosted index never took');
            await new IndexFollower(pg, store).catchUp((why) => say('standby', why));
          } catch (error) {
            if (!isUnreachable(error)) reopenEmpty(error instanceof Error ? error.message : String(error));
          }
        }
        await sleep(options.pollMs ?? 1_000);
        lock = await WriterLock.tryAcquire(options.postgresUrl);
      } catch (error) {
        // PostgreSQL away (restarting, a network cut): stand by until it answers again.
        say('standby', `PostgreSQL does not answer (${error instanceof Error ? error.message : String(error)}); trying again`);
        await sleep(options.pollMs ?? 1_000);
      }
    }
    say('catching-up', 'this process holds the writer lock');
    await preparePgIndex(pg);
    // Nothing shipped yet (a new database, or one remade for another schema version): the working file, whatever
    // batches it holds, is an index of the chain up to its cursor, so it goes in whole by COPY below and the
    // ingest resumes from its cursor, rather than the chain being read again from the start.
    const bulk = (await lastShipped(pg)).batch === 0n;
    if (bulk && store.outbox!.lastBatch() > 0n) say('catching-up', `the hosted index is empty: this file's batches up to ${store.outbox!.lastBatch()} go into it by COPY`);
    else if (!bulk) await level(pg, store, reopenEmpty, () => store, (why) => say('catching-up', why));
    let writing = true;
    let following: Ingestor | null = null;
    const shipper = new IndexShipper(
      pg,
      store,
      lock,
      (error) => {
        if (error instanceof LostWriter) {
          if (!writing) return;
          writing = false;
          following?.stop();
          say('stopped', error.message);
          options.onLost?.(error);
        } else say('writing', `shipping to PostgreSQL failed, retrying: ${error instanceof Error ? error.message : String(error)}`);
      },
      async (lost) => {
        lost.abandon();
        const again = await WriterLock.tryAcquire(options.postgresUrl);
        if (again === null) throw new LostWriter('another writer took the hosted index over while this one\'s session was cut: this one stops (start it again to stand by)');
        if (!(await continuesLog(pg, store))) {
          await again.release();
          throw new LostWriter('the hosted index moved on without this writer\'s batches while its session was cut: this one stops (start it again to follow)');
        }
        say('writing', 'the writer lock is held again after the session was cut');
        lock = again;
        return again;
      },
      options.logKeep,
    );
    // Nothing shipped yet: the backfill goes in by COPY once it is in the working file (index-load.ts), not
    // statement by statement; what is applied after it ships as usual.
    if (bulk) shipper.pause();
    else await shipper.drain();
    const rules = await readIndexRules(options.chain, options.profile);
    const ingestor = new Ingestor(options.chain, store, rules, options.onProgress, { sweepMs: options.sweepMs ?? (options.chain.kind === 'rpc' ? 10_000 : 0) });
    following = ingestor;
    say('writing', 'ingesting the chain into the hosted index');
    const retry = setInterval(() => shipper.kick(), 1_000);
    retry.unref();
    /** Before a start that fails: nothing keeps ingesting or shipping into the file the caller's error path closes. */
    const halt = (): void => {
      clearInterval(retry);
      ingestor.stop();
      shipper.stop();
    };
    try {
      await ingestor.start();
    } catch (error) {
      halt();
      throw error;
    }
    if (bulk) {
      say('writing', 'loading the backfill into the fresh hosted index with COPY');
      try {
        const loaded = await loadHostedIndex(pg, path, () => lock!);
        if (loaded > 0n) store.outbox!.done(loaded);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        // One by one needs every batch in the outbox; a file whose first batches went to an earlier hosted index has not.
        if (store.outbox!.lastBatch() > 0n && store.outbox!.pending(1)[0]?.batch !== 1n) {
          halt();
          throw new Error(`loading this file into the empty hosted index with COPY failed (${why}), and its first batches are no longer in its outbox to ship one by one: start the writer again to retry the load`);
        }
        say('writing', `loading with COPY failed (${why}); shipping the batches one by one instead`);
      }
      shipper.resume();
    }
    const working = store;
    return {
      store: working,
      ingestor,
      shipped: () => shipper.drain(),
      async stop() {
        clearInterval(retry);
        ingestor.stop();
        try {
          await shipper.drain();
        } finally {
          shipper.stop();
          await lock?.release().catch(() => {});
          working.close();
          await pg.end({ timeout: 5 });
        }
      },
    };
  } catch (error) {
    await lock?.release().catch(() => {});
    store.close();
    await pg.end({ timeout: 5 });
    throw error;
  }
}

/**
 * Brings the working file level with the hosted index before writing: behind, it replays the log; ahead, its
 * outbox must continue the log exactly (a crash after SQLite committed and before PostgreSQL did), else the
 * file went its own way and starts over from the log.
 */
async function level(pg: Pg, initial: IndexStore, reopenEmpty: (why: string) => void, current: () => IndexStore, onCopy: (why: string) => void): Promise<void> {
  let store = initial;
  const shipped = await lastShipped(pg);
  const held = store.outbox!.lastBatch();
  const pending = store.outbox!.pending(1)[0];
  if (!(await continuesLog(pg, store))) {
    reopenEmpty(`this file holds batches up to ${held} and the hosted index up to ${shipped.batch}, from another writer`);
    store = current();
  } else if (pending !== undefined) {
    store.outbox!.done(held < shipped.batch ? held : shipped.batch); // in the hosted index already
  }
  if (store.outbox!.lastBatch() < shipped.batch) await new IndexFollower(pg, store).catchUp(onCopy);
}

/**
 * Whether this file's batches continue the hosted index's log: behind it or level with nothing unshipped, or
 * with unshipped batches that start right after the log's last one, where any batch both hold is the same
 * statements (another writer may have made its own under the same number).
 */
async function continuesLog(pg: Pg, store: IndexStore): Promise<boolean> {
  const shipped = await lastShipped(pg);
  const held = store.outbox!.lastBatch();
  const pending = store.outbox!.pending(1)[0];
  if (pending === undefined) return held <= shipped.batch;
  if (pending.batch > shipped.batch + 1n) return false;
  if (pending.batch > shipped.batch) return true;
  const mine = store.outbox!.pending(Number(shipped.batch - pending.batch) + 1);
  const theirs = await pg.unsafe('SELECT batch, writes FROM index_log WHERE batch >= $1 AND batch <= $2 ORDER BY batch', [pending.batch, shipped.batch] as never[]);
  return mine.every((entry, i) => theirs[i]?.batch === entry.batch && theirs[i]?.writes === entry.writes);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
