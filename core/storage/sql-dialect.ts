/**
 * One SQL text for both stores. The stores' statements are written once, in SQLite's syntax restricted to
 * what PostgreSQL also means the same way; this module rewrites the few spellings that differ, mechanically,
 * once per statement (the result is cached by the caller):
 *
 * - parameters: `?` (positional) and `@name` (named, may repeat) become `$1`, `$2`…; `bind` turns the
 *   SQLite-style arguments into PostgreSQL's array in the same order;
 * - `INSERT OR IGNORE INTO` becomes `INSERT INTO … ON CONFLICT DO NOTHING`;
 * - scalar `MAX(a, b)` / `MIN(a, b)` (two or more arguments) become `GREATEST` / `LEAST`;
 * - `LIKE` becomes `ILIKE` (SQLite's LIKE ignores ASCII case);
 * - the identifier `user` (a column of `trades`) is quoted: PostgreSQL reads it as CURRENT_USER;
 * - `CAST(… AS REAL)` casts to DOUBLE PRECISION: SQLite's REAL is 8 bytes, PostgreSQL's 4;
 * - sorts on a column that may be NULL get SQLite's NULL order spelled out (SQLite sorts NULL first
 *   ascending, PostgreSQL last), in queries and in the indexes that serve them alike so the indexes still
 *   serve them.
 *
 * Schemas add: INTEGER is BIGINT (SQLite's integers are 64-bit), REAL is DOUBLE PRECISION, a column with no
 * type (the index's exact prices, see price-column.ts) is NUMERIC, TEXT sorts by bytes (COLLATE "C", as
 * SQLite's), and `WITHOUT ROWID` goes. What cannot be rewritten this way (`INSERT OR REPLACE`, GLOB,
 * json_*) is refused here, so a statement is either the same on both stores or written per dialect on purpose.
 */

/** Columns that may hold NULL and are sorted on: their sort terms get SQLite's NULL order. */
const NULLABLE_SORTS = new Set(['last_trade_at', 'trend', 'c.last_trade_at', 'c.trend']);

export interface PostgresStatement {
  /** The statement in PostgreSQL's spelling. */
  readonly text: string;
  /** The named parameters in `$n` order (null: positional `?` parameters, passed through as they are). */
  readonly names: readonly string[] | null;
}

/** Text outside literals and quoted identifiers, where rewriting is safe; literals are kept as they are. */
interface Piece {
  readonly code: boolean;
  readonly text: string;
}

function pieces(sql: string): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"') {
      if (i > start) out.push({ code: true, text: sql.slice(start, i) });
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === ch) {
          if (sql[j + 1] === ch) j += 2;
          else break;
        } else j += 1;
      }
      out.push({ code: false, text: sql.slice(i, j + 1) });
      i = start = j + 1;
    } else if (ch === '-' && sql[i + 1] === '-') {
      // A comment: dropped (it could hide a `?`).
      if (i > start) out.push({ code: true, text: sql.slice(start, i) });
      const end = sql.indexOf('\n', i);
      i = start = end === -1 ? sql.length : end;
    } else i += 1;
  }
  if (start < sql.length) out.push({ code: true, text: sql.slice(start) });
  return out;
}

const REFUSED: readonly [RegExp, string][] = [
  [/\bINSERT\s+OR\s+REPLACE\b/i, 'INSERT OR REPLACE (write INSERT … ON CONFLICT (key) DO UPDATE SET …)'],
  [/\bGLOB\b/i, 'GLOB'],
  [/\bjson_\w+\s*\(/i, 'json_* functions'],
  [/\bIFNULL\s*\(/i, 'IFNULL (write COALESCE)'],
];

/** A statement in PostgreSQL's spelling, and the order of its named parameters. */
export function toPostgres(sql: string): PostgresStatement {
  const parsed = pieces(sql);
  for (const [pattern, what] of REFUSED) {
    if (parsed.some((p) => p.code && pattern.test(p.text))) throw new Error(`not portable to PostgreSQL: ${what} in: ${sql.trim().slice(0, 200)}`);
  }
  const names: string[] = [];
  let positional = 0;
  let named = false;
  let ignore = false;
  const parts = parsed.map((p) => {
    if (!p.code) return p.text;
    let text = p.text;
    if (/\bINSERT\s+OR\s+IGNORE\s+INTO\b/i.test(text)) {
      ignore = true;
      text = text.replace(/\bINSERT\s+OR\s+IGNORE\s+INTO\b/gi, 'INSERT INTO');
    }
    // Never inside a parameter's name (`@like`, `@user`).
    text = text.replace(/(?<![@\w])LIKE\b/g, 'ILIKE').replace(/(?<![@\w])like\b/g, 'ILIKE');
    text = text.replace(/(?<![."\w@])user\b(?!\s*\()/g, '"user"');
    text = text.replace(/\bAS\s+REAL\b/gi, 'AS DOUBLE PRECISION');
    text = text.replace(/\?|@([A-Za-z_][A-Za-z0-9_]*)/g, (match, name: string | undefined) => {
      if (name === undefined) {
        positional += 1;
        return `$${positional}`;
      }
      named = true;
      let index = names.indexOf(name);
      if (index === -1) index = names.push(name) - 1;
      return `$${index + 1}`;
    });
    return text;
  });
  if (named && positional > 0) throw new Error(`a statement mixes ? and @name parameters: ${sql.trim().slice(0, 200)}`);
  let text = scalarExtremes(parts.join(''));
  text = nullOrder(text);
  if (ignore && !/\bON\s+CONFLICT\b/i.test(text)) text = `${text.trimEnd().replace(/;$/, '')} ON CONFLICT DO NOTHING`;
  return { text, names: named ? names : null };
}

/** SQLite-style arguments (positional values, or one object of named ones) as PostgreSQL's array. */
export function bind(statement: PostgresStatement, args: readonly unknown[]): unknown[] {
  const values = statement.names === null ? [...args] : statement.names.map((name) => {
    const bag = args[0] as Record<string, unknown> | undefined;
    if (bag === undefined || !(name in bag)) throw new Error(`missing parameter @${name}`);
    return bag[name];
  });
  return values.map((value) => (typeof value === 'boolean' ? (value ? 1n : 0n) : value === undefined ? null : value));
}

/** `MAX(a, b)` → `GREATEST(a, b)`, `MIN(a, b)` → `LEAST(a, b)`: only calls with a comma at their own depth (the aggregates keep their name). */
function scalarExtremes(text: string): string {
  return text.replace(/\b(MAX|MIN)\s*\(/gi, (match: string, name: string, offset: number) => {
    let depth = 0;
    for (let i = offset + match.length; i < text.length; i++) {
      const ch = text[i];
      if (ch === '(') depth += 1;
      else if (ch === ')') {
        if (depth === 0) break;
        depth -= 1;
      } else if (ch === ',' && depth === 0) return `${name.toUpperCase() === 'MAX' ? 'GREATEST' : 'LEAST'}(`;
    }
    return match;
  });
}

/** SQLite's NULL order on the nullable sort columns: NULLS FIRST ascending, NULLS LAST descending. */
function nullOrder(text: string): string {
  const columns = [...NULLABLE_SORTS].map((c) => c.replace('.', '\\.')).join('|');
  return text.replace(new RegExp(`(?<![\\w.])(${columns})(\\s+(?:ASC|DESC))?(?!\\s+NULLS)(?=\\s*(?:,|\\)|$|LIMIT|OFFSET|\\n))`, 'gi'), (match: string, column: string, direction: string | undefined, offset: number) => {
    // Only inside an ORDER BY or an index's column list: the nearest keyword before decides.
    const before = text.slice(0, offset);
    const order = Math.max(before.lastIndexOf('ORDER BY'), before.lastIndexOf(' ON '));
    const other = Math.max(before.lastIndexOf('WHERE'), before.lastIndexOf('SELECT'), before.lastIndexOf('SET '), before.lastIndexOf(' AND '));
    if (order === -1 || other > order) return match;
    const descending = direction !== undefined && /desc/i.test(direction);
    return `${column}${direction ?? ''} NULLS ${descending ? 'LAST' : 'FIRST'}`;
  });
}

/** A schema (CREATE TABLE / CREATE INDEX statements, `;`-separated) in PostgreSQL's spelling. */
export function schemaToPostgres(schema: string): string {
  const statements = pieces(schema)
    .map((p) => (p.code ? p.text : p.text))
    .join('')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return statements.map((statement) => `${schemaStatement(statement)};`).join('\n');
}

function schemaStatement(statement: string): string {
  if (/^CREATE\s+(UNIQUE\s+)?INDEX/i.test(statement)) return nullOrder(statement.replace(/\buser\b/g, '"user"'));
  const table = /^CREATE TABLE (IF NOT EXISTS )?(\w+)\s*\(([\s\S]*)\)\s*(WITHOUT ROWID)?$/i.exec(statement);
  if (!table) return statement;
  const columns = splitTopLevel(table[3]!).map((column) => {
    const trimmed = column.trim();
    if (/^(PRIMARY KEY|UNIQUE|FOREIGN KEY|CHECK)\b/i.test(trimmed)) return trimmed.replace(/\buser\b/g, '"user"');
    const [, name, rest] = /^(\w+)\s*([\s\S]*)$/.exec(trimmed)!;
    const quoted = name === 'user' ? '"user"' : name!;
    const typed = /^(INTEGER|TEXT|REAL|BLOB)\b/i.exec(rest!);
    if (!typed) return `${quoted} NUMERIC ${rest}`.trimEnd();
    const type = typed[1]!.toUpperCase();
    const after = rest!.slice(typed[0].length);
    const pgType = type === 'INTEGER' ? 'BIGINT' : type === 'REAL' ? 'DOUBLE PRECISION' : type === 'BLOB' ? 'BYTEA' : 'TEXT COLLATE "C"';
    return `${quoted} ${pgType}${after}`;
  });
  return `CREATE TABLE ${table[1] ?? ''}${table[2]} (\n  ${columns.join(',\n  ')}\n)`;
}

function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.filter((s) => s.trim().length > 0);
}
