import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '@solana/kit';
import { CANDLE_INTERVALS, candleBucket, priceZecE18 } from '../../core/index/candles.js';
import { IndexStore, type IndexedTransaction } from '../../core/index/store/index-store.js';
import { SCHEMA_VERSION } from '../../core/index/store/schema.js';
import { synthesize } from '../../bench/index-ingest.js';
import { curveTradeFact, fakeAddress, fakeSignature, freshZecCurve } from '../../bench/lib/index-facts.js';
import { tempDir } from '../helpers/sandbox.js';

const INTERVALS = Object.values(CANDLE_INTERVALS);
/** Two minutes into a UTC day: a few seconds on, every interval's candle is the same one. */
const AT = 86_400n * 20_255n + 120n;
const SLOT = 330_000_100n;
const TOKENS = 1_000_000_000n;
const user = fakeAddress('candle order trader');

/** A curve buy of TOKENS for `zat` at `slot` (its price zat × 1e16 / TOKENS), the bench's facts. */
const buyFact = (mint: Address, zat: bigint) => curveTradeFact(mint, 'buy', user, TOKENS, zat, zat, 0n, 0n, freshZecCurve());
const tradeTx = (mint: Address, label: string, slot: bigint, at: bigint, ...zats: bigint[]): IndexedTransaction => ({
  signature: fakeSignature(`candle order ${label}`),
  slot,
  at,
  facts: zats.map((zat) => buyFact(mint, zat)),
});
const priceOf = (zat: bigint) => priceZecE18(zat, TOKENS);

/**
 * A candle opens at its earliest trade in chain order (slot, seq, position) and closes at its latest, whatever
 * order the index applies them in (core/index/store/candle-book.ts): in one batch, across batches, and over
 * prices stored as INTEGER and as TEXT (price-column.ts). A real SQLite file.
 */
describe('candles: open and close in chain order, not arrival order', () => {
  const data = synthesize(1); // one planted ZEC coin
  const mint = data.mints[0]!;
  let dir: string;
  let stores: IndexStore[];

  const openStore = (name: string) => {
    const store = IndexStore.open(join(dir, `${name}.sqlite`));
    stores.push(store);
    store.applyAll(data.plantings);
    return store;
  };
  const candlesOf = async (store: IndexStore) => Promise.all(INTERVALS.map((seconds) => store.candles(mint, seconds)));

  beforeEach(() => {
    dir = tempDir('candle-order');
    stores = [];
  });
  afterEach(() => {
    for (const store of stores) store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const older = tradeTx(mint, 'older', SLOT, AT, 30_000n);
  const middle = tradeTx(mint, 'middle', SLOT + 5n, AT + 2n, 90_000n, 10_000n); // two trades: positions 0 and 1
  const newer = tradeTx(mint, 'newer', SLOT + 10n, AT + 4n, 50_000n);

  /** Every interval's one candle: the older trade's price opens, the newer one's closes. */
  const expectCandles = async (store: IndexStore, expected: { open: bigint; high: bigint; low: bigint; close: bigint; volumeZec: bigint; trades: bigint }) => {
    for (const seconds of INTERVALS) {
      expect(await store.candles(mint, seconds)).toEqual([{ bucket: candleBucket(AT, seconds), ...expected }]);
    }
  };

  it('a newer trade applied before an older one, in separate batches: the older opens, the newer closes', async () => {
    const store = openStore('batches');
    expect(store.applyAll([newer])).toBe(1);
    await expectCandles(store, { open: priceOf(50_000n), high: priceOf(50_000n), low: priceOf(50_000n), close: priceOf(50_000n), volumeZec: 50_000n, trades: 1n });
    expect(store.applyAll([older])).toBe(1);
    await expectCandles(store, { open: priceOf(30_000n), high: priceOf(50_000n), low: priceOf(30_000n), close: priceOf(50_000n), volumeZec: 80_000n, trades: 2n });
    // A trade between the two moves neither: only high and low, volume and trades.
    expect(store.applyAll([middle])).toBe(1);
    await expectCandles(store, { open: priceOf(30_000n), high: priceOf(90_000n), low: priceOf(10_000n), close: priceOf(50_000n), volumeZec: 180_000n, trades: 4n });
  });

  it('a newer trade before an older one within one batch, and every arrival order, make the candles of chain order', async () => {
    const inOrder = openStore('in-order');
    inOrder.applyAll([older, middle, newer]);
    await expectCandles(inOrder, { open: priceOf(30_000n), high: priceOf(90_000n), low: priceOf(10_000n), close: priceOf(50_000n), volumeZec: 180_000n, trades: 4n });
    const orders = [[newer, older, middle], [middle, newer, older], [newer, middle, older]];
    for (const [i, order] of orders.entries()) {
      const oneBatch = openStore(`one-batch-${i}`);
      oneBatch.applyAll(order);
      expect(await candlesOf(oneBatch)).toEqual(await candlesOf(inOrder));
      const split = openStore(`split-${i}`);
      split.applyAll(order.slice(0, 1));
      split.applyAll(order.slice(1));
      expect(await candlesOf(split)).toEqual(await candlesOf(inOrder));
      // The candles agree with the coin's trades as the index lists them (slot, seq, position).
      const trades = await split.tradesOf(mint);
      expect(trades.map((t) => t.slot)).toEqual([SLOT, SLOT + 5n, SLOT + 5n, SLOT + 10n]);
      const [minute] = await split.candles(mint, 60n);
      expect([minute!.open, minute!.close]).toEqual([trades[0]!.priceE18, trades.at(-1)!.priceE18]);
    }
  });

  it('within one transaction the later position closes; within one slot the transaction applied first opens', async () => {
    const store = openStore('positions');
    store.applyAll([tradeTx(mint, 'same slot first', SLOT, AT, 40_000n, 20_000n)]);
    store.applyAll([tradeTx(mint, 'same slot second', SLOT, AT, 70_000n)]);
    store.applyAll([tradeTx(mint, 'earlier slot', SLOT - 1n, AT, 60_000n)]);
    await expectCandles(store, { open: priceOf(60_000n), high: priceOf(70_000n), low: priceOf(20_000n), close: priceOf(70_000n), volumeZec: 190_000n, trades: 4n });
  });

  it('keeps open, high, low and close exact over prices stored as INTEGER and as TEXT', async () => {
    // 1e4 ZEC for TOKENS raw units: 1e28 at 1e18 scale, past SQLite's integers (TEXT); 1 zat stays an INTEGER.
    const huge = 10n ** 12n;
    expect(priceOf(huge)).toBeGreaterThan(2n ** 63n - 1n);
    const store = openStore('wide');
    store.applyAll([tradeTx(mint, 'wide newer', SLOT + 10n, AT + 4n, 1n)]);
    store.applyAll([tradeTx(mint, 'wide older', SLOT, AT, huge)]);
    store.applyAll([tradeTx(mint, 'wide middle', SLOT + 5n, AT + 2n, huge + 1n, 2n)]);
    await expectCandles(store, { open: priceOf(huge), high: priceOf(huge + 1n), low: priceOf(1n), close: priceOf(1n), volumeZec: 2n * huge + 4n, trades: 4n });
    store.applyAll([tradeTx(mint, 'wide newest', SLOT + 20n, AT + 6n, huge - 1n)]);
    await expectCandles(store, { open: priceOf(huge), high: priceOf(huge + 1n), low: priceOf(1n), close: priceOf(huge - 1n), volumeZec: 3n * huge + 3n, trades: 5n });
  });

  it('reads answer candles without the chain-order columns', async () => {
    const store = openStore('reads');
    store.applyAll([newer, older]);
    const keys = ['bucket', 'open', 'high', 'low', 'close', 'volumeZec', 'trades'];
    expect(Object.keys((await store.candles(mint, 60n))[0]!).sort()).toEqual([...keys].sort());
    expect(Object.keys((await store.queries.candles(mint, 60n, 10, null))[0]!).sort()).toEqual([...keys].sort());
    expect(Object.keys((await store.stream.candle(mint, 60n, candleBucket(AT, 60n)))!).sort()).toEqual([...keys].sort());
    expect(await store.queries.candles(mint, 60n, 10, null)).toEqual(await store.candles(mint, 60n));
  });

  it('an index of the previous schema version, candles without the columns, is rebuilt and takes trades', async () => {
    const path = join(dir, 'old.sqlite');
    const old = new Database(path);
    old.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta (key, value) VALUES ('schema', '${SCHEMA_VERSION - 1}');
      CREATE TABLE candles (mint TEXT NOT NULL, interval INTEGER NOT NULL, bucket INTEGER NOT NULL, open NOT NULL, high NOT NULL,
        low NOT NULL, close NOT NULL, volume_zec INTEGER NOT NULL, trades INTEGER NOT NULL, PRIMARY KEY (mint, interval, bucket)) WITHOUT ROWID;
      INSERT INTO candles VALUES ('${mint}', 60, ${candleBucket(AT, 60n)}, 1, 1, 1, 1, 1, 1);`);
    old.close();
    const store = IndexStore.open(path);
    stores.push(store);
    expect(await store.candles(mint, 60n)).toEqual([]); // dropped with the rest: rebuilt from the chain
    store.applyAll(data.plantings);
    store.applyAll([newer, older]);
    await expectCandles(store, { open: priceOf(30_000n), high: priceOf(50_000n), low: priceOf(30_000n), close: priceOf(50_000n), volumeZec: 80_000n, trades: 2n });
  });
});
