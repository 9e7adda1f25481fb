import postgres from 'postgres';
import { bind, toPostgres, type PostgresStatement } from '../sql-dialect.js';

/**
 * The PostgreSQL connection pool of a hosted store, on the `postgres` driver (porsager/postgres: pure
 * JavaScript, no native build; it pipelines the statements of a transaction instead of waiting for each
 * answer, prepares each statement once per connection, and carries LISTEN/NOTIFY on its own connection).
 *
 * Values come back as the SQLite stores return them (better-sqlite3 with safeIntegers): every integer a
 * bigint, an exact NUMERIC (the index's prices) a bigint, DOUBLE PRECISION a number, text a string, NULL
 * null. So one row mapper serves both stores.
 */
export type Pg = postgres.Sql<{ bigint: bigint }>;

const INTEGER_TYPES = [20, 21, 23, 26]; // int8, int2, int4, oid
const NUMERIC = 1700;

export interface PgOptions {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /** Told of a connection's loss and other notices; default: silent. */
  readonly onNotice?: (notice: unknown) => void;
}

export function openPostgres(url: string, options: PgOptions = {}): Pg {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: options.onNotice ?? (() => {}),
    // Never a surprise type: what the index wrote as an integer reads back as one.
    types: {
      bigint: {
        to: 20,
        from: [...INTEGER_TYPES, NUMERIC],
        serialize: (value: bigint) => value.toString(),
        parse: (text: string) => (/^-?[0-9]+$/.test(text) ? BigInt(text) : (text as unknown as bigint)),
      },
    },
    connect_timeout: 10,
    idle_timeout: 60,
    // Statement texts come from this program only (sql-dialect.ts), never from a caller.
    prepare: true,
  }) as unknown as Pg;
}

/**
 * Statements written in SQLite's spelling, run on PostgreSQL: each text is rewritten once (sql-dialect.ts)
 * and its rewrite remembered. `args` are as better-sqlite3 takes them: positional values, or one object of
 * named ones.
 */
export class PgStatements {
  private readonly texts = new Map<string, PostgresStatement>();

  constructor(private readonly sql: Pg) {}

  private statement(text: string): PostgresStatement {
    let statement = this.texts.get(text);
    if (statement === undefined) {
      statement = toPostgres(text);
      this.texts.set(text, statement);
    }
    return statement;
  }

  /** Every row. */
  async all<Row = Record<string, unknown>>(text: string, ...args: unknown[]): Promise<Row[]> {
    return this.on(this.sql, text, args);
  }

  /** The first row, or undefined. */
  async get<Row = Record<string, unknown>>(text: string, ...args: unknown[]): Promise<Row | undefined> {
    return (await this.on<Row>(this.sql, text, args))[0];
  }

  /** Every row as an array of its columns in order (better-sqlite3's `raw(true)`). */
  async values<Row extends unknown[] = unknown[]>(text: string, ...args: unknown[]): Promise<Row[]> {
    const statement = this.statement(text);
    const rows = await this.sql.unsafe(statement.text, bind(statement, args) as never[], { prepare: true }).values();
    return rows as unknown as Row[];
  }

  /** A write: how many rows it changed. */
  async run(text: string, ...args: unknown[]): Promise<number> {
    const statement = this.statement(text);
    const result = await this.sql.unsafe(statement.text, bind(statement, args) as never[], { prepare: true });
    return result.count;
  }

  /** The same on a transaction's or a reserved connection's handle. */
  async on<Row = Record<string, unknown>>(sql: postgres.Sql<never> | Pg | postgres.TransactionSql<never>, text: string, args: readonly unknown[]): Promise<Row[]> {
    const statement = this.statement(text);
    const rows = await (sql as Pg).unsafe(statement.text, bind(statement, args) as never[], { prepare: true });
    return rows as unknown as Row[];
  }

  /** A write on a transaction's handle: how many rows it changed. */
  async runOn(sql: postgres.TransactionSql<never> | Pg, text: string, args: readonly unknown[]): Promise<number> {
    const statement = this.statement(text);
    return (await (sql as Pg).unsafe(statement.text, bind(statement, args) as never[], { prepare: true })).count;
  }
}
