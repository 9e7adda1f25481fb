/**
 * The schema version of a store that is kept (keys, builds, rate stamps), in one row per store of
 * `store_versions`, written in the common SQL subset so both stores read it with the same text. A table of
 * its own, not the index's `meta`: a hosted database may hold the index and these stores side by side.
 *
 * A store is never dropped for its version (the index is, since the chain rebuilds it; keys and builds
 * cannot be rebuilt): a version this program does not know yet is refused, an older one migrated.
 */
export const STORE_VERSIONS_SCHEMA = 'CREATE TABLE IF NOT EXISTS store_versions (store TEXT PRIMARY KEY, version INTEGER NOT NULL)';
export const READ_STORE_VERSION = 'SELECT version FROM store_versions WHERE store = ?';
export const WRITE_STORE_VERSION = 'INSERT INTO store_versions (store, version) VALUES (?, ?) ON CONFLICT (store) DO UPDATE SET version = excluded.version';

/** A store's schema and how to bring an older one up to it. */
export interface StoreSchema {
  /** Its row in `store_versions`. */
  readonly store: string;
  readonly version: number;
  /** CREATE … IF NOT EXISTS statements, SQLite's spelling (`schemaToPostgres` makes PostgreSQL's). */
  readonly schema: string;
  /** Statements for PostgreSQL only, run after the schema as they are (a function a PostgreSQL-only store calls). */
  readonly postgresOnly?: readonly string[];
}

/** Refuses a store written by a newer program: its rows may mean what this one cannot read. */
export function assertReadableVersion(schema: StoreSchema, found: number | null, where: string): void {
  if (found !== null && found > schema.version) {
    throw new Error(`${where}: its ${schema.store} store is at schema version ${found}, newer than this program's ${schema.version}; update launchdesk`);
  }
}
