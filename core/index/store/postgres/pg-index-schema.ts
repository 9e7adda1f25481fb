import type { Pg } from '../../../storage/postgres/pg-connection.js';
import { schemaToPostgres } from '../../../storage/sql-dialect.js';
import { SCHEMA, SCHEMA_VERSION, TABLES } from '../schema.js';

/**
 * The index's tables on PostgreSQL: the SQLite schema in PostgreSQL's spelling (sql-dialect.ts), plus the log
 * of shipped batches (`index_log`): each batch's statements as the writer ran them, for a standby writer to
 * follow and take over from. The channel `launchdesk_index` is told `batch:position` at each batch's commit.
 *
 * An index of another schema version is derived data of an older program: its tables are dropped and the
 * writer rebuilds them from the chain, as the SQLite index does. Only the writer (who holds the writer lock,
 * writer-lock.ts) prepares the schema; replicas wait for it.
 */
export const INDEX_CHANNEL = 'launchdesk_index';

const LOG = `CREATE TABLE IF NOT EXISTS index_log (
  batch BIGINT PRIMARY KEY, position BIGINT NOT NULL, writes TEXT NOT NULL, logged_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

/** Makes (or remakes, on another version) the index's tables; answers whether they were made afresh. */
export async function preparePgIndex(pg: Pg): Promise<{ readonly fresh: boolean }> {
  return pg.begin(async (tx) => {
    // One preparer at a time, even among writers that do not hold the writer lock yet.
    await tx.unsafe('SELECT pg_advisory_xact_lock(hashtext($1))', ['launchdesk_index_schema']);
    await tx.unsafe('CREATE TABLE IF NOT EXISTS meta (key TEXT COLLATE "C" PRIMARY KEY, value TEXT NOT NULL)');
    const [row] = await tx.unsafe("SELECT value FROM meta WHERE key = 'schema'");
    const version = row ? Number(row.value) : null;
    if (version === SCHEMA_VERSION) return { fresh: false };
    for (const table of [...TABLES, 'index_log']) await tx.unsafe(`DROP TABLE IF EXISTS ${table}`);
    await tx.unsafe(schemaToPostgres(SCHEMA));
    await tx.unsafe(LOG);
    await tx.unsafe("INSERT INTO meta (key, value) VALUES ('schema', $1)", [String(SCHEMA_VERSION)]);
    return { fresh: true };
  }) as Promise<{ readonly fresh: boolean }>;
}

/** The hosted index's version, or null while no writer has prepared it. */
export async function pgIndexVersion(pg: Pg): Promise<number | null> {
  const [exists] = await pg.unsafe("SELECT to_regclass('meta') IS NOT NULL AS there");
  if (!exists?.there) return null;
  const [row] = await pg.unsafe("SELECT value FROM meta WHERE key = 'schema'");
  return row ? Number(row.value) : null;
}

/** The last batch the hosted index holds (0: none), and the index's position after it. */
export async function lastShipped(pg: Pg): Promise<{ readonly batch: bigint; readonly position: bigint }> {
  const [row] = await pg.unsafe('SELECT batch, position FROM index_log ORDER BY batch DESC LIMIT 1');
  return row ? { batch: row.batch as bigint, position: row.position as bigint } : { batch: 0n, position: 0n };
}
