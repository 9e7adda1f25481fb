import type { PgHandle, PgStatements } from '../../../storage/postgres/pg-connection.js';
import type { ReadPort, ReadStatement } from '../read-port.js';
import type { Row } from '../rows.js';

/**
 * The read port on the hosted index (PostgreSQL): the same statement texts as on SQLite, rewritten once each
 * (PgStatements, core/storage/sql-dialect.ts). Each read runs where `handle` says: within an answer, on the
 * answer's snapshot (answer-snapshot.ts), so the reads of one answer see one committed state as they do on SQLite
 * within a turn; outside one, on the pool.
 *
 * `version` is the last batch the replica knows of (pg-index-reads.ts moves it at each NOTIFY of the writer).
 */
export function pgReadPort(statements: PgStatements, tables: ReadonlyMap<string, readonly string[]>, version: () => string, handle: () => PgHandle | Promise<PgHandle>): ReadPort {
  return {
    dialect: 'postgres',
    rows: <R = Row>(sql: string): ReadStatement<R> => ({
      get: async (...args) => (await statements.on<R>(await handle(), sql, args))[0],
      all: async (...args) => statements.on<R>(await handle(), sql, args),
    }),
    values: <V extends unknown[]>(sql: string): ReadStatement<V> => ({
      get: async (...args) => (await statements.valuesOn<V>(await handle(), sql, args))[0],
      all: async (...args) => statements.valuesOn<V>(await handle(), sql, args),
    }),
    columns: (table) => {
      const columns = tables.get(table);
      if (columns === undefined) throw new Error(`the hosted index has no table ${table}`);
      return columns;
    },
    version,
  };
}
