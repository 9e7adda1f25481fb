import { cpSync, createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { Address } from '@solana/kit';
import { BACKFILL_UNIT } from '../core/index/ingest/ingestor.js';
import { IndexStore } from '../core/index/store/index-store.js';
import { IndexShipper } from '../core/index/store/postgres/index-shipper.js';
import { loadHostedIndex } from '../core/index/store/postgres/index-load.js';
import { decodeWrites } from '../core/index/store/write-recorder.js';
import { preparePgIndex } from '../core/index/store/postgres/pg-index-schema.js';
import { WriterLock } from '../core/index/store/postgres/writer-lock.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { openPostgres, type Pg } from '../core/storage/postgres/pg-connection.js';
import { createDatabase, startPrivateCluster } from '../core/storage/postgres/private-cluster.js';
import { load, LOADER } from './api-reads.js';
import { scaleFromEnv, startServer, type ServerProcess } from './index-scale.js';
import { fmtInt, intFromEnv, printTable } from './lib/report.js';
import { folderOf, mintOf, scaleIndex, writeScaleStream, type Scale } from './lib/scale-index.js';
import { recordSummary, TARGETS, type SummaryTarget } from './lib/summary.js';

export const title = 'the hosted /v1: reads through 1 and 2 replicas on PostgreSQL beside the SQLite server; ingest into PostgreSQL beside COPY';

/**
 * The hosted /v1 (docs/hosting.md) over the scale index of bench/index-scale.ts (bench/lib/scale-index.ts:
 * BENCH_COINS, BENCH_TRADES, BENCH_HOT_TRADES; 1,000,000 / 20,000,000 / 1,000,000 by default, built once and
 * cached), on a private PostgreSQL cluster started here with its default, durable settings.
 *
 * 1. Ingest into PostgreSQL, as `launchdesk index --index` does into a fresh hosted index: the stream applied to a
 *    writer's working file opened to be shipped, then loaded into PostgreSQL by COPY from that file under the
 *    writer lock (index-load.ts). Its peer: the same rows, dumped from the hosted tables to files beforehand
 *    (untimed), loaded into a fresh database of the same schema and indexes with COPY FROM. Rows/s are the index
 *    tables' rows. Then live batches: a twentieth of the stream applied into a file of its own and shipped
 *    statement by statement by the writer's IndexShipper, as every batch after the bulk load is.
 * 2. Reads: the SQLite server (scale-server.ts, the desktop's /v1 over the cached index file), then one and
 *    two hosted replicas (replica-server.ts: PgIndexReads and the PostgreSQL rate limiter), each a process of
 *    its own; the load from a worker thread here (api-reads.ts's), BENCH_CONCURRENCY (16) in flight, split
 *    over the replicas when two. First, sampled answers are compared byte for byte across the servers.
 *
 * Everything shares 2 cores here: the load, the servers and PostgreSQL's backends. What a larger machine
 * changes is said at the end.
 */

const RANDOM_MINTS = 10_000;
const MB = 2 ** 20;

/** The hosted index's tables (not its log), each with its rows. */
async function indexTables(pg: Pg): Promise<{ name: string; rows: number }[]> {
  const names = (await pg.unsafe<{ table_name: string }[]>("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'index_log' ORDER BY table_name")).map((r) => r.table_name);
  const tables: { name: string; rows: number }[] = [];
  for (const name of names) tables.push({ name, rows: Number((await pg.unsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${name}"`))[0]!.n) });
  return tables;
}

/** The scale's sandbox folder copied for another process (a folder is opened by one process at a time): without its lock. */
function copySandbox(from: string, to: string): void {
  cpSync(join(from, 'sandbox'), join(to, 'sandbox'), { recursive: true, filter: (source) => !source.endsWith('sandbox.lock') });
}

/** The scale's stream applied to a writer's working file opened to be shipped (a copy of the scale's sandbox beside it). */
async function applyInto(folder: string, scaleDir: string, scale: Scale): Promise<{ path: string; seconds: number; batches: bigint }> {
  copySandbox(scaleDir, folder);
  const sandbox = await Sandbox.open({ dataDir: join(folder, 'sandbox'), slotMs: 0 });
  const path = join(folder, 'index-writer.sqlite');
  const store = IndexStore.open(path, { shipped: true });
  try {
    const started = performance.now();
    await writeScaleStream(store, sandbox, scale, BACKFILL_UNIT); // in the commits a writer's backfill makes
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write('\n');
    return { path, seconds, batches: store.outbox!.lastBatch() };
  } finally {
    store.close();
    sandbox.close();
  }
}

/** Runs `work` holding the writer lock of the hosted index at `url`, as `launchdesk index --index` would. */
async function asWriter<T>(url: string, work: (lock: WriterLock) => Promise<T>): Promise<T> {
  const lock = await WriterLock.tryAcquire(url);
  if (lock === null) throw new Error("the fresh hosted database's writer lock is held");
  try {
    return await work(lock);
  } finally {
    await lock.release();
  }
}

function progress(line: string): void {
  process.stderr.write(`\r${line.padEnd(100)}`);
}

interface Read {
  readonly label: string;
  readonly template: string;
}

interface Measured {
  readonly rps: number;
  readonly p99: number;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function run(): Promise<void> {
  const scale = scaleFromEnv();
  const seconds = intFromEnv('BENCH_SECONDS', 5, 120);
  const concurrency = intFromEnv('BENCH_CONCURRENCY', 16, 1_024);
  const scaleText = `${fmtInt(scale.coins)} coins, ${fmtInt(scale.trades)} trades`;
  process.stderr.write(`hosted: the index of ${scaleText} is kept in ${folderOf(scale)}\n`);
  const { dir, built } = await scaleIndex(scale);
  const work = mkdtempSync(join(tmpdir(), 'launchdesk-bench-hosted-'));
  const cluster = await startPrivateCluster();
  const servers: ServerProcess[] = [];
  let worker: Worker | null = null;
  try {
    // ---- 1. ingest into PostgreSQL, beside COPY ----
    const url = await createDatabase(cluster.url, 'hosted');
    const pg = openPostgres(url, { max: 4 });
    const applied = await applyInto(join(work, 'writer'), dir, scale);
    await preparePgIndex(pg);
    const loadSeconds = await asWriter(url, async (lock) => {
      const started = performance.now();
      const batch = await loadHostedIndex(pg, applied.path, () => lock, (table, rows) => progress(`hosted: loaded ${table} (${fmtInt(rows)} rows)`));
      if (batch !== applied.batches) throw new Error(`the load stood for batch ${batch}, not ${applied.batches}`);
      return (performance.now() - started) / 1000;
    });
    process.stderr.write('\n');
    const tables = await indexTables(pg);
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    const trades = tables.find((t) => t.name === 'trades')!.rows;
    if (trades !== scale.trades) throw new Error(`the hosted index holds ${trades} trades, not ${scale.trades}`);
    const dbBytes = Number((await pg.unsafe<{ n: bigint }[]>('SELECT pg_database_size(current_database()) AS n'))[0]!.n);

    // The peer: the same rows by COPY into the same schema, from files dumped beforehand.
    mkdirSync(join(work, 'copy'));
    for (const t of tables) {
      // A client per table: the driver keeps a COPY TO stream's connection after the stream ends.
      const one = openPostgres(url, { max: 1 });
      try {
        // meta's schema row is each database's own (the peer's schema was prepared as the writer prepares it).
        const source = t.name === 'meta' ? "(SELECT * FROM meta WHERE key <> 'schema')" : `"${t.name}"`;
        await pipeline(await one.unsafe(`COPY ${source} TO STDOUT`).readable(), createWriteStream(join(work, 'copy', t.name)));
      } finally {
        await one.end({ timeout: 1 });
      }
    }
    const copyBytes = tables.reduce((sum, t) => sum + statSync(join(work, 'copy', t.name)).size, 0);
    const peer = openPostgres(await createDatabase(cluster.url, 'copied'), { max: 1 });
    let copySeconds: number;
    try {
      await preparePgIndex(peer);
      const copied = performance.now();
      for (const t of tables) {
        progress(`hosted: COPY ${t.name} (${fmtInt(t.rows)} rows)`);
        await pipeline(createReadStream(join(work, 'copy', t.name)), await peer.unsafe(`COPY "${t.name}" FROM STDIN`).writable());
      }
      copySeconds = (performance.now() - copied) / 1000;
      process.stderr.write('\n');
      const again = await indexTables(peer);
      if (again.reduce((sum, t) => sum + t.rows, 0) !== rows) throw new Error('COPY loaded another number of rows than the hosted index holds');
    } finally {
      await peer.end();
    }

    // Live batches: a twentieth of the stream applied into a file of its own and shipped statement by statement.
    const part: Scale = { coins: Math.max(2, Math.floor(scale.coins / 20)), trades: Math.max(1, Math.floor(scale.trades / 20)), hot: Math.max(1, Math.floor(scale.hot / 20)) };
    const live = await applyInto(join(work, 'live'), dir, part);
    const liveUrl = await createDatabase(cluster.url, 'live');
    const livePg = openPostgres(liveUrl, { max: 4 });
    let ship: { seconds: number; statements: number };
    try {
      await preparePgIndex(livePg);
      ship = await asWriter(liveUrl, async (lock) => {
        const store = IndexStore.open(live.path, { shipped: true });
        try {
          const statements = store.outbox!.pending(1_000_000).reduce((sum, entry) => sum + decodeWrites(entry.writes).length, 0);
          const shipper = new IndexShipper(livePg, store, lock);
          const started = performance.now();
          const ticker = setInterval(() => progress(`hosted: shipping statements, ${fmtInt(store.outbox!.pendingCount())} of ${fmtInt(Number(live.batches))} batches left`), 2_000);
          try {
            await shipper.drain();
          } finally {
            clearInterval(ticker);
            shipper.stop();
          }
          return { seconds: (performance.now() - started) / 1000, statements };
        } finally {
          store.close();
        }
      });
      process.stderr.write('\n');
    } finally {
      await livePg.end();
    }

    console.log(`\nIndex: ${scaleText} (${fmtInt(scale.hot)} of the hot coin's); ${fmtInt(rows)} rows in ${tables.length} tables.`);
    console.log('\n1. Ingest into PostgreSQL (a private cluster, default durable settings)');
    printTable(
      ['step', 'seconds', 'rows/s', 'trades/s'],
      [
        ["the writer's backfill applied to its working SQLite file (statements kept in its outbox)", applied.seconds.toFixed(1), fmtInt(rows / applied.seconds), fmtInt(trades / applied.seconds)],
        ['the fresh hosted index loaded from that file by COPY (index-load.ts)', loadSeconds.toFixed(1), fmtInt(rows / loadSeconds), fmtInt(trades / loadSeconds)],
        ['peer: COPY FROM of the same rows, dumped to files beforehand, same schema and indexes', copySeconds.toFixed(1), fmtInt(rows / copySeconds), fmtInt(trades / copySeconds)],
        [`live batches shipped statement by statement (IndexShipper; a stream of ${fmtInt(part.trades)} trades, ${fmtInt(ship.statements)} statements)`, ship.seconds.toFixed(1), `${fmtInt(ship.statements / ship.seconds)} statements/s`, fmtInt(part.trades / ship.seconds)],
      ],
    );
    console.log(
      `The hosted database: ${fmtInt(dbBytes / MB)} MiB; the COPY text of its rows: ${fmtInt(copyBytes / MB)} MiB. A live batch replays every statement the ingest ran ` +
        '(a coin row rewritten at each of its trades, a candle upserted at each trade in every interval), so it ships far fewer trades a second than a bulk load; it only has to keep up with the chain.',
    );
    const scaled = (target: SummaryTarget): SummaryTarget => ({ ...target, work: target.work.replace('1M coins', `${fmtInt(scale.coins)} coins`) });
    recordSummary(scaled(TARGETS.hostedIngest), { ours: `${fmtInt(rows / loadSeconds)} rows/s (${fmtInt(trades / loadSeconds)} trades/s)`, peer: `${fmtInt(rows / copySeconds)} rows/s`, ratio: copySeconds / loadSeconds });
    recordSummary(TARGETS.hostedShip, { ours: `${fmtInt(part.trades / ship.seconds)} trades/s (${fmtInt(ship.statements / ship.seconds)} statements/s)`, peer: `${fmtInt(trades / loadSeconds)} trades/s`, ratio: (part.trades / ship.seconds) / (trades / loadSeconds) });

    // ---- 2. reads: the SQLite server, one replica, two replicas ----
    const sqlite = await startServer('scale-server', [dir]);
    servers.push(sqlite);
    const replicas: ServerProcess[] = [];
    for (const name of ['replica-1', 'replica-2']) {
      copySandbox(dir, join(work, name));
      const replica = await startServer('replica-server', [join(work, name), url]);
      servers.push(replica);
      replicas.push(replica);
    }
    const hot: Address = built.hotMint;
    const count = Math.min(RANDOM_MINTS, scale.coins);
    const mints: Address[] = Array.from({ length: count }, (_, i) => mintOf(Math.floor((i * scale.coins) / count)));
    const reads: Read[] = [
      { label: 'GET /v1/coins/{mint}', template: '/v1/coins/{mint}' },
      { label: 'GET /v1/coins?sort=trending&limit=50', template: '/v1/coins?sort=trending&limit=50' },
      { label: 'GET /v1/coins?sort=new&limit=50', template: '/v1/coins?sort=new&limit=50' },
      { label: 'GET /v1/coins/{mint}/candles?interval=1m', template: '/v1/coins/{mint}/candles?interval=1m' },
      { label: 'GET /v1/coins/{hot}/candles?interval=1m', template: `/v1/coins/${hot}/candles?interval=1m` },
      { label: 'GET /v1/coins/{hot}/holders', template: `/v1/coins/${hot}/holders` },
      { label: 'GET /v1/coins/{hot}/trades', template: `/v1/coins/${hot}/trades` },
    ];
    // Same answers first: a replica reads what the file holds.
    for (const read of reads) {
      for (const mint of read.template.includes('{mint}') ? mints.slice(0, 3) : [hot]) {
        const path = read.template.replace('{mint}', mint);
        const bodies = await Promise.all([sqlite, ...replicas].map(async (server) => (await fetch(`http://127.0.0.1:${server.port}${path}`)).text()));
        if (bodies.some((body) => body !== bodies[0])) throw new Error(`GET ${path}: a replica's answer is not the SQLite server's (${bodies.map((b) => b.slice(0, 120)).join(' | ')})`);
      }
    }
    worker = new Worker(LOADER, { eval: true, workerData: { mints, seed: 0x5ca1e } });
    const results: { read: Read; sqlite: Measured; one: Measured; two: Measured }[] = [];
    for (const read of reads) {
      progress(`hosted: ${read.label}`);
      const at = async (ports: readonly number[]) => {
        const result = await load(worker!, { port: ports[0]!, ports, callers: true, template: read.template, durationMs: seconds * 1000, concurrency });
        if (result.errors > 0) throw new Error(`${read.label}: ${result.errors} answers were not 200, the first ${JSON.stringify(result.firstError)}`);
        const sorted = result.latencies.sort();
        return { rps: (sorted.length * 1000) / result.elapsedMs, p99: percentile(sorted, 99) };
      };
      results.push({ read, sqlite: await at([sqlite.port]), one: await at([replicas[0]!.port]), two: await at(replicas.map((r) => r.port)) });
    }
    process.stderr.write('\n');
    const cell = (m: Measured, peer: Measured) => [fmtInt(m.rps), m.p99.toFixed(1), `${(m.rps / peer.rps).toFixed(2)}x`];
    console.log(`\n2. Reads over HTTP on 127.0.0.1, ${concurrency} in flight (split over the replicas when two), ${seconds} s each after 1 s of warm-up; {mint}: one of ${fmtInt(count)} coins spread over the index, {hot}: the ${fmtInt(scale.hot)}-trade coin`);
    printTable(
      ['read', 'SQLite req/s', 'p99 ms', '1 replica req/s', 'p99 ms', 'vs SQLite', '2 replicas req/s', 'p99 ms', 'vs SQLite'],
      results.map((r) => [r.read.label, fmtInt(r.sqlite.rps), r.sqlite.p99.toFixed(1), ...cell(r.one, r.sqlite), ...cell(r.two, r.sqlite)]),
    );
    console.log(
      'Sampled answers of every read were the same bytes from the three servers. Each server is a process of its own; the replicas read PostgreSQL (PgIndexReads) and take each ' +
        "request's rate limit there (one round trip), as `launchdesk api --index` does, behind a proxy at 127.0.0.1: each of the " +
        `${concurrency} loads is a caller of its own (X-Forwarded-For). The SQLite server keeps its limits in memory.`,
    );
    const slowest = (pick: (r: (typeof results)[number]) => Measured) => results.reduce((worst, r) => (pick(r).rps / r.sqlite.rps < pick(worst).rps / worst.sqlite.rps ? r : worst));
    for (const [target, pick] of [[TARGETS.hostedReads1, (r: (typeof results)[number]) => r.one], [TARGETS.hostedReads2, (r: (typeof results)[number]) => r.two]] as const) {
      const worst = slowest(pick);
      recordSummary(scaled(target), {
        ours: `${fmtInt(pick(worst).rps)} req/s, p99 ${pick(worst).p99.toFixed(1)} ms (${worst.read.label.replace('GET ', '')})`,
        peer: `${fmtInt(worst.sqlite.rps)} req/s, p99 ${worst.sqlite.p99.toFixed(1)} ms`,
        ratio: pick(worst).rps / worst.sqlite.rps,
      });
    }
    console.log(
      '\nOn this machine the load, the servers and PostgreSQL share 2 cores, so a second replica adds no core: it splits the same two. ' +
        'On a larger machine each replica gets a core of its own and reads scale with the replicas until PostgreSQL\'s CPU or its connection count is the limit; ' +
        'the ingest is one writer either way (its SQLite apply on one core, PostgreSQL applying the shipped statements on another).',
    );
    await pg.end();
  } finally {
    await worker?.terminate();
    for (const server of servers) server.stop();
    cluster.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}
