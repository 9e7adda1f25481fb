import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { type Address } from '@solana/kit';
import { createApiServer, listenLocal } from '../core/api/server.js';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import type { CoinSort } from '../core/index/store/index-queries.js';
import { IndexStore, type IndexedTransaction, type PlantedFact, type TradeFact } from '../core/index/store/index-store.js';
import { buyExactQuoteIn, sellExactTokens, type CurveState } from '../core/math/curve.js';
import { feeRates } from '../core/math/curve-fees.js';
import { quoteUnits } from '../core/math/quote-units.js';
import { tokenUnits } from '../core/math/units.js';
import { CURVE_SHAPE } from '../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { curveTradeFact, fakeAddress, freshZecCurve, randomSignatures } from './lib/index-facts.js';
import { fmtInt, intFromEnv, printTable } from './lib/report.js';
import { recordSummary, TARGETS, type SummaryTarget } from './lib/summary.js';
import { rng } from './lib/seeded-rng.js';

/**
 * The local /v1 server's hot reads over a large index, beside a bare Fastify route on the same machine
 * in the same run.
 *
 * 1. The index. BENCH_N × 500 curve trades (300,000 by default, see below) across BENCH_COINS listed
 *    ZEC-paired coins (100,000), built once into a SQLite file in a temp dir through IndexStore.applyAll
 *    in batches of 5,000, after the native coin's row and rate (registered first, as Ingestor.start does,
 *    from an in-memory sandbox's profile and pool). The data is made as bench/index-ingest.ts makes it:
 *    real curve arithmetic (core/math/curve from the sandbox's curve shape and fees; buys of 0.001-0.5
 *    ZEC, sales of part of a holder's coins), but laid out in time as a chain would have it: four trades a
 *    second of index time (about 21 hours at the default size, 69 at 1M trades; the trending sort looks at
 *    the last 24), the coins planted evenly over the same span, plantings and trades applied in one stream
 *    in time order. A trade picks among the coins planted by then, skewed toward new ones (index = newest
 *    − ⌊k·u³⌋: half the trades go to the newest eighth), as launchpad trading is; a buy that would
 *    complete its curve is made a sale by the coin's largest holder instead. Signatures are random base58
 *    text of a signature's length (88 characters) from a fixed seed, not decodable signatures: the store
 *    keys on the text, and hashing and encoding real ones takes about 25 us each. Addresses (mints,
 *    wallets, coin authorities) are real base58 of 32 bytes (the API checks mints).
 * 2. Throughput and latency over HTTP. The real server (createApiServer + listenLocal on 127.0.0.1, the
 *    index above, the sandbox's chain and profile) and a bare Fastify 5 instance with two GET routes
 *    answering fixed objects (a real coin's detail JSON, and a real first page of the trending list,
 *    serialised without a schema), both in this process's event loop, as the product runs the server.
 *    Each row is set beside the bare route answering the same kind of body: a list page weighs about
 *    50 times a coin's detail, and the load client's reading of it alone caps the rate a list row can
 *    show (measured against a bare node:http server: about 4,000 answers a second of 45 KB against 13,500
 *    of 0.8 KB), so the lists stand beside the bare list page, the detail and candles beside the coin. The load comes from a worker thread (the
 *    machine's other core): BENCH_CONCURRENCY (16) requests in flight over keep-alive connections
 *    (http.Agent), for BENCH_SECONDS (5) per endpoint after a second of warm-up: the coin detail and
 *    1-minute candles of a random coin (uniform over all coins, old and quiet ones included), the first
 *    page (50) of the trending and new lists, and the two bare routes. Every answer must be 200; a sample of
 *    each, spread over the run, is parsed and checked against the store (the mint and counters, the
 *    list's order, the last candle's close is the coin's last price). Latency is from request written to
 *    response read at that concurrency (p50 ≈ concurrency / rate when the server is the limit). Each
 *    thread's event-loop utilisation says which side was the limit.
 *    Three calibration rows follow: the bare coin route spinning its event loop 25, 50 and 75 us before
 *    it answers. They say what a route doing that much more work than the bare one reaches on this
 *    machine, which is less than the microseconds alone would say: profiled here, an answer's socket
 *    write took about 30 us while the load client was busy and 90-120 us once the server was the limit
 *    and the client slept between answers (each write wakes it).
 * 3. Where the time goes: the same reads called on the store directly (no HTTP, no JSON), and their
 *    share of a saturated server's time per request.
 *
 * Size: the issue's 1M trades over 100k coins is BENCH_N=2000; on a 2-core machine its build alone
 * takes about 7 minutes (applyAll slows from ~10,000 to ~3,000 transactions a second as the file grows
 * past 1.5 GB), so the default here is BENCH_N=600: 300,000 trades over the same 100,000 coins (the list
 * reads scale with the coins; a build of 1.5 to 2 minutes), the whole bench 3 to 3.5 minutes.
 * BENCH_ENDPOINTS (e.g. `candles` or `detail,risk`) runs only those rows of part 2 beside the bare routes.
 */

export const title = 'coin detail, coin lists and candles over HTTP from a large index, beside a bare Fastify route';

/** BENCH_N here: 300,000 trades (not 2000 as elsewhere: see "Size" above). */
const DEFAULT_N = 600;
const MAX_N = 4_000;
const TRADES_PER_N = 500;
const DEFAULT_COINS = 100_000;
const MAX_COINS = 1_000_000;
/** Transactions per applyAll (one SQLite transaction). */
const BATCH = 5_000;
/** Index time: trades per second (the coins are planted evenly over the same span). */
const TRADES_PER_SECOND = 4;
const ZEC = 100_000_000n;
/** Holdings below this (1,000 whole coins) are sold whole, not in part. */
const DUST = 1_000_000_000n;
/** Where the synthetic chain starts: a mainnet-like slot and unix time; 400 ms slots. */
const START_SLOT = 330_000_000n;
const START_AT = 1_750_000_000n;
const SELL_SHARE = 0.3;
const LIST_LIMIT = 50;
const WARMUP_MS = 1_000;
/** The calibration rows' extra work per request, in microseconds of a spinning event loop. */
const CALIBRATION_US = [25, 50, 75] as const;

/** Keeps the event loop busy for `us` microseconds: a route's work, with nothing of it measured but its time. */
function spin(us: number): void {
  const until = performance.now() + us / 1000;
  while (performance.now() < until) continue;
}
/** Sandbox fees: 0.05% protocol, 2% creator (test/helpers/launchpad.ts SANDBOX_FEE_RATES). */
const FEE_RATES = feeRates({ protocolBps: 5n, creatorBps: 200n, buybackBps: 0n });

// ---------------------------------------------------------------------------------------------------
// Part 1: the index
// ---------------------------------------------------------------------------------------------------



interface CoinState {
  readonly mint: Address;
  curve: CurveState;
  /** Holders in a list (a random one sells) and by wallet. */
  readonly holders: { user: Address; balance: bigint }[];
  readonly byUser: Map<Address, { user: Address; balance: bigint }>;
}

interface Built {
  readonly mints: Address[];
  readonly trades: number;
  readonly buys: number;
  readonly makeMs: number;
  readonly applyMs: number;
  readonly totalMs: number;
  /** The last trade's unix time (the index's "now"). */
  readonly newestAt: bigint;
}

/** Makes and applies the whole index in time order, BATCH transactions per applyAll. */
export function buildIndex(store: IndexStore, tradeCount: number, coinCount: number): Built {
  const started = performance.now();
  let applyMs = 0;
  const random = rng(0xa91);
  const signature = randomSignatures(random);
  const wallets = Array.from({ length: Math.max(100, Math.round(tradeCount / 20)) }, (_, i) => fakeAddress(`api bench wallet ${i}`));
  const initial = freshZecCurve();
  const span = BigInt(Math.ceil(tradeCount / TRADES_PER_SECOND));
  const plantedAt = (c: number) => START_AT - 1n + (BigInt(c) * span) / BigInt(coinCount);
  const slotOf = (at: bigint) => START_SLOT + ((at - START_AT) * 5n) / 2n;
  const coins: CoinState[] = [];
  let batch: IndexedTransaction[] = [];
  const flush = () => {
    const start = performance.now();
    const applied = store.applyAll(batch);
    applyMs += performance.now() - start;
    if (applied !== batch.length) throw new Error(`applyAll applied ${applied} of ${batch.length} transactions`);
    batch = [];
  };
  const push = (tx: IndexedTransaction) => {
    batch.push(tx);
    if (batch.length >= BATCH) flush();
  };
  const plant = (c: number) => {
    const mint = fakeAddress(`api bench mint ${c}`);
    const deployer = wallets[Math.floor(random() * wallets.length)]!;
    const fact: PlantedFact = {
      kind: 'planted',
      mint,
      listed: true,
      unlistedReason: null,
      pair: 'zec',
      name: `Bench Coin ${c}`,
      symbol: `B${c.toString(36).toUpperCase()}`,
      uri: `https://example.com/bench/${c}.json`,
      deployer,
      creator: fakeAddress(`api bench coin authority ${c}`),
      payeeKind: 'wallet',
      payee: deployer,
      virtualToken: initial.virtualTokenReserves,
      virtualQuote: initial.virtualQuoteReserves,
      realToken: initial.realTokenReserves,
      realQuote: initial.realQuoteReserves,
      tokenTotalSupply: CURVE_SHAPE.tokenTotalSupply,
      curve: fakeAddress(`api bench curve ${c}`),
    };
    const at = plantedAt(c);
    push({ signature: signature(), slot: slotOf(at), at, facts: [fact] });
    coins.push({ mint, curve: initial, holders: [], byUser: new Map() });
  };
  const sell = (coin: CoinState, holder: { user: Address; balance: bigint }, share: bigint): TradeFact => {
    const part = (holder.balance * share) / 100n;
    const amount = holder.balance - part < DUST ? holder.balance : part;
    const sale = sellExactTokens(coin.curve, tokenUnits(amount), FEE_RATES);
    coin.curve = sale.next;
    holder.balance -= amount;
    if (holder.balance === 0n) {
      const i = coin.holders.indexOf(holder);
      coin.holders[i] = coin.holders.at(-1)!;
      coin.holders.pop();
      coin.byUser.delete(holder.user);
    }
    const fees = sale.protocolFee + sale.creatorFee + sale.buybackFee;
    return curveTradeFact(coin.mint, 'sell', holder.user, amount, sale.quoteOut, sale.quoteOut - fees, sale.creatorFee, sale.protocolFee, sale.next);
  };

  let buys = 0;
  let at = START_AT;
  for (let i = 0; i < tradeCount; i++) {
    at = START_AT + BigInt(Math.floor(i / TRADES_PER_SECOND));
    while (coins.length < coinCount && plantedAt(coins.length) <= at) plant(coins.length);
    const k = coins.length;
    const coin = coins[Math.max(0, k - 1 - Math.floor(k * random() ** 3))]!;
    let fact: TradeFact | null = null;
    if (random() < SELL_SHARE && coin.holders.length > 0) {
      const holder = coin.holders[Math.floor(random() * coin.holders.length)]!;
      if (holder.balance >= DUST) fact = sell(coin, holder, BigInt(1 + Math.floor(random() * 100)));
    }
    if (fact === null) {
      const user = wallets[Math.floor(random() * wallets.length)]!;
      const spend = ZEC / 1_000n + BigInt(Math.floor(random() * Number(ZEC / 2n - ZEC / 1_000n)));
      const buy = buyExactQuoteIn(coin.curve, quoteUnits(spend), FEE_RATES);
      if (buy.completes) {
        // Kept on the curve: the largest holder takes profit instead.
        const largest = coin.holders.reduce((a, b) => (b.balance > a.balance ? b : a));
        fact = sell(coin, largest, 100n);
      } else {
        coin.curve = buy.next;
        let holder = coin.byUser.get(user);
        if (holder === undefined) {
          holder = { user, balance: 0n };
          coin.byUser.set(user, holder);
          coin.holders.push(holder);
        }
        holder.balance += buy.tokens;
        fact = curveTradeFact(coin.mint, 'buy', user, buy.tokens, buy.quoteCost, buy.totalCost, buy.creatorFee, buy.protocolFee, buy.next);
        buys += 1;
      }
    }
    push({ signature: signature(), slot: slotOf(at), at, facts: [fact] });
  }
  while (coins.length < coinCount) plant(coins.length);
  if (batch.length > 0) flush();
  const totalMs = performance.now() - started;
  return { mints: coins.map((c) => c.mint), trades: tradeCount, buys, makeMs: totalMs - applyMs, applyMs, totalMs, newestAt: at };
}

// ---------------------------------------------------------------------------------------------------
// Part 2: load over HTTP, from a worker thread
// ---------------------------------------------------------------------------------------------------

/**
 * The load generator, plain JavaScript run in a worker (eval): `concurrency` loops, each sending its
 * next GET as soon as its last one is read, over one keep-alive agent. `{mint}` in a path is a random
 * mint of those passed in. With `ports`, the loops are spread over several servers (loop k asks ports[k mod n]);
 * with `callers`, each loop is a caller of its own behind a trusted proxy (X-Forwarded-For 10.0.k.1). A sample of bodies comes back for checking; every status is counted.
 */
export const LOADER = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const mints = workerData.mints;
let state = workerData.seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pathOf = (template) => template.replace('{mint}', () => mints[Math.floor(random() * mints.length)]);
const get = (agent, port, path, keep, headers) =>
  new Promise((resolve, reject) => {
    const request = http.get({ agent, host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks = [];
      const whole = keep || response.statusCode !== 200;
      if (whole) response.on('data', (chunk) => chunks.push(chunk));
      else response.resume();
      response.on('end', () => resolve({ status: response.statusCode, body: whole ? Buffer.concat(chunks).toString('utf8') : '' }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
parentPort.on('message', async (job) => {
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
    const latencies = [];
    const samples = [];
    let errors = 0;
    let firstError = null;
    const phase = async (ms, measured) => {
      const end = performance.now() + ms;
      // Samples spread evenly over the measured phase.
      let nextSample = performance.now();
      const loop = async (k) => {
        const port = job.ports ? job.ports[k % job.ports.length] : job.port;
        // With \`callers\`: each loop a caller of its own behind a proxy (a hosted replica trusting 127.0.0.1).
        const headers = job.callers ? { 'x-forwarded-for': '10.0.' + k + '.1' } : undefined;
        while (performance.now() < end) {
          const path = pathOf(job.template);
          const keep = measured && samples.length < job.samples && performance.now() >= nextSample;
          if (keep) nextSample += ms / job.samples;
          const start = performance.now();
          const answer = await get(agent, port, path, keep, headers);
          const took = performance.now() - start;
          if (answer.status !== 200) {
            errors += 1;
            firstError ??= { path, status: answer.status, body: answer.body.slice(0, 500) };
          } else if (keep) samples.push({ path, body: answer.body });
          if (measured) latencies.push(took);
        }
      };
      const start = performance.now();
      await Promise.all(Array.from({ length: job.concurrency }, (_, k) => loop(k)));
      return performance.now() - start;
    };
    await phase(job.warmupMs, false);
    parentPort.postMessage({ measuring: true });
    const busy = performance.eventLoopUtilization();
    const elapsedMs = await phase(job.durationMs, true);
    const clientBusy = performance.eventLoopUtilization(busy).utilization;
    agent.destroy();
    const array = Float64Array.from(latencies);
    parentPort.postMessage({ elapsedMs, latencies: array, errors, firstError, samples, clientBusy }, [array.buffer]);
  } catch (error) {
    parentPort.postMessage({ failed: String((error && error.stack) || error) });
  }
});
`;

interface LoadResult {
  readonly elapsedMs: number;
  readonly latencies: Float64Array;
  readonly errors: number;
  readonly firstError: { path: string; status: number; body: string } | null;
  readonly samples: { path: string; body: string }[];
  /** The worker's event-loop utilisation while measured (the client's). */
  readonly clientBusy: number;
}

/** The rows of part 2, by key (BENCH_ENDPOINTS names some of them to run only those, with their bare peers). */
const ENDPOINT_KEYS = ['bareCoin', 'bareList', 'detail', 'trending', 'new', 'candles', 'risk', 'calibration'] as const;
type EndpointKey = (typeof ENDPOINT_KEYS)[number];

interface Endpoint {
  readonly key: EndpointKey;
  readonly label: string;
  readonly port: 'api' | 'bare';
  /** The bare route it stands beside: the one answering the same kind of body. */
  readonly peer: 'coin' | 'list';
  readonly template: string;
  /** Throws unless a sampled answer (its path and parsed body) is the real one. */
  readonly check: (path: string, body: unknown) => void;
}

/** One endpoint's load; `serverBusy` is this thread's event-loop utilisation while it was measured (the server's). */
export function load(worker: Worker, job: { port: number; ports?: readonly number[]; callers?: boolean; template: string; durationMs: number; concurrency: number }): Promise<LoadResult & { serverBusy: number }> {
  return new Promise((resolve, reject) => {
    let busy = performance.eventLoopUtilization();
    const done = (error: Error | null, result?: LoadResult) => {
      worker.off('error', done);
      worker.off('message', listen);
      if (error) reject(error);
      else resolve({ ...result!, serverBusy: performance.eventLoopUtilization(busy).utilization });
    };
    const listen = (message: LoadResult | { measuring: true } | { failed: string }) => {
      if ('measuring' in message) busy = performance.eventLoopUtilization();
      else if ('failed' in message) done(new Error(`the load worker failed: ${message.failed}`));
      else done(null, message);
    };
    worker.on('error', done);
    worker.on('message', listen);
    worker.postMessage({ ...job, warmupMs: WARMUP_MS, samples: 50 });
  });
}

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: Float64Array, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

// ---------------------------------------------------------------------------------------------------
// Part 3: the store's own time, and SQLite's plans
// ---------------------------------------------------------------------------------------------------

/** Calls per second of `call` for about `ms` (after a tenth as long untimed). */
function rate(call: (i: number) => unknown, ms: number): number {
  const warm = performance.now() + ms / 10;
  let i = 0;
  while (performance.now() < warm) call(i++);
  let calls = 0;
  const start = performance.now();
  const end = start + ms;
  while (performance.now() < end) call(calls++);
  return (calls * 1000) / (performance.now() - start);
}

// ---------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

function expectEqual(what: string, got: unknown, want: unknown): void {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${what}: got ${JSON.stringify(got)?.slice(0, 300)}, expected ${JSON.stringify(want)?.slice(0, 300)}`);
}

/** BENCH_ENDPOINTS: a comma-separated list of ENDPOINT_KEYS (every row by default); the bare routes always run, as every row's peer. */
function endpointsFromEnv(): ReadonlySet<EndpointKey> {
  const text = process.env['BENCH_ENDPOINTS'];
  if (text === undefined || text === '') return new Set(ENDPOINT_KEYS);
  const names = text.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ENDPOINT_KEYS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_ENDPOINTS names ${unknown.join(', ')}; the rows are ${ENDPOINT_KEYS.join(', ')}`);
  return new Set<EndpointKey>(['bareCoin', 'bareList', ...(names as EndpointKey[])]);
}

const mintOfPath = (path: string) => /^\/v1\/coins\/([1-9A-HJ-NP-Za-km-z]+)/.exec(path)![1]! as Address;

export async function run(): Promise<void> {
  const n = intFromEnv('BENCH_N', DEFAULT_N, MAX_N);
  const seconds = intFromEnv('BENCH_SECONDS', 5, 120);
  const concurrency = intFromEnv('BENCH_CONCURRENCY', 16, 1_024);
  const tradeCount = n * TRADES_PER_N;
  const coinCount = intFromEnv('BENCH_COINS', DEFAULT_COINS, MAX_COINS);
  const wanted = endpointsFromEnv();

  const dir = mkdtempSync(join(tmpdir(), 'launchdesk-bench-api-'));
  const path = join(dir, 'index.sqlite');
  let store: IndexStore | null = null;
  let sandbox: Sandbox | null = null;
  let worker: Worker | null = null;
  const servers: { close(): Promise<unknown> }[] = [];
  try {
    // ---- 1. the index ----
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    const chain = new SandboxChain(sandbox.cluster);
    store = IndexStore.open(path);
    // The native coin's row and rate first, as Ingestor.start registers them before any transaction.
    const native = sandbox.profile.pairs?.native;
    if (native === undefined) throw new Error('the sandbox profile has no native pair');
    store.registerNativeCoin({ mint: native.mint, symbol: native.symbol ?? 'NATIVE', name: native.symbol ?? 'NATIVE', pool: native.pool });
    const [baseVault, quoteVault] = await chain.getAccounts([native.poolBaseVault, native.poolQuoteVault]);
    const amount = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true);
    if (!baseVault || !quoteVault) throw new Error("the native pool's vaults are not on the sandbox");
    store.seedNativePool(native.pool, amount(baseVault.data), amount(quoteVault.data));
    if (await store.nativeRate() === null) throw new Error('the native rate was not seeded');
    const built = buildIndex(store, tradeCount, coinCount);
    const stats = await store.stats();
    if (stats.coins !== BigInt(coinCount) || stats.trades !== BigInt(tradeCount)) throw new Error(`the index counts ${stats.coins} coins and ${stats.trades} trades, not ${coinCount} and ${tradeCount}`);
    const bytes = readdirSync(dir).reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
    const hours = Number(built.newestAt - START_AT) / 3600;
    console.log(
      `\n1. Index: ${fmtInt(coinCount)} listed ZEC coins, ${fmtInt(tradeCount)} curve trades (${fmtInt(built.buys)} buys, ${fmtInt(tradeCount - built.buys)} sales) ` +
        `over ${hours.toFixed(1)} h of index time, ${fmtInt(Number(stats.traders))} traders; ${(bytes / 2 ** 20).toFixed(0)} MiB on disk`,
    );
    console.log(
      `Built in ${(built.totalMs / 1000).toFixed(1)} s: applyAll (batches of ${fmtInt(BATCH)}) ${(built.applyMs / 1000).toFixed(1)} s ` +
        `(${fmtInt((tradeCount + coinCount) / (built.applyMs / 1000))} transactions/s), making the data ${(built.makeMs / 1000).toFixed(1)} s.`,
    );

    // ---- 2. the servers and the load ----
    let clock = Date.now();
    const api = await createApiServer({
      store,
      chain,
      profile: sandbox.profile,
      // No key store: the load sends no Authorization header, so every request is anonymous.
      // The rate limiter's clock: 61 s later at every request, so each starts a fresh minute and none is
      // refused (anonymous reads are 60 a minute); the limiter's own work still runs per request.
      now: () => (clock += 61_000),
    });
    servers.push(api);
    const apiPort = (await listenLocal(api, 0)).port;

    const sampleMint = built.mints[Math.floor(built.mints.length / 2)]!;
    const sampleAnswer = await fetch(`http://127.0.0.1:${apiPort}/v1/coins/${sampleMint}`);
    if (sampleAnswer.status !== 200) throw new Error(`GET /v1/coins/${sampleMint} answered ${sampleAnswer.status}: ${await sampleAnswer.text()}`);
    const fixedText = await sampleAnswer.text();
    const fixed = JSON.parse(fixedText) as Json;
    // The list rows' peer: the same kind of bare route answering a real list page (what a list answer
    // weighs, about 50 times a coin's detail: the load client's reading of it alone caps the rate).
    const sampleList = await fetch(`http://127.0.0.1:${apiPort}/v1/coins?sort=trending&limit=${LIST_LIMIT}`);
    if (sampleList.status !== 200) throw new Error(`GET /v1/coins?sort=trending answered ${sampleList.status}: ${await sampleList.text()}`);
    const fixedListText = await sampleList.text();
    const fixedList = JSON.parse(fixedListText) as Json;
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => fixed);
    bare.get('/bare-list', async () => fixedList);
    // The calibration rows: the bare coin route after a fixed spin of the event loop, standing for work
    // a route does beyond the bare one (what an extra microsecond of a route costs on this machine).
    bare.get<{ Params: { us: string } }>('/bare-work/:us', async (request) => {
      spin(Number(request.params.us));
      return fixed;
    });
    servers.push(bare);
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const barePort = (bare.server.address() as { port: number }).port;

    const s = store;
    const newest = built.newestAt;
    const checkList = (sort: CoinSort) => async (_path: string, body: unknown) => {
      const data = (body as { data: Json[] }).data;
      expectEqual(`${sort} list`, data.map((c) => c['mint']), (await s.queries.coins({ sort, limit: LIST_LIMIT, offset: 0 })).map((c) => c.mint));
      if (data.length !== Math.min(LIST_LIMIT, coinCount)) throw new Error(`the ${sort} list holds ${data.length} coins`);
      if (sort === 'new' && data[0]!['createdAt'] !== Number((await s.coin(built.mints.at(-1)!))!.createdAt)) throw new Error('the new list does not start with the last coins planted');
      if (sort === 'trending' && (BigInt(data[0]!['volumeZec'] as string) === 0n || Number(data[0]!['lastTradeAt']) < Number(newest) - 86_400)) {
        throw new Error('the trending list does not start with a coin traded in the last 24 hours (6-hour half-life volume)');
      }
    };
    const every: Endpoint[] = [
      {
        key: 'bareCoin',
        label: 'bare Fastify route (fixed coin JSON)',
        port: 'bare',
        peer: 'coin',
        template: '/bare',
        check: (_path, body) => expectEqual('bare answer', body, fixed),
      },
      {
        key: 'bareList',
        label: 'bare Fastify route (fixed list page JSON)',
        port: 'bare',
        peer: 'list',
        template: '/bare-list',
        check: (_path, body) => expectEqual('bare list answer', body, fixedList),
      },
      {
        key: 'detail',
        label: 'GET /v1/coins/{mint}',
        port: 'api',
        peer: 'coin',
        template: '/v1/coins/{mint}',
        check: async (p, body) => {
          const b = body as Json;
          const row = (await s.coin(mintOfPath(p)))!;
          expectEqual('coin detail', [b['mint'], b['trades'], b['volumeZec'], b['lastTradeAt']], [row.mint, Number(row.trades), String(row.volumeZec), row.lastTradeAt === null ? null : Number(row.lastTradeAt)]);
        },
      },
      { key: 'trending', label: `GET /v1/coins?sort=trending&limit=${LIST_LIMIT}`, port: 'api', peer: 'list', template: `/v1/coins?sort=trending&limit=${LIST_LIMIT}`, check: checkList('trending') },
      { key: 'new', label: `GET /v1/coins?sort=new&limit=${LIST_LIMIT}`, port: 'api', peer: 'list', template: `/v1/coins?sort=new&limit=${LIST_LIMIT}`, check: checkList('new') },
      {
        key: 'candles',
        label: 'GET /v1/coins/{mint}/candles?interval=1m',
        port: 'api',
        peer: 'coin',
        template: '/v1/coins/{mint}/candles?interval=1m',
        check: async (p, body) => {
          const b = body as { interval: string; data: Json[] };
          const mint = mintOfPath(p);
          const row = (await s.coin(mint))!;
          expectEqual('candles', [b.interval, b.data.length], ['1m', (await s.queries.candles(mint, 60n, 300, null)).length]);
          if ((row.trades > 0n) !== b.data.length > 0) throw new Error(`${mint} has ${row.trades} trades and ${b.data.length} candles`);
          if (row.trades > 0n) expectEqual(`${mint}'s last close`, b.data.at(-1)!['cE18'], String(row.lastPriceE18));
        },
      },
      {
        key: 'risk',
        label: 'GET /v1/coins/{mint}/risk',
        port: 'api',
        peer: 'coin',
        template: '/v1/coins/{mint}/risk',
        check: async (p, body) => {
          const b = body as Json;
          const r = (await s.risk(mintOfPath(p)))!;
          expectEqual('risk', [b['holders'], (b['top10'] as Json)['balance'], (b['snipers'] as Json)['count']], [Number(r.holders), String(r.top10Held), Number(r.snipers)]);
        },
      },
      ...CALIBRATION_US.map((us): Endpoint => ({
        key: 'calibration',
        label: `bare Fastify route + ${us} us of work`,
        port: 'bare',
        peer: 'coin',
        template: `/bare-work/${us}`,
        check: (_path, body) => expectEqual('bare answer', body, fixed),
      })),
    ];
    const endpoints = every.filter((e) => wanted.has(e.key));

    worker = new Worker(LOADER, { eval: true, workerData: { mints: built.mints, seed: 0x5eed } });
    const results: { endpoint: Endpoint; rps: number; p50: number; p99: number; samples: number; note: string; serverBusy: number; clientBusy: number }[] = [];
    for (const endpoint of endpoints) {
      const result = await load(worker, { port: endpoint.port === 'api' ? apiPort : barePort, template: endpoint.template, durationMs: seconds * 1000, concurrency });
      if (result.errors > 0) throw new Error(`${endpoint.label}: ${result.errors} answers were not 200, the first ${JSON.stringify(result.firstError)}`);
      if (result.samples.length === 0) throw new Error(`${endpoint.label}: no answer was sampled`);
      let candles = 0;
      for (const sample of result.samples) {
        const body = JSON.parse(sample.body) as unknown;
        endpoint.check(sample.path, body);
        if (endpoint.template.includes('candles')) candles += (body as { data: unknown[] }).data.length;
      }
      const sorted = result.latencies.sort();
      const note = endpoint.template.includes('candles') ? `${(candles / result.samples.length).toFixed(1)} candles per answer (sampled)` : '';
      results.push({ endpoint, rps: (sorted.length * 1000) / result.elapsedMs, p50: percentile(sorted, 50), p99: percentile(sorted, 99), samples: result.samples.length, note, serverBusy: result.serverBusy, clientBusy: result.clientBusy });
    }

    // Each row beside the bare route answering the same kind of body: a list page beside the bare list page.
    const byKey = (key: EndpointKey) => results.find((r) => r.endpoint.key === key);
    const peerOf = (r: (typeof results)[number]) => byKey(r.endpoint.peer === 'list' ? 'bareList' : 'bareCoin')!;
    const perServerSecond = (r: (typeof results)[number]) => r.rps / r.serverBusy;
    console.log(`\n2. Over HTTP on 127.0.0.1: ${concurrency} requests in flight (keep-alive), ${seconds} s per endpoint after ${WARMUP_MS / 1000} s of warm-up`);
    printTable(
      ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'vs bare', 'server busy', 'client busy', 'req/server-s', 'vs bare, server-s', 'checked'],
      results.map((r) => [
        r.endpoint.label,
        fmtInt(r.rps),
        r.p50.toFixed(2),
        r.p99.toFixed(2),
        `${(r.rps / peerOf(r).rps).toFixed(4)}x`,
        `${(100 * r.serverBusy).toFixed(0)}%`,
        `${(100 * r.clientBusy).toFixed(0)}%`,
        fmtInt(perServerSecond(r)),
        `${(perServerSecond(r) / perServerSecond(peerOf(r))).toFixed(4)}x`,
        `${r.samples}${r.note ? `, ${r.note}` : ''}`,
      ]),
    );
    console.log(
      `Every answer was 200 (a non-200 fails the bench); "checked" answers, spread over the run, were parsed and matched the store. ` +
        `Server and index in this process (one event loop, SQLite reads synchronous in it, as the product runs them); ` +
        `the load from a worker thread. Busy: each thread's event-loop utilisation while measured ` +
        `(a server near 100% is the limit; a client near 100% with the server below it means the figure is the client's ceiling, not the server's); ` +
        `req/server-s is requests/s over the server's busy share: what the server would answer a client that kept it saturated, and its ratio to the bare route's. Latency is request written to response read, nearest-rank percentiles. ` +
        `The bare routes answer a real coin's detail JSON (${fixedText.length} bytes) and a real trending page (${fixedListText.length} bytes) as plain objects, with no schema, hook or rate limiter; ` +
        `"vs bare" sets each row beside the bare route with the same kind of body (the lists beside the list page, the rest beside the coin).`,
    );
    const [bareCoin, detail] = [byKey('bareCoin')!, byKey('detail')];
    const calibration = results.filter((r) => r.endpoint.key === 'calibration').map((r, i) => `+${CALIBRATION_US[i]} us: ${(r.rps / bareCoin.rps).toFixed(2)}x, p99 ${r.p99.toFixed(1)} ms`);
    if (calibration.length > 0 && detail) console.log(
      `Calibration: the bare coin route spinning its event loop a fixed time before it answers reaches ${calibration.join('; ')}. ` +
        `Each row's extra work costs more than its own microseconds: once the server is the limit, the client sleeps between answers and every socket write wakes it. ` +
        `The coin detail's time per request is ${(1e6 / detail.rps - 1e6 / bareCoin.rps).toFixed(0)} us above the bare route's in this run.`,
    );

    const rowFigures = (r: (typeof results)[number]) => {
      const peer = peerOf(r);
      return { ours: `${fmtInt(r.rps)} req/s, p99 ${r.p99.toFixed(1)} ms`, peer: `${fmtInt(peer.rps)} req/s`, ratio: r.rps / peer.rps, extraValue: r.p99 };
    };
    // The rows say the concurrency they were measured at (BENCH_CONCURRENCY): a p99 at 16 in flight is mostly queueing.
    const inFlight = (target: SummaryTarget): SummaryTarget => ({ ...target, work: target.work.replace(/\d+ in flight/, `${concurrency} in flight`) });
    const [detailRow, trending, newList, candlesRow, riskRow] = (['detail', 'trending', 'new', 'candles', 'risk'] as const).map(byKey);
    if (detailRow) recordSummary(inFlight(TARGETS.coinDetail), rowFigures(detailRow));
    // The slower of the two list sorts stands for both.
    if (trending && newList) recordSummary(inFlight(TARGETS.coinLists), rowFigures(trending.rps <= newList.rps ? trending : newList));
    if (candlesRow) recordSummary(inFlight(TARGETS.candles), rowFigures(candlesRow));
    if (riskRow) recordSummary(inFlight(TARGETS.risk), rowFigures(riskRow));

    // ---- 3. the store alone ----
    await Promise.all(servers.splice(0).map((server) => server.close()));
    let m = 0;
    const randomMint = () => built.mints[(m = (m * 1_103_515_245 + 12_345) & 0x7fffffff) % built.mints.length]!;
    // The same reads on the store directly (its public calls, no HTTP, no JSON): what share of a request is the index.
    const direct: [string, number, number | null][] = [
      ['await store.nativeRate() (every coin route, once)', rate(async () => await s.nativeRate(), 500), null],
      ['await store.coin(mint)', rate(async () => await s.coin(randomMint()), 1_000), detailRow?.rps ?? null],
      [`await store.queries.coins(trending, ${LIST_LIMIT})`, rate(async () => await s.queries.coins({ sort: 'trending', limit: LIST_LIMIT, offset: 0 }), 1_000), trending?.rps ?? null],
      [`await store.queries.coins(new, ${LIST_LIMIT})`, rate(async () => await s.queries.coins({ sort: 'new', limit: LIST_LIMIT, offset: 0 }), 1_000), newList?.rps ?? null],
      ['await store.queries.candles(mint, 1m, 300)', rate(async () => await s.queries.candles(randomMint(), 60n, 300, null), 1_000), candlesRow?.rps ?? null],
    ];
    const us = (perSecond: number | null) => (perSecond === null ? '-' : (1e6 / perSecond).toFixed(1));
    console.log('\n3. The same reads on the store directly (no HTTP, no JSON), in this process');
    printTable(
      ['store call', 'store us/call', 'HTTP us/request', 'store share'],
      direct.map(([label, calls, rps]) => [label, us(calls), rps === null ? '-' : (1e6 / rps).toFixed(0), rps === null ? '-' : `${((100 * rps) / calls).toFixed(0)}%`]),
      1,
    );
    console.log("HTTP us/request is 1 / requests/s of part 2: the server's event-loop time per request while saturated; the share is the store's part of it.");

    // ---- 4. memory ----
    await worker.terminate();
    worker = null;
    global.gc?.();
    const ours = process.memoryUsage();
    const peer = await bareProcessMemory(fixedText, bareCoin.samples * 20);
    console.log('\n4. Resident memory after the read bench');
    printTable(
      ['process', 'RSS MB', 'heap used MB', 'vs bare'],
      [
        [`this process: the server, the ${fmtInt(coinCount)}-coin index (SQLite page cache included), the sandbox`, (ours.rss / 2 ** 20).toFixed(0), (ours.heapUsed / 2 ** 20).toFixed(0), `${(ours.rss / peer.rss).toFixed(1)}x`],
        ['a bare Fastify process with the one route, after the same kind of load', (peer.rss / 2 ** 20).toFixed(0), (peer.heapUsed / 2 ** 20).toFixed(0), '1.0x'],
      ],
      1,
    );
    console.log('Both read with process.memoryUsage() once the load stopped (the load worker ended first); the bare process is a separate Node process started for this.');
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    await worker?.terminate();
    sandbox?.close();
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A bare Fastify process (the peer of part 4): one route answering `body`, `requests` requests sent to it
 * from here, then its own memory as it reports it.
 */
async function bareProcessMemory(body: string, requests: number): Promise<{ rss: number; heapUsed: number }> {
  const script = [
    "import Fastify from 'fastify';",
    'const app = Fastify({ logger: false });',
    'const fixed = JSON.parse(process.env.BARE_BODY);',
    "app.get('/bare', async () => fixed);",
    "app.get('/memory', async () => process.memoryUsage());",
    "await app.listen({ host: '127.0.0.1', port: 0 });",
    'process.stdout.write(String(app.server.address().port) + "\\n");',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), env: { ...process.env, BARE_BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
      child.once('exit', (code) => reject(new Error(`the bare Fastify process ended (${code})`)));
    });
    for (let sent = 0; sent < requests; sent += 16) {
      await Promise.all(Array.from({ length: 16 }, () => fetch(`http://127.0.0.1:${port}/bare`).then((r) => r.arrayBuffer())));
    }
    return (await (await fetch(`http://127.0.0.1:${port}/memory`)).json()) as { rss: number; heapUsed: number };
  } finally {
    child.kill();
  }
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) await run();
