import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Address } from '@solana/kit';
import { openBrowser, type Browser } from '../test/desk/browser.js';
import buildDesk from '../test/desk/desk-build.js';
import { load, LOADER } from './api-reads.js';
import { fmtInt, intFromEnv, printTable } from './lib/report.js';
import { folderOf, mintOf, SCALE_BATCH, scaleIndex, type Scale } from './lib/scale-index.js';
import type { MemoryReading, ServerMessage } from './lib/server-memory.js';
import { recordSummary, TARGETS, type SummaryTarget } from './lib/summary.js';

export const title = 'a year of use on one desktop: reads, the desk and memory over an index of 1M coins and 20M trades';

/**
 * The issue's "a year of use on one desktop", in three parts over one index (bench/lib/scale-index.ts:
 * BENCH_COINS coins, BENCH_TRADES trades, BENCH_HOT_TRADES of them the hot coin's; 1,000,000 / 20,000,000 /
 * 1,000,000 by default), built once through IndexStore.applyAll into a cached folder and reused (its path
 * is printed; BENCH_SCALE_DIR moves it off the OS temp dir). At the default scale it takes hours on a small
 * machine; a build stopped part way goes on from its last commit when run again. Under the kernel's autogroup
 * scheduling `nice` alone does not yield to other sessions' work: `echo 19 > /proc/PID/autogroup` does.
 * BENCH_BUILD_CACHE_MIB gives the build a larger SQLite page cache than a backfill's 64 MiB (the same rows: a
 * 1M-coin file is tens of GB, and with 64 MiB most of the build's time is the OS handing pages back).
 *
 * The server is a process of its own (bench/lib/scale-server.ts, `node --expose-gc --import tsx`): the real
 * /v1 server over that index and the sandbox it was built beside, opened as they were left (no Ingestor, so
 * nothing is replayed). Its peer is a process started the same way (bench/lib/bare-server.ts) with a bare
 * Fastify instance answering a real coin detail and a real list page as fixed objects. tsx itself holds
 * about 27 MB of each (a bare Fastify process: 64 MB of RSS under plain node, 91 MB with --import tsx).
 *
 * 1. Reads over HTTP on 127.0.0.1, from a worker thread here (api-reads.ts's load loop): each endpoint for
 *    BENCH_SECONDS (5) after a second of warm-up, once with one request in flight (a read's own latency)
 *    and once with BENCH_CONCURRENCY (16, as the 100k rows of api-reads.ts) in flight; the summary rows are
 *    the latter's. A random coin is drawn uniformly from 10,000 spread over the whole index (old, quiet
 *    ones included); the hot coin's reads name it. Every answer must be 200; sampled answers are checked.
 * 2. The desk in Chromium (bench/desk.ts's way): Discover opened cold, timed from navigation start to the
 *    Trending table's first row and to the New column filled (the page's performance.now()); then, from
 *    Discover, the hot coin's page reached as a link reaches it (history.pushState + popstate, the desk's
 *    router), timed to its 1m chart drawn (the chart's data-candles set, then the next animation frame) and
 *    its tape's first row; then its 1d button, timed to the 1d candles drawn. Five rounds; the slowest counts.
 * 3. Memory: each server process's after all of that, after two full GCs (process.memoryUsage and
 *    /proc/self/status), with the api process's memory at each step of its start, which says what holds it.
 */

const RANDOM_MINTS = 10_000;
const LIST_LIMIT = 50;
const DESK_ROUNDS = 5;
const DISCOVER_TARGET_MS = 1_000;
const HOT_TARGET_MS = 300;
const MB = 2 ** 20;
/** What Discover reads for its columns and its Trending table (renderer/state/discover.svelte.ts, trending.svelte.ts). */
const DISCOVER_READS = ['/v1/coins?stage=curve&sort=new&limit=30', '/v1/coins?stage=complete&sort=lastTrade&limit=30', '/v1/coins?stage=curve&sort=marketCap&limit=30', '/v1/graduations?limit=30', '/v1/coins?sort=trending&limit=100'];

export function scaleFromEnv(): Scale {
  const coins = intFromEnv('BENCH_COINS', 1_000_000, 5_000_000);
  const trades = intFromEnv('BENCH_TRADES', 20_000_000, 100_000_000);
  const hot = intFromEnv('BENCH_HOT_TRADES', Math.min(1_000_000, Math.max(1, Math.floor(trades / 20))), trades);
  if (coins < 2) throw new Error('BENCH_COINS must be at least 2 (the hot coin and one other)');
  return { coins, trades, hot };
}

/** A server process (bench/lib/scale-server.ts) and what it said once listening. */
export interface ServerProcess {
  readonly port: number;
  readonly stages: readonly (readonly [string, MemoryReading])[];
  memory(): Promise<MemoryReading>;
  stop(): void;
}

/** `lib/scale-server.ts DIR` (the real server), `lib/bare-server.ts COIN_FILE LIST_FILE` (its peer) or `lib/replica-server.ts` (a hosted replica), with the same flags. */
export async function startServer(name: 'scale-server' | 'bare-server' | 'replica-server', args: readonly string[]): Promise<ServerProcess> {
  const script = fileURLToPath(new URL(`./lib/${name}.ts`, import.meta.url));
  // BENCH_SERVER_FLAGS: more node flags for the server processes, to look inside one (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
  const flags = (process.env['BENCH_SERVER_FLAGS'] ?? '').split(' ').filter((flag) => flag !== '');
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', ...flags, '--import', 'tsx', script, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise<ServerMessage>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the server process (${name}) ended with ${code}`));
      child.once('exit', exited);
      child.once('message', (message) => {
        child.off('exit', exited);
        resolve(message as ServerMessage);
      });
    });
  const first = await next();
  if ('failed' in first) throw new Error(`the server process (${name}) failed: ${first.failed}`);
  if (!('port' in first)) throw new Error('the server process answered out of turn');
  return {
    port: first.port,
    stages: first.stages,
    async memory() {
      const answer = next();
      child.send('memory');
      const message = await answer;
      if (!('memory' in message)) throw new Error('the server process did not answer with its memory');
      return message.memory;
    },
    // Let go of its IPC channel, on which it exits by itself (writing a profile it was asked for); killed if it has not within 5 s.
    stop: () => {
      if (child.connected) child.disconnect();
      setTimeout(() => child.kill(), 5_000).unref();
    },
  };
}

interface Endpoint {
  readonly label: string;
  readonly server: 'api' | 'bare';
  readonly peer: 'coin' | 'list';
  readonly template: string;
  readonly check?: (body: unknown) => void;
}

interface Measured {
  readonly endpoint: Endpoint;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly samples: number;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

function expect(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

export async function run(): Promise<void> {
  const scale = scaleFromEnv();
  const seconds = intFromEnv('BENCH_SECONDS', 5, 120);
  const concurrency = intFromEnv('BENCH_CONCURRENCY', 16, 1_024);
  const scaleText = `${fmtInt(scale.coins)} coins, ${fmtInt(scale.trades)} trades`;
  process.stderr.write(`index-scale: the index of ${scaleText} (${fmtInt(scale.hot)} of the hot coin's) is kept in ${folderOf(scale)}\n`);
  const { dir, built, reused } = await scaleIndex(scale);
  const hot = built.hotMint;
  console.log(
    `\nIndex: ${scaleText} (${fmtInt(built.buys)} buys; ${fmtInt(built.graduated)} coins graduated, ${fmtInt(built.poolTrades)} pool trades after), ` +
      `the hot coin ${hot} with ${fmtInt(scale.hot)} trades, 365 days of index time; ${fmtInt(built.bytes / MB)} MiB in ${dir}. ` +
      `${reused ? 'Reused; it was built' : 'Built'} through IndexStore.applyAll (batches of ${fmtInt(SCALE_BATCH)}) in ${(built.buildSeconds / 60).toFixed(1)} min (${fmtInt(built.transactionsPerSecond)} transactions/s).`,
  );

  await buildDesk();
  const work = mkdtempSync(join(tmpdir(), 'launchdesk-bench-scale-'));
  const servers: ServerProcess[] = [];
  let worker: Worker | null = null;
  let browser: Browser | null = null;
  try {
    const api = await startServer('scale-server', [dir]);
    servers.push(api);
    const base = `http://127.0.0.1:${api.port}`;
    const got = async (path: string) => {
      const answer = await fetch(`${base}${path}`);
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
      return text;
    };
    // The bare peer answers what the real server answers: a coin's detail, a list page.
    const coinFile = join(work, 'coin.json');
    const listFile = join(work, 'list.json');
    writeFileSync(coinFile, await got(`/v1/coins/${mintOf(Math.floor(scale.coins / 2))}`));
    writeFileSync(listFile, await got(`/v1/coins?sort=trending&limit=${LIST_LIMIT}`));
    const bare = await startServer('bare-server', [coinFile, listFile]);
    servers.push(bare);

    // ---- 1. reads over HTTP ----
    const mints: Address[] = Array.from({ length: Math.min(RANDOM_MINTS, scale.coins) }, (_, i) => mintOf(Math.floor((i * scale.coins) / Math.min(RANDOM_MINTS, scale.coins))));
    const page = (length: number) => (body: unknown) => expect((body as { data: unknown[] }).data.length === length, `a page of ${(body as { data: unknown[] }).data.length} rows, not ${length}`);
    const hotCandles = (body: unknown) => expect((body as { data: unknown[] }).data.length > 0, "the hot coin's candles are empty");
    const endpoints: Endpoint[] = [
      { label: 'bare Fastify route (fixed coin JSON)', server: 'bare', peer: 'coin', template: '/bare' },
      { label: 'bare Fastify route (fixed list page JSON)', server: 'bare', peer: 'list', template: '/bare-list' },
      { label: 'GET /v1/coins/{mint}', server: 'api', peer: 'coin', template: '/v1/coins/{mint}' },
      { label: `GET /v1/coins?sort=trending&limit=${LIST_LIMIT}`, server: 'api', peer: 'list', template: `/v1/coins?sort=trending&limit=${LIST_LIMIT}`, check: page(LIST_LIMIT) },
      { label: `GET /v1/coins?sort=new&limit=${LIST_LIMIT}`, server: 'api', peer: 'list', template: `/v1/coins?sort=new&limit=${LIST_LIMIT}`, check: page(LIST_LIMIT) },
      // Discover's column reads (renderer/state/discover.svelte.ts), awaited together before its first render.
      ...DISCOVER_READS.map((template): Endpoint => ({ label: `GET ${template}`, server: 'api', peer: 'list', template })),
      { label: 'GET /v1/coins/{mint}/candles?interval=1m', server: 'api', peer: 'coin', template: '/v1/coins/{mint}/candles?interval=1m' },
      { label: 'GET /v1/coins/{hot}/candles?interval=1m', server: 'api', peer: 'coin', template: `/v1/coins/${hot}/candles?interval=1m`, check: hotCandles },
      { label: 'GET /v1/coins/{hot}/candles?interval=1d', server: 'api', peer: 'coin', template: `/v1/coins/${hot}/candles?interval=1d`, check: hotCandles },
      { label: 'GET /v1/coins/{mint}/holders', server: 'api', peer: 'coin', template: '/v1/coins/{mint}/holders' },
      { label: 'GET /v1/coins/{hot}/holders', server: 'api', peer: 'coin', template: `/v1/coins/${hot}/holders`, check: page(50) },
      { label: 'GET /v1/coins/{mint}/trades', server: 'api', peer: 'coin', template: '/v1/coins/{mint}/trades' },
      { label: 'GET /v1/coins/{hot}/trades', server: 'api', peer: 'coin', template: `/v1/coins/${hot}/trades`, check: page(50) },
      { label: 'GET /v1/coins/{hot}', server: 'api', peer: 'coin', template: `/v1/coins/${hot}` },
      // Every listed coin's newest trades, and those of a rare pair (no stock coin at this scale): once 650 ms each at 100,000 coins.
      { label: 'GET /v1/trades?limit=50', server: 'api', peer: 'list', template: '/v1/trades?limit=50', check: page(50) },
      { label: 'GET /v1/trades?quote=stocks', server: 'api', peer: 'list', template: '/v1/trades?quote=stocks' },
    ];
    worker = new Worker(LOADER, { eval: true, workerData: { mints, seed: 0x5ca1e } });
    const passes: { concurrency: number; results: Measured[] }[] = [];
    for (const inFlight of [...new Set([1, concurrency])]) {
      const results: Measured[] = [];
      for (const endpoint of endpoints) {
        const result = await load(worker, { port: endpoint.server === 'api' ? api.port : bare.port, template: endpoint.template, durationMs: seconds * 1000, concurrency: inFlight });
        if (result.errors > 0) throw new Error(`${endpoint.label}: ${result.errors} answers were not 200, the first ${JSON.stringify(result.firstError)}`);
        for (const sample of result.samples) endpoint.check?.(JSON.parse(sample.body));
        const sorted = result.latencies.sort();
        results.push({ endpoint, rps: (sorted.length * 1000) / result.elapsedMs, p50: percentile(sorted, 50), p99: percentile(sorted, 99), samples: result.samples.length });
      }
      passes.push({ concurrency: inFlight, results });
    }
    const peerOf = (results: readonly Measured[], r: Measured) => (r.endpoint.peer === 'list' ? results[1]! : results[0]!);
    for (const { concurrency: inFlight, results } of passes) {
      console.log(`\n1. Reads over HTTP on 127.0.0.1, ${inFlight} in flight (keep-alive), ${seconds} s per endpoint after 1 s of warm-up; {mint}: one of ${fmtInt(mints.length)} coins spread over the index, {hot}: the ${fmtInt(scale.hot)}-trade coin`);
      printTable(
        ['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'vs bare', 'checked'],
        results.map((r) => [r.endpoint.label, fmtInt(r.rps), r.p50.toFixed(2), r.p99.toFixed(2), `${(r.rps / peerOf(results, r).rps).toFixed(3)}x`, String(r.samples)]),
      );
    }
    console.log(
      'Both servers are processes of their own (node --expose-gc --import tsx); the load comes from a worker thread of this one. Every answer was 200; ' +
        '"checked" answers were parsed (a list page holds its 50 coins, the hot coin\'s candles and pages are full). "vs bare": requests/s beside the bare route answering the same kind of body. Nearest-rank percentiles.',
    );
    const measured = passes.at(-1)!;
    const at = (label: string) => measured.results.find((r) => r.endpoint.label === label)!;
    const slowest = (...labels: string[]) => labels.map(at).reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const atScale = (target: SummaryTarget): SummaryTarget => ({ ...target, work: target.work.replace('1M coins, 20M trades', scaleText).replace('1M coins', `${fmtInt(scale.coins)} coins`).replace('16 in flight', `${measured.concurrency} in flight`).replace('1M-trade', `${fmtInt(scale.hot)}-trade`) });
    const row = (target: SummaryTarget, r: Measured) => {
      const peer = peerOf(measured.results, r);
      const which = r.endpoint.label.includes('{hot}') ? ' (hot coin)' : r.endpoint.label.includes('{mint}') ? ' (random coin)' : '';
      recordSummary(atScale(target), { ours: `${fmtInt(r.rps)} req/s, p99 ${r.p99.toFixed(1)} ms${which}`, peer: `${fmtInt(peer.rps)} req/s, p99 ${peer.p99.toFixed(1)} ms`, ratio: r.rps / peer.rps, extraValue: r.p99 });
    };
    row(TARGETS.scaleCoinDetail, slowest('GET /v1/coins/{mint}', 'GET /v1/coins/{hot}'));
    row(TARGETS.scaleCoinLists, slowest(`GET /v1/coins?sort=trending&limit=${LIST_LIMIT}`, `GET /v1/coins?sort=new&limit=${LIST_LIMIT}`));
    row(TARGETS.scaleCandles, slowest('GET /v1/coins/{mint}/candles?interval=1m', 'GET /v1/coins/{hot}/candles?interval=1m', 'GET /v1/coins/{hot}/candles?interval=1d'));
    row(TARGETS.scaleHolders, slowest('GET /v1/coins/{mint}/holders', 'GET /v1/coins/{hot}/holders'));
    row(TARGETS.scaleTrades, slowest('GET /v1/coins/{mint}/trades', 'GET /v1/coins/{hot}/trades'));
    await worker.terminate();
    worker = null;

    // ---- 2. the desk in Chromium ----
    browser = await openBrowser(1280, 800);
    const desk = await deskTimings(browser, base, hot);
    await browser.close();
    browser = null;
    const med = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ms = (values: readonly number[]) => [values[0]!.toFixed(0), med(values).toFixed(0), Math.max(...values).toFixed(0)];
    console.log(`\n2. The desk in Chromium (${DESK_ROUNDS} rounds, a fresh page each; the first is the cold one)`);
    printTable(
      ['timed', 'first ms', 'median ms', 'slowest ms'],
      [
        ["Discover: navigation start -> Trending's first row", ...ms(desk.discoverFirstRow)],
        ['Discover: navigation start -> the New column filled', ...ms(desk.discoverColumns)],
        ['hot coin: link from Discover -> its 1m chart drawn', ...ms(desk.hotChart)],
        ['hot coin: link from Discover -> its tape\'s first row', ...ms(desk.hotTape)],
        ['hot coin: the 1d button -> the 1d chart drawn', ...ms(desk.hotDaily)],
      ],
    );
    console.log(`The hot coin's chart asks for 500 candles (the desk's limit: renderer/state/coin-page.svelte.ts) and its tape for one page, whatever the coin's ${fmtInt(scale.hot)} trades.`);
    const discoverWorst = Math.max(...desk.discoverColumns);
    recordSummary(atScale(TARGETS.scaleDiscover), { ours: `${discoverWorst.toFixed(0)} ms (slowest of ${DESK_ROUNDS})`, peer: `${DISCOVER_TARGET_MS} ms`, ratio: discoverWorst / DISCOVER_TARGET_MS });
    const hotWorst = Math.max(...desk.hotChart, ...desk.hotTape, ...desk.hotDaily);
    recordSummary(atScale(TARGETS.scaleHotChart), { ours: `${hotWorst.toFixed(0)} ms (slowest of ${DESK_ROUNDS})`, peer: `${HOT_TARGET_MS} ms`, ratio: hotWorst / HOT_TARGET_MS });

    // ---- 3. memory ----
    const [ours, peer] = [await api.memory(), await bare.memory()];
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    const line = (name: string, m: MemoryReading) => [name, mb(m.rss), mb(m.rssAnon), mb(m.rssFile), mb(m.heapUsed), mb(m.external), mb(m.mallocedMemory)];
    console.log('\n3. Resident memory, each after two full GCs');
    printTable(
      ['process', 'RSS MB', 'anon MB', 'file MB', 'JS heap used MB', 'external MB', 'V8 malloced MB'],
      [
        ...api.stages.map(([stage, m]) => line(`api server: ${stage}`, m)),
        line('api server: after the reads and the desk above', ours),
        ...bare.stages.map(([stage, m]) => line(`bare Fastify: ${stage}`, m)),
        line('bare Fastify: after its reads above', peer),
      ],
    );
    console.log(
      "anon is the process's resident anonymous memory (the JS heap, and malloc: SQLite's page cache, 16 MiB on a server (64 MiB only while a backfill runs: IndexStore.cacheFor), " +
        "and LiteSVM's accounts); file is code and mapped files (Node, the native modules). Each api step's rise is what that step holds.",
    );
    recordSummary(atScale(TARGETS.scaleMemory), { ours: `${mb(ours.rss)} MB (heap ${mb(ours.heapUsed)} MB)`, peer: `${mb(peer.rss)} MB`, ratio: ours.rss / peer.rss, extraValue: ours.rss / MB });
  } finally {
    await worker?.terminate();
    await browser?.close();
    for (const server of servers) server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Discover cold, the hot coin reached from it, its 1d chart: DESK_ROUNDS rounds, each on a fresh page. */
async function deskTimings(browser: Browser, base: string, hot: Address): Promise<{ discoverFirstRow: number[]; discoverColumns: number[]; hotChart: number[]; hotTape: number[]; hotDaily: number[] }> {
  const out = { discoverFirstRow: [] as number[], discoverColumns: [] as number[], hotChart: [] as number[], hotTape: [] as number[], hotDaily: [] as number[] };
  for (let round = 0; round < DESK_ROUNDS; round++) {
    const page = await browser.context.newPage();
    try {
      await page.goto(`${base}/`);
      await page.locator('[role="table"] [role="row"][data-mint]').first().waitFor({ timeout: 60_000 });
      out.discoverFirstRow.push(await page.evaluate<number>('performance.now()'));
      await page.getByRole('region', { name: 'New', exact: true }).locator('[data-mint]').first().waitFor({ timeout: 60_000 });
      out.discoverColumns.push(await page.evaluate<number>('performance.now()'));
      // Strings, not functions: tsx's transform names functions with a helper the page does not have.
      const reached = await page.evaluate<{ chart: number; tape: number }>(`new Promise((resolve, reject) => {
        const start = performance.now();
        const times = {};
        const frame = (name) => requestAnimationFrame(() => { times[name] ??= performance.now() - start; if (times.chart !== undefined && times.tape !== undefined) { observer.disconnect(); resolve(times); } });
        const look = () => {
          const chart = document.querySelector('[aria-label="Chart"] [role="img"][data-candles]');
          if (chart && chart.dataset.candles !== '0' && !('chartSeen' in times)) { times.chartSeen = true; frame('chart'); }
          if (document.querySelector('[aria-label="Trades, newest first"] [data-signature]') && !('tapeSeen' in times)) { times.tapeSeen = true; frame('tape'); }
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        setTimeout(() => reject(new Error('the hot coin page did not show its chart and tape in 60 s')), 60000);
        history.pushState(null, '', '/coin/${hot}');
        dispatchEvent(new PopStateEvent('popstate'));
      })`);
      out.hotChart.push(reached.chart);
      out.hotTape.push(reached.tape);
      const daily = await page.evaluate<number>(`new Promise((resolve, reject) => {
        const chart = document.querySelector('[aria-label="Chart"] [role="img"][data-candles]');
        const before = chart.dataset.lastCandle;
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (chart.dataset.lastCandle === before || chart.dataset.candles === '0') return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(chart, { attributes: true });
        setTimeout(() => reject(new Error('the 1d chart did not show in 60 s')), 60000);
        [...document.querySelectorAll('[aria-label="Candle interval"] button')].find((b) => b.textContent.trim() === '1d').click();
      })`);
      out.hotDaily.push(daily);
    } finally {
      await page.close();
    }
  }
  browser.assertNoProblems();
  return out;
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) await run();
