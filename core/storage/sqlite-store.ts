import Database from 'better-sqlite3';
import { assertReadableVersion, READ_STORE_VERSION, STORE_VERSIONS_SCHEMA, WRITE_STORE_VERSION, type StoreSchema } from './store-version.js';

/** Opens a kept store's SQLite file (WAL, NORMAL sync), creating its tables when missing and writing its version. */
export function openSqliteStore(path: string, schema: StoreSchema): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  try {
    db.transaction(() => {
      db.exec(STORE_VERSIONS_SCHEMA);
      const row = db.prepare(READ_STORE_VERSION).get(schema.store) as { version: number } | undefined;
      assertReadableVersion(schema, row?.version ?? null, path);
      db.exec(schema.schema);
      db.prepare(WRITE_STORE_VERSION).run(schema.store, schema.version);
    })();
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
