import type Database from 'better-sqlite3';
import type { ReadSnapshot } from './read-snapshot.js';
import type { Row } from './rows.js';

/** A value now (SQLite) or later (PostgreSQL). */
export type Awaitable<T> = T | Promise<T>;

/** `f` of a value: at once when the value is there (no promise made), after it when it is a promise. */
export function after<T, U>(value: Awaitable<T>, f: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** One read statement, prepared once: its rows as objects (`rows`) or as arrays in column order (`values`). */
export interface ReadStatement<R> {
  get(...args: unknown[]): Awaitable<R | undefined>;
  all(...args: unknown[]): Awaitable<R[]>;
}

/**
 * Where the index's read classes (point-reads.ts, index-queries.ts, stream-queries.ts, run-reads.ts) run their
 * statements: the SQLite file (sqliteReadPort) or the hosted PostgreSQL index (postgres/pg-read-port.ts). A
 * statement is written once, in SQLite's spelling restricted to what both stores mean alike (see
 * core/storage/sql-dialect.ts), and its rows are mapped by the same code: every integer and exact price a bigint,
 * every REAL a number, on both. What cannot be one text is asked of `dialect` in the read class, in one place.
 */
export interface ReadPort {
  readonly dialect: 'sqlite' | 'postgres';
  rows<R = Row>(sql: string): ReadStatement<R>;
  values<V extends unknown[] = unknown[]>(sql: string): ReadStatement<V>;
  /** A table's columns in the order `SELECT *` reads them. */
  columns(table: string): readonly string[];
  /**
   * A mark of the index's content: equal marks, every read answers as before (the answer caches' probe,
   * core/api/answer-cache.ts).
   */
  version(): Awaitable<string>;
}

/**
 * The SQLite port: better-sqlite3 statements with safeIntegers, each read inside the turn's read transaction
 * (read-snapshot.ts). Its reads answer at once; what the async read classes add over a direct call is the
 * awaited value: each read method's promise and a microtask (completing a coin, `after` makes neither where the
 * value is there).
 */
export function sqliteReadPort(db: Database.Database, snapshot: ReadSnapshot): ReadPort {
  // `arguments` handed on through apply: a rest parameter would make an array on every read.
  /* eslint-disable prefer-rest-params, prefer-spread */
  const wrap = <R>(statement: Database.Statement): ReadStatement<R> & { readonly statement: Database.Statement } => ({
    statement,
    get: function (): R | undefined {
      snapshot.hold();
      return statement.get.apply(statement, arguments as unknown as unknown[]) as R | undefined;
    },
    all: function (): R[] {
      snapshot.hold();
      return statement.all.apply(statement, arguments as unknown as unknown[]) as R[];
    },
  });
  /* eslint-enable prefer-rest-params, prefer-spread */
  // Numbers, not bigints: the mark is compared as text and never reaches arithmetic.
  const version = db.prepare('SELECT total_changes(), (SELECT data_version FROM pragma_data_version())').raw(true);
  return {
    dialect: 'sqlite',
    rows: <R>(sql: string) => wrap<R>(db.prepare(sql).safeIntegers(true)),
    values: <V extends unknown[]>(sql: string) => wrap<V>(db.prepare(sql).safeIntegers(true).raw(true)),
    columns: (table) => (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name),
    version: () => {
      // The mark moves with every row this connection writes (SQLite's total_changes, trigger writes included)
      // and every commit another connection makes to the file (data_version).
      snapshot.hold();
      const [changes, dataVersion] = version.get() as [number, number];
      return `${changes}.${dataVersion}`;
    },
  };
}

/** The better-sqlite3 statement under a SQLite port's read statement (for checks of its columns); null on PostgreSQL. */
export function sqliteStatementOf(statement: ReadStatement<unknown>): Database.Statement | null {
  return (statement as { statement?: Database.Statement }).statement ?? null;
}
