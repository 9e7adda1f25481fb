import Database from 'better-sqlite3';
import type { Writable } from 'node:stream';
import type { Pg } from '../../../storage/postgres/pg-connection.js';
import { LAST_SEQ, TABLES } from '../schema.js';
import { INDEX_META, LAST_BATCH_SQL } from '../ship-outbox.js';
import { encodeWrites } from '../write-recorder.js';
import { INDEX_CHANNEL } from './pg-index-schema.js';
import { WriterLock } from './writer-lock.js';

/** Rows encoded per write to the COPY stream. */
const CHUNK = 1_000;

/**
 * A fresh hosted index loaded from the writer's working file with COPY, the way a database is loaded in bulk,
 * rather than by replaying every statement of the backfill (a coin row rewritten at each of its trades, a candle
 * upserted at every trade): the writer's backfill runs into its file first, then its rows at one moment (a read
 * transaction on a connection of its own, while the ingest goes on writing) go to PostgreSQL in one transaction
 * under the writer lock's fence, with a log row standing for every batch up to that moment. Standbys start from
 * a copy of the tables (index-copy.ts), since the log starts there. The batches after it ship as statements.
 *
 * Answers the batch loaded up to (0n when the file holds none). The caller then marks the outbox done up to it.
 */
export async function loadHostedIndex(pg: Pg, path: string, lock: () => WriterLock, onTable: (table: string, rows: number) => void = () => {}): Promise<bigint> {
  const file = new Database(path, { readonly: true });
  try {
    file.defaultSafeIntegers(true);
    file.exec('BEGIN');
    const marked = file.prepare(LAST_BATCH_SQL).get() as { value: string } | undefined;
    const batch = marked ? BigInt(marked.value) : 0n;
    if (batch === 0n) return 0n;
    // The stream's position at that batch: its outbox entry's, or (a batch shipped to an earlier hosted index, and
    // no longer in the outbox) the file's last stream position, which is where that batch left it.
    const entry = (file.prepare('SELECT position FROM ship_outbox WHERE batch = ?').get(batch) ?? file.prepare(`SELECT ${LAST_SEQ} AS position`).get()) as { position: bigint };
    await pg.begin(async (tx) => {
      const [fence] = await tx.unsafe(WriterLock.FENCE, [lock().pid]);
      if (!fence) throw new Error('this writer no longer holds the hosted index\'s writer lock (its session ended)');
      const [held] = await tx.unsafe('SELECT COALESCE(MAX(batch), 0) AS batch FROM index_log');
      if ((held!.batch as bigint) !== 0n) throw new Error(`the hosted index holds batches up to ${held!.batch as bigint}: it is not fresh, and is not loaded in bulk`);
      for (const table of TABLES) {
        // The hosted index's schema version is its own; this file's bookkeeping is not the index's.
        const rows = file.prepare(`SELECT * FROM ${table}${table === 'meta' ? ` WHERE ${INDEX_META}` : ''}`).raw(true);
        const columns = rows.columns().map((c) => c.name);
        await tx.unsafe(`DELETE FROM ${table}${table === 'meta' ? " WHERE key <> 'schema'" : ''}`);
        const sink = await tx.unsafe(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`).writable();
        onTable(table, await copyRows(rows.iterate() as IterableIterator<unknown[]>, sink, table, columns));
      }
      await tx.unsafe('INSERT INTO index_log (batch, position, writes) VALUES ($1, $2, $3)', [batch, entry.position, encodeWrites([])] as never[]);
      await tx.unsafe('SELECT pg_notify($1, $2)', [INDEX_CHANNEL, `${batch}:${entry.position}`]);
    });
    return batch;
  } finally {
    if (file.inTransaction) file.exec('COMMIT');
    file.close();
  }
}

/** Writes rows to a COPY stream in its text format, waiting whenever the stream is full; answers how many. */
async function copyRows(rows: IterableIterator<unknown[]>, sink: Writable, table: string, columns: readonly string[]): Promise<number> {
  const finished = new Promise<void>((resolve, reject) => {
    sink.once('finish', resolve);
    sink.once('error', reject);
  });
  let count = 0;
  let lines: string[] = [];
  const flush = async () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    if (!sink.write(text)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          sink.off('drain', done);
          sink.off('error', done);
          if (error) reject(error);
          else resolve();
        };
        sink.on('drain', done);
        sink.on('error', done);
      });
    }
  };
  for (const row of rows) {
    lines.push(`${row.map((value, i) => copyText(value, table, columns[i]!)).join('\t')}\n`);
    count += 1;
    if (lines.length >= CHUNK) await flush();
  }
  await flush();
  sink.end();
  await finished;
  return count;
}

/** One value in COPY's text format: \N for NULL; backslash, tab, newline and carriage return escaped. */
function copyText(value: unknown, table: string, column: string): string {
  if (value === null) return '\\N';
  if (typeof value === 'bigint') return value.toString();
  // A REAL: the shortest text that reads back as the same double.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  if (typeof value === 'string') return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
  throw new TypeError(`${table}.${column} holds a ${typeof value}, which the hosted index does not keep`);
}
