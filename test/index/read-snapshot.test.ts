import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IndexStore } from '../../core/index/store/index-store.js';
import { synthesize } from '../../bench/index-ingest.js';
import { tempDir } from '../helpers/sandbox.js';

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The index's reads of one event-loop turn share one SQLite read transaction (core/index/store/read-snapshot.ts).
 * What must never change with it: a write is committed when the store's call returns (never held open
 * until the turn ends), reads after a write see it, and nothing stays open once the turn is over.
 * A real SQLite file, and a second connection on it as another process would open one.
 */
describe('index reads: one read transaction per event-loop turn', () => {
  const data = synthesize(400); // 400 curve trades of 4 coins, real curve arithmetic
  let dir: string;
  let path: string;
  let store: IndexStore;
  let other: Database.Database;

  beforeEach(() => {
    dir = tempDir('read-snapshot');
    path = join(dir, 'index.sqlite');
    store = IndexStore.open(path);
    store.applyAll(data.plantings);
    other = new Database(path, { readonly: true });
    other.pragma('busy_timeout = 0');
  });
  afterEach(() => {
    other.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tradesOnFile = () => (other.prepare('SELECT count(*) AS n FROM trades').get() as { n: number }).n;

  it('a batch written after reads in the same turn is committed at once, and the reads after it see it', async () => {
    const mint = data.mints[0]!;
    expect((await store.queries.coin(mint))?.trades).toBe(0n); // opens the turn's read transaction
    expect(await store.queries.candles(mint, 60n, 300, null)).toEqual([]);

    const applied = store.applyAll(data.trades.slice(0, 200));
    expect(applied).toBe(200);
    // Still the same turn: another connection already reads the batch, so it was not left inside a transaction.
    expect(tradesOnFile()).toBe(200);
    // And this connection's reads after the write see it.
    const counted = data.trades.slice(0, 200).filter((tx) => tx.facts.some((fact) => fact.kind === 'trade' && fact.mint === mint)).length;
    expect((await store.queries.coin(mint))?.trades).toBe(BigInt(counted));
    expect((await store.queries.candles(mint, 60n, 300, null)).reduce((sum, candle) => sum + candle.trades, 0n)).toBe(BigInt(counted));
  });

  it('a batch that fails rolls back whole, with reads open in the turn before it', async () => {
    const mint = data.mints[1]!;
    const before = await store.queries.coin(mint);
    // A trade without an amount, behind 50 good ones: the trades table refuses it (NOT NULL).
    const broken = { ...data.trades[399]!, facts: [{ ...data.trades[399]!.facts[0]!, tokens: null }] } as never;
    expect(() => store.applyAll([...data.trades.slice(0, 50), broken])).toThrow();
    expect(tradesOnFile()).toBe(0);
    expect(await store.queries.coin(mint)).toEqual(before);
    expect(store.applyAll(data.trades.slice(0, 50))).toBe(50); // and the index takes the batch again
  });

  it('nothing is left open once the turn is over: another connection can checkpoint the whole WAL', async () => {
    store.applyAll(data.trades.slice(0, 100));
    await store.queries.coin(data.mints[0]!);
    await store.queries.version();
    const writer = new Database(path);
    try {
      writer.pragma('busy_timeout = 0');
      // Within the turn the store reads from its snapshot, so the WAL cannot be reset under it.
      expect((writer.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]!.busy).toBe(1);
      await endOfTurn();
      expect((writer.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]!.busy).toBe(0);
    } finally {
      writer.close();
    }
  });

  it('a closed store with a read open in its turn closes cleanly', async () => {
    await store.queries.coin(data.mints[0]!);
    store.close();
    await endOfTurn(); // the turn's end finds the connection closed and does nothing
    store = IndexStore.open(path); // afterEach closes this one
    expect((await store.queries.coin(data.mints[0]!))?.mint).toBe(data.mints[0]);
  });
});
