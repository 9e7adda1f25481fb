import postgres from 'postgres';
import { DeskError } from '../../errors.js';
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
/** A pool, or the handle of one of its transactions (`sql.begin`). */
export type PgHandle = Pg | postgres.TransactionSql<{ bigint: bigint }> | postgres.TransactionSql<never> | postgres.Sql<never>;

const INTEGER_TYPES = [20, 21, 23, 26]; // int8, int2, int4, oid
const NUMERIC = 1700;

export interface PgOptions {
  /** Connections in the pool (default 10). */
  readonly max?: number;
  /**
   * One long session rather than a pool: never closed for idling or age (a session-level advisory lock lives
   * exactly as long as its session). With `max: 1`.
   */
  readonly session?: boolean;
  /** Told of a connection's loss and other notices; default: silent. */
  readonly onNotice?: (notice: unknown) => void;
}

/**
 * The driver's known crash when a connection closes under it (porsager/postgres issue 1208, fixed upstream
 * by a guard not yet released in 3.4.9): a write scheduled with setImmediate runs after the socket was set to
 * null and throws from the timer, where no caller can catch it. By then the driver has already rejected that
 * query with CONNECTION_CLOSED, so the write is moot: this guard drops exactly that error, as the upstream fix
 * does, and leaves every other uncaught error to whoever else handles them, or to Node's own fatal path.
 */
function isDriverNullWrite(error: unknown): boolean {
  return error instanceof TypeError && /reading 'write'/.test(error.message) && /nextWrite[\s\S]*postgres[\\/]src[\\/]connection\.js|postgres[\\/](cjs[\\/])?src[\\/]connection\.js[\s\S]*nextWrite/.test(error.stack ?? '');
}

let guarded = false;
function guardDriverNullWrite(): void {
  if (guarded) return;
  guarded = true;
  const onUncaught = (error: Error): void => {
    if (isDriverNullWrite(error)) return;
    if (process.listenerCount('uncaughtException') > 1) return; // another handler (a test runner, Electron) takes it
    process.off('uncaughtException', onUncaught);
    process.nextTick(() => {
      throw error; // Node's own fatal path, as without this guard
    });
  };
  process.on('uncaughtException', onUncaught);
}

export function openPostgres(url: string, options: PgOptions = {}): Pg {
  guardDriverNullWrite();
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
    // Which process a session is, in pg_stat_activity (an operator's first question when two writers meet).
    connection: { application_name: `launchdesk-${process.pid}` },
    connect_timeout: 10,
    idle_timeout: options.session ? 0 : 60,
    // A session that holds something (the writer lock) is never recycled; pooled ones are, now and then.
    ...(options.session ? { max_lifetime: null } : {}),
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

  /** Every row as an array of its columns in order (better-sqlite3's `raw(true)`), on a pool, a transaction's or a reserved connection's handle. */
  async valuesOn<Row extends unknown[] = unknown[]>(sql: PgHandle, text: string, args: readonly unknown[]): Promise<Row[]> {
    const statement = this.statement(text);
    const rows = await (sql as Pg).unsafe(statement.text, bind(statement, args) as never[], { prepare: true }).values();
    return rows as unknown as Row[];
  }

  /** A write: how many rows it changed. */
  async run(text: string, ...args: unknown[]): Promise<number> {
    const statement = this.statement(text);
    const result = await this.sql.unsafe(statement.text, bind(statement, args) as never[], { prepare: true });
    return result.count;
  }

  /** The same on a transaction's or a reserved connection's handle. */
  async on<Row = Record<string, unknown>>(sql: PgHandle, text: string, args: readonly unknown[]): Promise<Row[]> {
    const statement = this.statement(text);
    const rows = await (sql as Pg).unsafe(statement.text, bind(statement, args) as never[], { prepare: true });
    return rows as unknown as Row[];
  }

  /** A write on a transaction's handle: how many rows it changed. */
  async runOn(sql: PgHandle, text: string, args: readonly unknown[]): Promise<number> {
    const statement = this.statement(text);
    return (await (sql as Pg).unsafe(statement.text, bind(statement, args) as never[], { prepare: true })).count;
  }
}

/** The database a pool reaches, for messages: its name and server, never its credentials. */
export function databaseOf(sql: Pg): string {
  const options = (sql as unknown as { options: { database?: string; host?: readonly string[]; port?: readonly number[] } }).options;
  const hosts = (options.host ?? []).map((host, i) => `${host}:${options.port?.[i] ?? options.port?.[0] ?? 5432}`);
  return `PostgreSQL database ${options.database ?? '?'} on ${hosts.join(',') || 'localhost'}`;
}

/** Socket errors of the driver, and its own for a connection it lost or never made. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED']);

/**
 * Whether an error says the database cannot be reached or used right now, rather than that a statement is
 * wrong: a socket error, SQLSTATE class 08 (connection exception), 57P (shut down, cannot connect now),
 * 53 (out of resources: too many connections), 3D000 (no such database), 28 (refused credentials).
 */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return CONNECTION_CODES.has(code) || /^(08|57P|53|28)/.test(code) || code === '3D000';
}

/**
 * Runs store work and says an unreachable database in the error model: `unavailable` (HTTP 503) naming the
 * database, so a replica whose database went away answers "try again" and not a bug's plain 503.
 */
export async function reaching<T>(sql: Pg, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new DeskError('unavailable', `the ${databaseOf(sql)} cannot be reached (${why}); try again`, undefined, { cause: error });
  }
}

/**
 * Serialises a transaction with every other one locking the same `key` (until it ends), on every replica:
 * what must be read and then written as one step (a wallet's key count, a caller's request stamps).
 */
export async function lockFor(tx: PgHandle, key: string): Promise<void> {
  await (tx as unknown as Pg).unsafe('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}
