import type Database from 'better-sqlite3';

/** One write as the index ran it on SQLite: its text and its arguments, to run again elsewhere. */
export type RecordedWrite = readonly [sql: string, args: readonly unknown[]];

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;
/** Statement methods that configure and return the statement itself: they must return the recording one. */
const CHAINED = new Set(['safeIntegers', 'raw', 'pluck', 'expand', 'bind']);

/**
 * The index's connection, seen through a recorder: every write statement's `run` is kept, in order, with its
 * arguments, while the statement runs as it would. Reads pass through untouched (a read is never shipped and
 * costs nothing extra). What a write path does between two `take`s is then exactly what another store must
 * run to hold the same rows (index-shipper.ts sends it to PostgreSQL): the index's writes are deterministic
 * given the rows they start from, so the same statements in the same order keep two stores equal.
 *
 * Arguments are copied as they are recorded (a caller may reuse and change a parameter object).
 */
export class WriteRecorder {
  private pending: RecordedWrite[] = [];
  readonly db: Database.Database;

  constructor(target: Database.Database) {
    const record = (write: RecordedWrite): void => {
      this.pending.push(write);
    };
    const wrapStatement = (statement: Database.Statement, sql: string): Database.Statement => {
      const proxy: Database.Statement = new Proxy(statement, {
        get(st, prop, receiver) {
          if (prop === 'run') {
            return (...args: unknown[]) => {
              const result = st.run(...args);
              record([sql, args.map(copyArgument)]);
              return result;
            };
          }
          const value = Reflect.get(st, prop, receiver) as unknown;
          if (typeof value === 'function' && CHAINED.has(prop as string)) {
            return (...args: unknown[]) => {
              (value as (...a: unknown[]) => unknown).apply(st, args);
              return proxy;
            };
          }
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(st) : value;
        },
      });
      return proxy;
    };
    this.db = new Proxy(target, {
      get(db, prop, receiver) {
        if (prop === 'prepare') {
          return (sql: string) => {
            const statement = db.prepare(sql);
            return WRITE.test(sql) ? wrapStatement(statement, sql) : statement;
          };
        }
        if (prop === 'exec') {
          return () => {
            throw new Error('the index writes through prepared statements only while its writes are recorded');
          };
        }
        const value = Reflect.get(db, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
      },
    });
  }

  /** The writes recorded since the last take or discard, oldest first. */
  take(): RecordedWrite[] {
    const writes = this.pending;
    this.pending = [];
    return writes;
  }

  /** Forgets the writes of a rolled-back transaction. */
  discard(): void {
    this.pending = [];
  }
}

function copyArgument(arg: unknown): unknown {
  return arg !== null && typeof arg === 'object' && !Buffer.isBuffer(arg) ? { ...(arg as Record<string, unknown>) } : arg;
}

/** Writes as JSON (bigints tagged, so they come back exact): the outbox's and the log's form. */
export function encodeWrites(writes: readonly RecordedWrite[]): string {
  // Texts repeat in a batch: each is written once and referred to by its place.
  const texts: string[] = [];
  const at = new Map<string, number>();
  const rows = writes.map(([sql, args]) => {
    let index = at.get(sql);
    if (index === undefined) {
      index = texts.push(sql) - 1;
      at.set(sql, index);
    }
    return [index, args];
  });
  return JSON.stringify({ texts, rows }, (_key, value: unknown) => (typeof value === 'bigint' ? { $n: value.toString() } : value));
}

export function decodeWrites(text: string): RecordedWrite[] {
  const { texts, rows } = JSON.parse(text, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && '$n' in value && Object.keys(value).length === 1) return BigInt((value as { $n: string }).$n);
    return value;
  }) as { texts: string[]; rows: [number, unknown[]][] };
  return rows.map(([index, args]) => [texts[index]!, args] as const);
}
