import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { BACKFILL_UNIT, Ingestor } from '../core/index/ingest/ingestor.js';
import { IndexStore, type IndexedTransaction, type PlantedFact, type TradeFact } from '../core/index/store/index-store.js';
import { SCHEMA } from '../core/index/store/schema.js';
import { buyExactQuoteIn, buyExactTokens, sellExactTokens, type CurveState } from '../core/math/curve.js';
import { quoteUnits } from '../core/math/quote-units.js';
import { tokenUnits } from '../core/math/units.js';
import { buyV2Instruction } from '../core/programs/launchpad/instructions/buy-v2.js';
import { CURVE_SHAPE } from '../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { curveTradeFact, fakeAddress, fakeSignature, freshZecCurve } from './lib/index-facts.js';
import { fmtInt, intFromEnv, median, printTable, seededAmounts, spread, type Settings } from './lib/report.js';
import { recordSummary, TARGETS } from './lib/summary.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send } from '../test/helpers/launchpad.js';
import { plantListedCoin } from '../test/helpers/vault.js';
import { rulesOf } from '../test/index/rules.js';

/**
 * The indexer (core/index), in two parts:
 *
 * 1. Ingest rate. BENCH_N × 50 synthetic curve trades (100,000 by default) across a hundredth as many
 *    ZEC-paired coins, each trade in its own IndexedTransaction with a unique base58 signature, applied
 *    with IndexStore.applyAll into a SQLite file in a temp dir: in a backfill's commits of BACKFILL_UNIT
 *    (5,000; the table's row) and in the live path's batches of 200.
 *    The coins' plantings are applied first, untimed (a trade of a coin the index does not hold is not
 *    counted). The amounts are real curve arithmetic (core/math/curve from the sandbox's curve shape and
 *    fees, buys of 0.001-0.5 ZEC and sales of part of a holder's coins, 20 traders per coin), so the
 *    prices, fees, candles and holdings the store writes are those of real trading. Beside it, the raw
 *    insert rate of exactly the same trade rows (same values, same seq) with better-sqlite3 directly: one
 *    prepared positional INSERT into a table declared as the store's `trades` (its columns and primary
 *    key, read from core/index/store/schema.ts), the same commits in SQLite transactions, WAL + synchronous
 *    NORMAL as the store; once without and once with the `trades` table's secondary indexes (three). Every
 *    round uses fresh files; after the first, every trade is read back through IndexStore.tradesOf and
 *    checked to be the row inserted raw.
 * 2. Latency from landing to readable. A real sandbox (in memory, clock stopped) and a live Ingestor
 *    (SandboxChain) following it into a SQLite file; BENCH_N / 20 real buy_v2 trades (100 by default) of
 *    a listed coin, one at a time. Each is timed from the moment `send` has resolved and the next slot
 *    has made it confirmed (the Ingestor's logs subscription fires then) until IndexStore.tradesOf
 *    returns its signature, polled once per event-loop turn (setImmediate).
 *
 * BENCH_ROUNDS rounds of part 1, 2 by default here (not 3 as elsewhere: one round of the index at 100,000
 * trades takes about half a minute); tables show medians with their spread.
 */

export const title = 'trades ingested into SQLite beside raw inserts of the same rows; landing-to-readable latency';

const MAX_N = 10_000;
const MAX_ROUNDS = 10;
const DEFAULT_ROUNDS = 2;
const ZEC = 100_000_000n;
/** Trades per BENCH_N in part 1. */
const TRADES_PER_N = 50;
const TRADES_PER_COIN = 100;
const TRADERS_PER_COIN = 20;
/** The Ingestor's live batch (core/index/ingest/ingestor.ts BATCH; not exported); a backfill commits in BACKFILL_UNIT. */
const BATCH = 200;
/** Buys in part 2: BENCH_N divided by this. */
const LATENCY_DIVISOR = 20;
/** Holdings below this (1,000 whole coins) are sold whole, not in part. */
const DUST = 1_000_000_000n;
/** Where the synthetic chain starts: a mainnet-like slot and unix time, about 1.6 trades a slot, 4 a second. */
const START_SLOT = 330_000_000n;
const START_AT = 1_750_000_000n;

// ---------------------------------------------------------------------------------------------------
// Synthetic trades
// ---------------------------------------------------------------------------------------------------


/** One trade as the store's `trades` row: seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creator_fee, protocol_fee, price_e18, routed. */
type RawRow = readonly [bigint, number, string, bigint, bigint, string, string, string, string, bigint, bigint, bigint, bigint, bigint, bigint, number];

interface Synthetic {
  readonly plantings: IndexedTransaction[];
  readonly trades: IndexedTransaction[];
  /** The same trades as rows of the `trades` table, with the seq the store gives them. */
  readonly rows: RawRow[];
  readonly mints: Address[];
  readonly buys: number;
  readonly totalZec: bigint;
}

export function synthesize(count: number): Synthetic {
  const coins = Math.max(1, Math.round(count / TRADES_PER_COIN));
  const wallets = Array.from({ length: coins * 4 }, (_, i) => fakeAddress(`bench wallet ${i}`));
  const initial = freshZecCurve();
  const plantings: IndexedTransaction[] = [];
  const state: { mint: Address; curve: CurveState; held: Map<Address, bigint>; curveAccount: Address }[] = [];
  for (let c = 0; c < coins; c++) {
    const mint = fakeAddress(`bench mint ${c}`);
    const fact: PlantedFact = {
      kind: 'planted',
      mint,
      listed: true,
      unlistedReason: null,
      pair: 'zec',
      name: `Bench Coin ${c}`,
      symbol: `BENCH${c % 100_000}`,
      uri: `https://example.com/bench/${c}.json`,
      deployer: fakeAddress(`bench deployer ${c}`),
      creator: fakeAddress(`bench coin authority ${c}`),
      payeeKind: 'wallet',
      payee: fakeAddress(`bench payee ${c}`),
      virtualToken: initial.virtualTokenReserves,
      virtualQuote: initial.virtualQuoteReserves,
      realToken: initial.realTokenReserves,
      realQuote: initial.realQuoteReserves,
      tokenTotalSupply: CURVE_SHAPE.tokenTotalSupply,
      curve: fakeAddress(`bench curve ${c}`),
    };
    plantings.push({ signature: fakeSignature(`bench planting ${c}`), slot: START_SLOT - BigInt(coins - c), at: START_AT - BigInt(coins - c), facts: [fact] });
    state.push({ mint, curve: initial, held: new Map(), curveAccount: fact.curve });
  }

  const coinOf = seededAmounts(0x1d1, 0n, BigInt(coins), count);
  const traderOf = seededAmounts(0x1d2, 0n, BigInt(TRADERS_PER_COIN), count);
  const roll = seededAmounts(0x1d3, 0n, 100n, count);
  const spends = seededAmounts(0x1d4, ZEC / 1_000n, ZEC / 2n, count);
  const sellPercent = seededAmounts(0x1d5, 1n, 101n, count);
  const trades: IndexedTransaction[] = [];
  const rows: RawRow[] = [];
  let buys = 0;
  let totalZec = 0n;
  for (let i = 0; i < count; i++) {
    const c = Number(coinOf[i]!);
    const coin = state[c]!;
    const user = wallets[(c * 7 + Number(traderOf[i]!)) % wallets.length]!;
    const balance = coin.held.get(user) ?? 0n;
    let fact: TradeFact;
    if (roll[i]! < 30n && balance >= DUST) {
      // Part of the holding, or all of it when what would be left is dust.
      const part = (balance * sellPercent[i]!) / 100n;
      const amount = balance - part < DUST ? balance : part;
      const sale = sellExactTokens(coin.curve, tokenUnits(amount), SANDBOX_FEE_RATES);
      coin.curve = sale.next;
      coin.held.set(user, balance - amount);
      const fees = sale.protocolFee + sale.creatorFee + sale.buybackFee;
      fact = curveTradeFact(coin.mint, 'sell', user, amount, sale.quoteOut, sale.quoteOut - fees, sale.creatorFee, sale.protocolFee, sale.next);
    } else {
      const buy = buyExactQuoteIn(coin.curve, quoteUnits(spends[i]!), SANDBOX_FEE_RATES);
      if (buy.completes) throw new Error('a synthetic buy completed its curve: lower the spends');
      coin.curve = buy.next;
      coin.held.set(user, balance + buy.tokens);
      fact = curveTradeFact(coin.mint, 'buy', user, buy.tokens, buy.quoteCost, buy.totalCost, buy.creatorFee, buy.protocolFee, buy.next);
      buys += 1;
    }
    const tx: IndexedTransaction = {
      signature: fakeSignature(`bench trade ${i}`),
      slot: START_SLOT + BigInt(Math.floor((i * 5) / 8)),
      at: START_AT + BigInt(Math.floor(i / 4)),
      // As the ingest reads a real trade: the trade, then its token balance changes (the trader's and the curve's).
      facts: [fact, { kind: 'moved', mint: coin.mint, owner: user, delta: fact.side === 'buy' ? fact.tokens : -fact.tokens }, { kind: 'moved', mint: coin.mint, owner: coin.curveAccount, delta: fact.side === 'buy' ? -fact.tokens : fact.tokens }],
    };
    trades.push(tx);
    const seq = BigInt(plantings.length + i + 1);
    rows.push([seq, 0, tx.signature, tx.slot, tx.at, fact.mint, fact.venue, fact.side, fact.user, fact.tokens, fact.quote, fact.zec, fact.creatorFee, fact.protocolFee, fact.priceE18, 0]);
    totalZec += fact.zec;
  }
  return { plantings, trades, rows, mints: state.map((coin) => coin.mint), buys, totalZec };
}

// ---------------------------------------------------------------------------------------------------
// Part 1: ingest rate beside raw inserts
// ---------------------------------------------------------------------------------------------------

/** The store's own `trades` table and its indexes, read from its schema (so the raw table cannot drift from it). */
function tradesDdl(): { table: string; indexes: string[] } {
  const table = /CREATE TABLE IF NOT EXISTS trades \([\s\S]*?\n\);/.exec(SCHEMA)?.[0];
  const indexes = SCHEMA.match(/CREATE INDEX IF NOT EXISTS trades_\w+ ON trades \([^)]*\);/g) ?? [];
  if (table === undefined || indexes.length === 0) throw new Error('the trades table or its indexes are not in core/index/store/schema.ts as expected');
  return { table, indexes };
}

/** Trades per second through IndexStore.applyAll, plantings applied first (untimed). */
async function timeIndex(path: string, data: Synthetic, unit: number, check: boolean, riskFigures = true): Promise<number> {
  const store = IndexStore.open(path, { riskFigures });
  // The page cache the ingest gives its backfill (Ingestor.backfill), or its live batches.
  store.cacheFor(unit >= BACKFILL_UNIT ? 'backfill' : 'live');
  try {
    for (let i = 0; i < data.plantings.length; i += BATCH) store.applyAll(data.plantings.slice(i, i + BATCH));
    const batches: IndexedTransaction[][] = [];
    for (let i = 0; i < data.trades.length; i += unit) batches.push(data.trades.slice(i, i + unit));
    let applied = 0;
    const start = performance.now();
    for (const batch of batches) applied += store.applyAll(batch);
    const ms = performance.now() - start;
    if (applied !== data.trades.length) throw new Error(`applyAll applied ${applied} of ${data.trades.length} trades`);
    if (check) await checkReadBack(store, data);
    return (data.trades.length * 1000) / ms;
  } finally {
    store.close();
  }
}

/** Every trade, read back through the store's API, is the row inserted raw; the coins' counters add up. */
async function checkReadBack(store: IndexStore, data: Synthetic): Promise<void> {
  const expected = new Map(data.rows.map((row) => [row[2], row]));
  let seen = 0;
  let counted = 0n;
  for (const mint of data.mints) {
    counted += (await store.coin(mint))?.trades ?? 0n;
    for (const t of await store.tradesOf(mint)) {
      const row = expected.get(t.signature);
      const got = [t.slot, t.at, t.mint, t.venue, t.side, t.user, t.tokens, t.quote, t.zec, t.creatorFee, t.protocolFee, t.priceE18];
      if (row === undefined || got.some((value, i) => value !== row[i + 3])) throw new Error(`trade ${t.signature} reads back otherwise than it was written`);
      seen += 1;
    }
  }
  if (seen !== data.rows.length || counted !== BigInt(data.rows.length)) throw new Error(`read back ${seen} trades (coins count ${counted}) of ${data.rows.length}`);
}

/** Rows per second of the same trade rows inserted directly; the table's count and ZEC total checked. */
function timeRaw(path: string, data: Synthetic, unit: number, withIndexes: boolean): number {
  const ddl = tradesDdl();
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(ddl.table);
    if (withIndexes) for (const index of ddl.indexes) db.exec(index);
    const insert = db.prepare(
      'INSERT INTO trades (seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creator_fee, protocol_fee, price_e18, routed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertAll = db.transaction((rows: readonly RawRow[]) => {
      for (const row of rows) insert.run(row);
    });
    const batches: RawRow[][] = [];
    for (let i = 0; i < data.rows.length; i += unit) batches.push(data.rows.slice(i, i + unit));
    const start = performance.now();
    for (const batch of batches) insertAll(batch);
    const ms = performance.now() - start;
    const totals = db.prepare('SELECT COUNT(*) AS n, SUM(zec) AS zec FROM trades').safeIntegers(true).get() as { n: bigint; zec: bigint };
    if (totals.n !== BigInt(data.rows.length) || totals.zec !== data.totalZec) throw new Error(`the raw table holds ${totals.n} rows of ${totals.zec} zat, not ${data.rows.length} of ${data.totalZec}`);
    return (data.rows.length * 1000) / ms;
  } finally {
    db.close();
  }
}

async function ingestRate(s: Settings): Promise<void> {
  const count = s.n * TRADES_PER_N;
  const made = performance.now();
  const data = synthesize(count);
  const madeMs = performance.now() - made;
  const dir = mkdtempSync(join(tmpdir(), 'launchdesk-bench-index-'));
  // The backfill's units (what a long ingest runs at) and the live batches, each beside raw inserts in the same units.
  const index: number[] = [];
  const bare: number[] = [];
  const raw: number[] = [];
  const rawIndexed: number[] = [];
  const live: number[] = [];
  const rawLive: number[] = [];
  try {
    for (let round = 0; round < s.rounds; round++) {
      index.push(await timeIndex(join(dir, `index-${round}.sqlite`), data, BACKFILL_UNIT, round === 0));
      bare.push(await timeIndex(join(dir, `bare-${round}.sqlite`), data, BACKFILL_UNIT, false, false));
      raw.push(timeRaw(join(dir, `raw-${round}.sqlite`), data, BACKFILL_UNIT, false));
      rawIndexed.push(timeRaw(join(dir, `raw-indexed-${round}.sqlite`), data, BACKFILL_UNIT, true));
      live.push(await timeIndex(join(dir, `live-${round}.sqlite`), data, BATCH, false));
      rawLive.push(timeRaw(join(dir, `raw-live-${round}.sqlite`), data, BATCH, true));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const indexes = tradesDdl().indexes.length;
  const row = (label: string, mine: number[], peer: number[]) => {
    const [ours, theirs] = [median(mine), median(peer)];
    return [label, fmtInt(ours), spread(mine), fmtInt(theirs), spread(peer), `${(ours / theirs).toFixed(2)}x`];
  };
  console.log(
    `\n1. Ingest rate: ${fmtInt(count)} curve trades (${fmtInt(data.buys)} buys, ${fmtInt(count - data.buys)} sales) across ${fmtInt(data.mints.length)} coins, ` +
      `one transaction each (median of ${s.rounds} rounds)`,
  );
  printTable(
    ['path', 'index trades/s', 'min-max', 'raw rows/s', 'min-max', 'index/raw'],
    [
      row(`backfill, commits of ${fmtInt(BACKFILL_UNIT)}: applyAll vs raw INSERT + the ${indexes} trades indexes`, index, rawIndexed),
      row(`backfill, commits of ${fmtInt(BACKFILL_UNIT)}: applyAll vs raw INSERT (trades columns and key)`, index, raw),
      row(`backfill, commits of ${fmtInt(BACKFILL_UNIT)}: applyAll vs the same without risk figures`, index, bare),
      row(`live, batches of ${BATCH}: applyAll vs raw INSERT + the ${indexes} trades indexes`, live, rawLive),
    ],
  );
  const [withFigures, without] = [median(index), median(bare)];
  console.log(`Keeping the risk figures current costs ${(((without - withFigures) / without) * 100).toFixed(1)}% of the ingest rate (target: at most 10%).`);
  // The team's row: the backfill's rate beside the raw insert with the same indexes in the same commits, and the floor of 20,000 trades/s.
  const [ours, rawWithIndexes] = [median(index), median(rawIndexed)];
  recordSummary(TARGETS.ingest, { ours: `${fmtInt(ours)} trades/s`, peer: `${fmtInt(rawWithIndexes)} rows/s`, ratio: ours / rawWithIndexes, extraValue: ours });
  console.log(
    `Measured: applyAll per commit (one SQLite transaction): a backfill's unit of ${fmtInt(BACKFILL_UNIT)} (core/index/ingest/ingestor.ts BACKFILL_UNIT) and ` +
      `a live batch of ${BATCH}; the coins' plantings applied before the clock starts; per trade all the store ` +
      `does for one (processed signature and seq, the trade row, the coin's reserves and counters, a candle per interval, the holding, ` +
      `the day's figures). Raw: the same ${fmtInt(count)} rows (same values and seq) through one prepared positional INSERT, ` +
      `in the same commits. Both: a SQLite file in ${tmpdir()}, WAL, synchronous NORMAL, fresh every round. ` +
      `After round 1 every trade was read back through tradesOf and matched the raw row; each raw table's count and ZEC total were checked. ` +
      `A commit is most of a small batch's cost (every page the batch touched is written once per commit): hence the two units. ` +
      `(Making the data: ${(madeMs / 1000).toFixed(1)} s, untimed.)`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Part 2: latency from landing to readable
// ---------------------------------------------------------------------------------------------------

/** The nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function latency(s: Settings): Promise<void> {
  const count = Math.max(20, Math.floor(s.n / LATENCY_DIVISOR));
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'launchdesk-bench-index-'));
  let store: IndexStore | null = null;
  let ingestor: Ingestor | null = null;
  try {
    const trader = await fundedWallet(sandbox, 1_000n * ZEC);
    const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'wallet', wallet: (await generateKeyPairSigner()).address }, 1_000_000_000n);
    sandbox.cluster.advanceSlots(1);
    store = IndexStore.open(join(dir, 'latency.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox));
    await ingestor.start();
    if ((await store.coin(coin.mint))?.listed !== true) throw new Error('the backfill did not index the planted coin as listed');
    const parties = partiesFor(sandbox, coin, trader.address);

    // The trader's coin account, opened in a transaction of its own (untimed).
    const opened = await send(sandbox, trader, [await openCoinAccount(trader, coin)]);
    if (opened.err !== null) throw new Error(`opening the coin account failed: ${JSON.stringify(opened.err)}`);
    sandbox.cluster.advanceSlots(1);
    await ingestor.idle();

    const amounts = seededAmounts(0x1d6, 100_000_000_000n, 2_000_000_000_000n, count);
    const ms: number[] = [];
    for (const amount of amounts) {
      const buy = buyExactTokens(curveOf(sandbox, coin), tokenUnits(amount), SANDBOX_FEE_RATES);
      const ix = await buyV2Instruction(parties, { amount: buy.tokens, maxQuoteCost: buy.totalCost });
      const result = await send(sandbox, trader, [ix]);
      if (result.err !== null) throw new Error(`a buy failed: ${JSON.stringify(result.err)}\n${result.logs.join('\n')}`);
      sandbox.cluster.advanceSlots(1); // confirmed: the Ingestor's logs subscription is notified now
      const start = performance.now();
      for (;;) {
        const row = (await store.tradesOf(coin.mint)).find((t) => t.signature === result.signature);
        if (row !== undefined) {
          ms.push(performance.now() - start);
          if (row.tokens !== buy.tokens || row.zec !== buy.totalCost || row.side !== 'buy') throw new Error(`trade ${result.signature} was indexed otherwise than it landed`);
          break;
        }
        if (performance.now() - start > 10_000) {
          await ingestor.idle(); // throws what stopped ingestion, if anything did
          throw new Error(`trade ${result.signature} was not readable within 10 s`);
        }
        await nextTurn();
      }
    }
    await ingestor.idle();
    if ((await store.coin(coin.mint))?.trades !== BigInt(count + 1)) throw new Error(`the coin counts ${(await store.coin(coin.mint))?.trades} trades, not ${count + 1}`);

    const ms2 = (value: number) => value.toFixed(2);
    console.log(`\n2. Latency from landing to readable: ${count} real buy_v2 trades, one at a time, live Ingestor (SandboxChain) into a SQLite file`);
    printTable(['landed and confirmed -> in tradesOf', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'mean ms'], [
      [
        `${count} curve buys of a listed coin`,
        ms2(percentile(ms, 50)),
        ms2(percentile(ms, 90)),
        ms2(percentile(ms, 99)),
        ms2(Math.max(...ms)),
        ms2(ms.reduce((a, b) => a + b, 0) / ms.length),
      ],
    ]);
    console.log(
      `Measured: from just after send() resolved and the next slot was made (the transaction confirmed, the logs notice delivered) ` +
        `until IndexStore.tradesOf(mint) held the signature, polled every event-loop turn; the path is the Ingestor's: getTransaction, ` +
        `viewTransaction, factsOf (the planting judge and event decoding), applyAll of a batch of one. Sandbox in memory, clock stopped ` +
        `(slotMs 0), so no slot time is included: on a live cluster add the time to confirmation. Percentiles are nearest-rank; ` +
        `each row was checked to carry the tokens and ZEC the buy landed with.`,
    );
  } finally {
    ingestor?.stop();
    store?.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const s: Settings = { n: intFromEnv('BENCH_N', 2000, MAX_N), rounds: intFromEnv('BENCH_ROUNDS', DEFAULT_ROUNDS, MAX_ROUNDS) };
  const timed = async (part: string, work: () => void | Promise<void>): Promise<void> => {
    const start = performance.now();
    await work();
    console.log(`(part ${part} took ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  };
  await timed('1', () => ingestRate(s));
  await timed('2', () => latency(s));
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) await run();
