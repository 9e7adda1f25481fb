import type { Pg } from '../../../storage/postgres/pg-connection.js';
import type { IndexStore } from '../index-store.js';
import { copyHostedIndex } from './index-copy.js';

/** Log rows replayed per read. */
const PAGE = 64;

/**
 * A standby writer's file kept level with the hosted index: the batches of `index_log` after the last one this
 * file holds, replayed in order (IndexStore.replay), each in one SQLite transaction. A standby that takes over
 * first catches up this way, so it resumes ingesting exactly where the last writer's shipped batches end: the
 * chain's transactions after them are read again, none applied twice (the processed signatures came along).
 *
 * When the log no longer reaches back to this file (the writer prunes its old batches), the file is made from
 * the hosted tables at one moment instead (index-copy.ts), and the log's batches after it follow.
 */
export class IndexFollower {
  constructor(
    private readonly pg: Pg,
    private readonly store: IndexStore,
  ) {
    if (store.outbox === null) throw new Error('the index was not opened to be shipped (IndexStore.open with shipped: true)');
  }

  /**
   * Replays every logged batch this file lacks; answers how many batches it took in (a copy of the tables counts
   * as the batches it stood for). `onCopy` is told before the tables are copied.
   */
  async catchUp(onCopy: (why: string) => void = () => {}): Promise<number> {
    let replayed = 0;
    for (;;) {
      const held = this.store.outbox!.lastBatch();
      const rows = await this.pg.unsafe('SELECT batch, writes FROM index_log WHERE batch > $1 ORDER BY batch LIMIT $2', [held, PAGE] as never[]);
      if (rows.length === 0) return replayed;
      if ((rows[0]!.batch as bigint) !== held + 1n) {
        onCopy(`the hosted index's log starts at batch ${rows[0]!.batch as bigint} and this file holds up to ${held}: copying the hosted tables`);
        const copied = await copyHostedIndex(this.pg, this.store);
        replayed += Number(copied - held);
        continue;
      }
      for (const row of rows) {
        this.store.replay(row.batch as bigint, row.writes as string);
        replayed += 1;
      }
    }
  }
}
