import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readPrice, storedPrice } from '../../core/index/store/price-column.js';

/** Prices past SQLite's 64-bit integers stay exact and keep their order in comparisons (the candle upsert's high and low). */
describe('the price column', () => {
  it('stores any price exactly, and SQLite orders the stored values as the prices', () => {
    const db = new Database(':memory:');
    db.defaultSafeIntegers(true);
    db.exec('CREATE TABLE p (id INTEGER PRIMARY KEY, price NOT NULL)');
    const prices = [0n, 1n, 28n * 10n ** 9n, 2n ** 63n - 2n, 2n ** 63n - 1n, 2n ** 63n, 10n ** 30n, 3n * 10n ** 54n, 10n ** 19n + 7n];
    const insert = db.prepare('INSERT INTO p (id, price) VALUES (?, ?)');
    prices.forEach((price, i) => insert.run(BigInt(i), storedPrice(price)));
    const read = (sql: string) => readPrice((db.prepare(sql).get() as { v: unknown }).v);
    expect(read('SELECT MAX(price) AS v FROM p')).toBe(3n * 10n ** 54n);
    expect(read('SELECT MIN(price) AS v FROM p')).toBe(0n);
    const sorted = (db.prepare('SELECT price FROM p ORDER BY price').all() as { price: unknown }[]).map((r) => readPrice(r.price));
    expect(sorted).toEqual([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Pairwise, as the upsert's MAX(high, excluded.high) compares them.
    for (const a of prices) for (const b of prices) {
      const max = readPrice((db.prepare('SELECT MAX(?, ?) AS v').get(storedPrice(a), storedPrice(b)) as { v: unknown }).v);
      expect(max).toBe(a > b ? a : b);
    }
    expect(() => storedPrice(-1n)).toThrow(/never negative/);
    db.close();
  });
});
