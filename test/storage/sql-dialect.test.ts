import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { bind, schemaToPostgres, toPostgres } from '../../core/storage/sql-dialect.js';
import { openPostgres, PgStatements, type Pg } from '../../core/storage/postgres/pg-connection.js';
import { SCHEMA } from '../../core/index/store/schema.js';
import { readPrice } from '../../core/index/store/price-column.js';
import { freshDatabase } from '../helpers/pg.js';
import { WRITE_STORE_VERSION } from '../../core/storage/store-version.js';
import { KEY_SCHEMA, KEY_SQL } from '../../core/api/store/key-sql.js';
import { LEDGER_SCHEMA, LEDGER_SQL } from '../../core/relay/store/build-ledger-sql.js';

describe('one SQL text, two dialects (sql-dialect.ts)', () => {
  it('numbers positional parameters and names named ones once each', () => {
    expect(toPostgres('SELECT * FROM coins WHERE mint = ? AND listed = ?')).toEqual({ text: 'SELECT * FROM coins WHERE mint = $1 AND listed = $2', names: null });
    const named = toPostgres('UPDATE coins SET pool_base = @base WHERE mint = @mint AND pool = @pool AND mint <> @base');
    expect(named.text).toBe('UPDATE coins SET pool_base = $1 WHERE mint = $2 AND pool = $3 AND mint <> $1');
    expect(bind(named, [{ base: 5n, mint: 'M', pool: 'P' }])).toEqual([5n, 'M', 'P']);
  });

  it('leaves literals alone and refuses what would mean something else', () => {
    expect(toPostgres("SELECT '?' AS q, 'user' AS u, user FROM trades WHERE side = 'buy'").text).toBe(`SELECT '?' AS q, 'user' AS u, "user" FROM trades WHERE side = 'buy'`);
    expect(() => toPostgres('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')).toThrow(/INSERT OR REPLACE/);
    expect(() => toPostgres("SELECT 1 FROM coins WHERE pair GLOB 'stock:*'")).toThrow(/GLOB/);
    expect(() => toPostgres('SELECT * FROM t WHERE a = ? AND b = @b')).toThrow(/mixes/);
    expect(() => bind(toPostgres('SELECT @a'), [{}])).toThrow(/missing parameter @a/);
  });

  it('rewrites the spellings that differ', () => {
    expect(toPostgres('INSERT OR IGNORE INTO traders (wallet) VALUES (?)').text).toBe('INSERT INTO traders (wallet) VALUES ($1) ON CONFLICT DO NOTHING');
    expect(toPostgres('SELECT MAX(a, MIN(b, c)), MAX(d) FROM t').text).toBe('SELECT GREATEST(a, LEAST(b, c)), MAX(d) FROM t');
    expect(toPostgres("SELECT * FROM trades WHERE (@user IS NULL OR user = @user) AND name LIKE @like ESCAPE '\\'")).toEqual({ text: `SELECT * FROM trades WHERE ($1 IS NULL OR "user" = $1) AND name ILIKE $2 ESCAPE '\\'`, names: ['user', 'like'] });
    expect(toPostgres('SELECT CAST(a AS REAL) / b, CAST(c AS  real) FROM t').text).toBe('SELECT CAST(a AS DOUBLE PRECISION) / b, CAST(c AS DOUBLE PRECISION) FROM t');
    expect(toPostgres('SELECT * FROM coins WHERE name LIKE ? ORDER BY last_trade_at DESC, mint LIMIT 3').text).toBe('SELECT * FROM coins WHERE name ILIKE $1 ORDER BY last_trade_at DESC NULLS LAST, mint LIMIT 3');
  });

  it('passes the kept stores\' statements through as they are but for their parameters (keys, builds, versions)', () => {
    expect(toPostgres(WRITE_STORE_VERSION).text).toBe('INSERT INTO store_versions (store, version) VALUES ($1, $2) ON CONFLICT (store) DO UPDATE SET version = excluded.version');
    expect(toPostgres(KEY_SQL.usage).text).toBe('INSERT INTO key_usage (id, day, grp, requests) VALUES ($1, $2, $3, 1) ON CONFLICT (id, day, grp) DO UPDATE SET requests = key_usage.requests + 1');
    expect(toPostgres(LEDGER_SQL.sent).text).toBe('INSERT INTO sent (signature, build_id) VALUES ($1, $2) ON CONFLICT DO NOTHING');
    expect(toPostgres(LEDGER_SQL.claim).text).toBe("UPDATE builds SET state = 'sending', sent_at = $1 WHERE id = $2 AND state = 'built'");
    for (const text of [...Object.values(KEY_SQL), ...Object.values(LEDGER_SQL)]) expect(toPostgres(text).text.split('$').length - 1).toBe(text.split('?').length - 1);
    // A schema's comment goes; its types become PostgreSQL's.
    const builds = schemaToPostgres(LEDGER_SCHEMA.schema);
    expect(builds).not.toContain('--');
    expect(builds).toContain('created_at BIGINT NOT NULL');
    expect(schemaToPostgres(KEY_SCHEMA.schema)).toContain('hash TEXT COLLATE "C" NOT NULL UNIQUE');
  });
});

describe('the index schema and its statements on PostgreSQL, beside SQLite', () => {
  let drop: () => Promise<void>;
  let pg: Pg;
  let statements: PgStatements;
  const lite = new Database(':memory:');
  lite.defaultSafeIntegers(true);
  lite.exec(SCHEMA);

  beforeAll(async () => {
    const db = await freshDatabase('dialect');
    drop = db.drop;
    pg = openPostgres(db.url, { max: 2 });
    statements = new PgStatements(pg);
    await pg.unsafe(schemaToPostgres(SCHEMA));
  });
  afterAll(async () => {
    await pg?.end();
    await drop?.();
  });

  /** Runs one statement on both stores and returns both answers. */
  async function both(text: string, ...args: unknown[]): Promise<[unknown[], unknown[]]> {
    const statement = lite.prepare(text);
    const mine = statement.reader ? (statement.all(...args) as unknown[]) : (statement.run(...args), []);
    return [mine, await statements.all(text, ...args)];
  }

  it('makes every table and index of the index schema', async () => {
    const tables = (await pg.unsafe("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).map((r) => r.tablename);
    const liteTables = (lite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual(liteTables);
    const price = await pg.unsafe("SELECT data_type FROM information_schema.columns WHERE table_name = 'candles' AND column_name = 'open'");
    expect(price[0]!.data_type).toBe('numeric');
  });

  it('answers the same rows, types and order on both', async () => {
    const insert = `INSERT INTO trades (seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creator_fee, protocol_fee, price_e18, routed)
      VALUES (?, ?, ?, ?, ?, ?, 'curve', ?, ?, ?, ?, ?, 0, 0, ?, 0)`;
    const big = '0'.repeat(20) + (2n ** 100n).toString();
    for (const [seq, user, side, price] of [[1n, 'Bob', 'buy', 5n], [2n, 'alice', 'sell', big], [3n, 'Zed', 'buy', 7n]] as const) {
      await both(insert, seq, 0n, `sig${seq}`, 10n + seq, 1_700_000_000n, 'MintA', side, user, 100n * seq, 2n ** 62n, 3n, price);
    }
    const [a, b] = await both('SELECT user, side, tokens, quote, price_e18 FROM trades WHERE mint = ? ORDER BY user', 'MintA');
    // A price past 64 bits is zero-padded TEXT in SQLite and NUMERIC here: the same price once read (price-column.ts).
    const priced = (rows: unknown[]) => (rows as Record<string, unknown>[]).map((r) => ({ ...r, price_e18: readPrice(r.price_e18) }));
    expect(priced(b)).toEqual(priced(a));
    // Byte order, as SQLite's: capitals first.
    expect((b as { user: string }[]).map((r) => r.user)).toEqual(['Bob', 'Zed', 'alice']);
    const [sumA, sumB] = await both('SELECT COUNT(*) AS n, COALESCE(SUM(tokens), 0) AS tokens, MAX(MAX(slot), 12) AS s FROM trades WHERE mint = ?', 'MintA');
    expect(sumB).toEqual(sumA);
    const [ig1, ig2] = await both('INSERT OR IGNORE INTO traders (wallet) VALUES (?)', 'Bob');
    expect(ig2).toEqual(ig1);
    await both('INSERT OR IGNORE INTO traders (wallet) VALUES (?)', 'Bob');
    const [t1, t2] = await both('SELECT wallet FROM traders');
    expect(t2).toEqual(t1);
  });

  it('keeps NULLs where SQLite sorts them', async () => {
    const coin = `INSERT INTO coins (mint, listed, pair, name, symbol, uri, deployer, creator, created_signature, created_slot, created_at, stage,
      virtual_token, virtual_quote, real_token, real_quote, last_trade_at) VALUES (@mint, 1, 'zec', @mint, 'S', 'u', 'd', 'c', @mint, 1, 1, 'curve', 1, 1, 1, 1, @at)`;
    for (const [mint, at] of [['A', 5n], ['B', null], ['C', 9n]] as const) await both(coin, { mint, at });
    for (const order of ['last_trade_at DESC, mint', 'last_trade_at, mint']) {
      const [a, b] = await both(`SELECT mint, last_trade_at FROM coins ORDER BY ${order}`);
      expect(b).toEqual(a);
    }
  });

  it('matches a search as SQLite does: ASCII letters in either case, every other letter only as written', async () => {
    const coin = `INSERT INTO coins (mint, listed, pair, name, symbol, uri, deployer, creator, created_signature, created_slot, created_at, stage,
      virtual_token, virtual_quote, real_token, real_quote) VALUES (@mint, 1, 'zec', @name, 'S', 'u', 'd', 'c', @mint, 1, 1, 'curve', 1, 1, 1, 1)`;
    for (const [mint, name] of [['L1', 'ÉCOLE'], ['L2', 'école'], ['L3', 'Zebra'], ['L4', 'straße']] as const) await both(coin, { mint, name });
    for (const like of ['%é%', '%É%', '%z%', '%ZEBRA%', '%SS%', '%ß%']) {
      const [a, b] = await both("SELECT name FROM coins WHERE mint LIKE 'L%' AND name LIKE ? ORDER BY mint", like);
      expect({ like, rows: b }).toEqual({ like, rows: a });
    }
    const [a] = await both("SELECT name FROM coins WHERE mint LIKE 'L%' AND name LIKE '%é%' ORDER BY mint");
    expect(a).toEqual([{ name: 'école' }]);
  });
});
