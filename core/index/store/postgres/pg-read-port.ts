import type { PgStatements } from '../../../storage/postgres/pg-connection.js';
import type { ReadPort, ReadStatement } from '../read-port.js';
import type { Row } from '../rows.js';

/**
 * The read port on the hosted index (PostgreSQL): the same statement texts as on SQLite, rewritten once each
 * (PgStatements, core/storage/sql-dialect.ts). Each read is its own statement on the pool: reads of one answer
 * are not one snapshot as they are on SQLite within a turn, so an answer read while a batch commits may mix
 * (the next read is level again).
 *
 * `version` is the last batch the replica knows of (pg-index-reads.ts moves it at each NOTIFY of the writer).
 */
export function pgReadPort(statements: PgStatements, tables: ReadonlyMap<string, readonly string[]>, version: () => string): ReadPort {
  return {
    dialect: 'postgres',
    rows: <R = Row>(sql: string): ReadStatement<R> => ({
      get: (...args) => statements.get<R>(sql, ...args),
      all: (...args) => statements.all<R>(sql, ...args),
    }),
    values: <V extends unknown[]>(sql: string): ReadStatement<V> => ({
      get: async (...args) => (await statements.values<V>(sql, ...args))[0],
      all: (...args) => statements.values<V>(sql, ...args),
    }),
    columns: (table) => {
      const columns = tables.get(table);
      if (columns === undefined) throw new Error(`the hosted index has no table ${table}`);
      return columns;
    },
    version,
  };
}
