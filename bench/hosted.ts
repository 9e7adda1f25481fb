import { cpSync, createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { Address } from '@solana/kit';
import { IndexStore } from '../core/index/store/index-store.js';
import { IndexShipper } from '../core/index/store/postgres/index-shipper.js';
import { preparePgIndex } from '../core/index/store/postgres/pg-index-schema.js';
import { WriterLock } from '../core/index/store/postgres/writer-lock.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { openPostgres, type Pg } from '../core/storage/postgres/pg-connection.js';
import { startPrivateCluster, type PrivateCluster } from '../core/storage/postgres/private-cluster.js';
import { load, LOADER } from './api-reads.js';
import { scaleFromEnv, startServer, type ServerProcess } from './index-scale.js';
import { fmtInt, intFromEnv, printTable } from './lib/report.js';
import { folderOf, mintOf, scaleIndex, writeScaleStream } from './lib/scale-index.js';
import { recordSummary, TARGETS, type SummaryTarget } from './lib/summary.js';

export const title = 'the hosted /v1: reads through 1 and 2 replicas on PostgreSQL beside the SQLite server; ingest into PostgreSQL beside COPY';

/**
 * The hosted /v1 (docs/hosting.md) over the scale index of bench/index-scale.ts (bench/lib/scale-index.ts:
 * BENCH_COINS, BENCH_TRADES, BENCH_HOT_TRADES; 1,000,000 / 20,000,000 / 1,000,000 by default, built once and
 * cached), on a private PostgreSQL cluster started here with its default, durable settings.
 *
 * 1. Ingest into PostgreSQL: the same stream written again through IndexStore.applyAll, into a writer's working
 *    file opened to be shipped (every batch's statements kept in its outbox), then shipped by the writer's
 *    IndexShipper under the writer lock, as `launchdesk index --index` does; timed apart (the live writer runs
 *    the two side by side). Its peer: the same rows, dumped from the hosted tables (COPY TO, untimed), loaded
 *    into a fresh database holding the same schema and indexes with COPY FROM. Rows/s are the index tables'
 *    rows (index_log, the writer's log of its batches, is extra work on our side only).
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

async function createDatabase(cluster: PrivateCluster, name: string): Promise<string> {
  const admin = openPostgres(cluster.url, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await admin.end();
  }
  return cluster.url.replace(/\/[^/]*$/, `/${name}`);
}

/** The hosted index's tables (not its log), each with its rows. */
async function indexTables(pg: Pg): Promise<{ name: string; rows: number }[]> {
  const names = (await pg.unsafe<{ table_name: string }[]>("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'index_log' ORDER BY table_name")).map((r) => r.table_name);
  const tables: { name: string; rows: number }[] = [];
  for (const name of names) tables.push({ name, rows: Number((await pg.unsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${name}"`))[0]!.n) });
  return tables;
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
    const url = await createDatabase(cluster, 'hosted');
    const pg = openPostgres(url, { max: 4 });
    await preparePgIndex(pg);
    const lock = await WriterLock.tryAcquire(url);
    if (lock === null) throw new Error('the fresh hosted database\'s writer lock is held');
    cpSync(join(dir, 'sandbox'), join(work, 'writer', 'sandbox'), { recursive: true });
    const sandbox = await Sandbox.open({ dataDir: join(work, 'writer', 'sandbox'), slotMs: 0 });
    const store = IndexStore.open(join(work, 'writer', 'index-writer.sqlite'), { shipped: true });
    let applySeconds: number;
    let shipSeconds: number;
    try {
      const applied = performance.now();
      await writeScaleStream(store, sandbox, scale);
      applySeconds = (performance.now() - applied) / 1000;
      const batches = store.outbox!.pendingCount();
      process.stderr.write(`\nhosted: ${fmtInt(batches)} batches applied in ${applySeconds.toFixed(1)} s; shipping them to PostgreSQL\n`);
      const shipper = new IndexShipper(pg, store, lock);
      const shipped = performance.now();
      const ticker = setInterval(() => {
        const left = store.outbox!.pendingCount();
        const s = (performance.now() - shipped) / 1000;
        const rate = (batches - left) / s;
        progress(`hosted: shipped ${fmtInt(batches - left)} of ${fmtInt(batches)} batches, ${s.toFixed(0)} s so far${rate > 0 ? `, about ${Math.round(left / rate)} s left` : ''}`);
      }, 2_000);
      try {
        await shipper.drain();
      } finally {
        clearInterval(ticker);
        shipper.stop();
      }
      shipSeconds = (performance.now() - shipped) / 1000;
      process.stderr.write('\n');
    } finally {
      store.close();
      sandbox.close();
      await lock.release();
    }
    const tables = await indexTables(pg);
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    const trades = tables.find((t) => t.name === 'trades')!.rows;
    if (trades !== scale.trades) throw new Error(`the hosted index holds ${trades} trades, not ${scale.trades}`);
    const logBytes = Number((await pg.unsafe<{ n: bigint }[]>("SELECT pg_total_relation_size('index_log') AS n"))[0]!.n);
    const dbBytes = Number((await pg.unsafe<{ n: bigint }[]>('SELECT pg_database_size(current_database()) AS n'))[0]!.n);

    // The peer: the same rows by COPY into the same schema.
    mkdirSync(join(work, 'copy'));
    for (const t of tables) await pipeline(await pg.unsafe(`COPY "${t.name}" TO STDOUT`).readable(), createWriteStream(join(work, 'copy', t.name)));
    const copyBytes = tables.reduce((sum, t) => sum + statSync(join(work, 'copy', t.name)).size, 0);
    const peerUrl = await createDatabase(cluster, 'copied');
    const peer = openPostgres(peerUrl, { max: 1 });
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

    console.log(`\nIndex: ${scaleText} (${fmtInt(scale.hot)} of the hot coin's); ${fmtInt(rows)} rows in ${tables.length} tables.`);
    console.log('\n1. Ingest into PostgreSQL (a private cluster, default durable settings)');
    printTable(
      ['step', 'seconds', 'rows/s', 'trades/s'],
      [
        ['apply to the writer\'s working SQLite file, statements kept in its outbox', applySeconds.toFixed(1), fmtInt(rows / applySeconds), fmtInt(trades / applySeconds)],
        ['ship the outbox to PostgreSQL (IndexShipper, pipelined)', shipSeconds.toFixed(1), fmtInt(rows / shipSeconds), fmtInt(trades / shipSeconds)],
        ['the two, one after the other', (applySeconds + shipSeconds).toFixed(1), fmtInt(rows / (applySeconds + shipSeconds)), fmtInt(trades / (applySeconds + shipSeconds))],
        ['peer: COPY FROM of the same rows into the same schema and indexes', copySeconds.toFixed(1), fmtInt(rows / copySeconds), fmtInt(trades / copySeconds)],
      ],
    );
    console.log(
      `The hosted database: ${fmtInt(dbBytes / MB)} MiB, of which index_log ${fmtInt(logBytes / MB)} MiB (every batch's statements, for standbys); the COPY text of the rows: ${fmtInt(copyBytes / MB)} MiB. ` +
        'Shipping replays every statement the ingest ran (a coin row rewritten at each of its trades, candles and holdings upserted), where COPY writes each final row once.',
    );
    const scaled = (target: SummaryTarget): SummaryTarget => ({ ...target, work: target.work.replace('1M coins', `${fmtInt(scale.coins)} coins`) });
    recordSummary(scaled(TARGETS.hostedIngest), {
      ours: `${fmtInt(rows / shipSeconds)} rows/s (${fmtInt(trades / shipSeconds)} trades/s)`,
      peer: `${fmtInt(rows / copySeconds)} rows/s`,
      ratio: copySeconds / shipSeconds,
    });

    // ---- 2. reads: the SQLite server, one replica, two replicas ----
    const sqlite = await startServer('scale-server', [dir]);
    servers.push(sqlite);
    const replicas: ServerProcess[] = [];
    for (const name of ['replica-1', 'replica-2']) {
      cpSync(join(dir, 'sandbox'), join(work, name, 'sandbox'), { recursive: true });
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
        const result = await load(worker!, { port: ports[0]!, ports, template: read.template, durationMs: seconds * 1000, concurrency });
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
        "request's rate limit there (one round trip), as `launchdesk api --index` does; the SQLite server keeps its limits in memory.",
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
