import type Database from 'better-sqlite3';

/** Rows per statement run: 64 rows of the widest table (16 columns) bind 1,024 values, far below SQLite's limit. */
const ROWS_PER_RUN = 64;

/**
 * Many rows of one INSERT (or upsert) written with few statement runs: `INSERT … VALUES (…), (…), …` of up
 * to ROWS_PER_RUN rows each. A statement run costs about as much as the b-tree work of a small row (binding,
 * stepping, resetting, the call into the native module), and a batch writes hundreds of candles, trades and
 * holdings. Rows are written in the order given; an upsert's conflict clause applies to each row in turn, as
 * it would to one statement per row.
 */
export class RowWriter {
  private readonly statements = new Map<number, Database.Statement>();
  private readonly values: unknown[] = [];
  private readonly placeholders: string;

  constructor(
    private readonly db: Database.Database,
    /** `INSERT INTO t (a, b, …)`: up to VALUES. */
    private readonly head: string,
    /** The number of columns a row binds. */
    private readonly columns: number,
    /** What follows the rows (an ON CONFLICT clause), or nothing. */
    private readonly tail = '',
  ) {
    this.placeholders = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
  }

  /** A row's values, in the head's column order: written at the next `flush`. */
  add(...row: unknown[]): void {
    for (const value of row) this.values.push(value);
  }

  /** Writes the rows added since the last flush (inside the caller's SQLite transaction). */
  flush(): void {
    const values = this.values;
    const width = this.columns;
    const chunk = ROWS_PER_RUN * width;
    for (let start = 0; start < values.length; start += chunk) {
      const end = Math.min(values.length, start + chunk);
      this.statement((end - start) / width).run(values.slice(start, end));
    }
    values.length = 0;
  }

  /** Drops the rows added since the last flush (a rolled-back batch). */
  forget(): void {
    this.values.length = 0;
  }

  private statement(rows: number): Database.Statement {
    let statement = this.statements.get(rows);
    if (statement === undefined) {
      statement = this.db.prepare(`${this.head} VALUES ${Array.from({ length: rows }, () => this.placeholders).join(', ')} ${this.tail}`);
      this.statements.set(rows, statement);
    }
    return statement;
  }
}
