import http from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Api } from '../../core/api/api-context.js';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import type { KeyStore } from '../../core/api/store/key-store.js';
import { SqliteKeyStore } from '../../core/api/store/sqlite-key-store.js';
import { PgKeyStore } from '../../core/api/store/pg-key-store.js';
import { PgRateLimiter } from '../../core/api/store/pg-rate-limiter.js';
import { Relay } from '../../core/relay/relay.js';
import type { BuildLedger } from '../../core/relay/store/build-ledger.js';
import { SqliteBuildLedger } from '../../core/relay/store/sqlite-build-ledger.js';
import { PgBuildLedger } from '../../core/relay/store/pg-build-ledger.js';
import type { Chain } from '../../core/chain/chain.js';
import type { NetworkProfile } from '../../core/config/profile.js';
import { ContentStore } from '../../core/content/content-store.js';
import { NO_IMAGE_MODERATION, type ImageModeration } from '../../core/content/moderation.js';
import type { PinningService } from '../../core/content/pinning.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { ProgressFeed } from '../../core/index/index-progress.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { startHostedIndex, type HostedIndexService } from '../../core/index/hosted-index.js';
import { PgIndexReads } from '../../core/index/store/postgres/pg-index-reads.js';
import type { IndexReads } from '../../core/index/store/index-reads.js';
import { freshDatabase } from '../helpers/pg.js';
import Database from 'better-sqlite3';
import { openPostgres } from '../../core/storage/postgres/pg-connection.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from '../index/rules.js';
import type { Keychain } from '../../core/signer/keychain.js';
import { WalletBook } from '../../core/signer/wallet-book.js';
import { TradingBook } from '../../core/signer/trading-book.js';
import { OneClickJournal } from '../../core/api/store/one-click-journal.js';
import { WATCH_FILE, WatchBook } from '../../core/api/store/watch-book.js';
import { ORDERS_FILE, OrderBook } from '../../core/api/store/order-book.js';
import { ProgramGuard } from '../../core/signer/program-guard.js';
import type { IssuerStatus } from '../../core/stocks/issuer-status.js';
import { issuerStatusOn } from '../../core/stocks/node/issuer-status-node.js';
import { ServiceRuns, type RunTimings, type ServiceRunsOptions } from '../../core/runs/service-runs.js';

/**
 * Which index the fixture's server reads (`LAUNCHDESK_TEST_INDEX`, set per vitest project): the desktop's
 * SQLite file, or `postgres`, the hosted replica's tables, written by the hosted writer over the same sandbox
 * (its keys, builds and rate limits in the same database).
 */
export const TEST_INDEX: 'sqlite' | 'postgres' = process.env['LAUNCHDESK_TEST_INDEX'] === 'postgres' ? 'postgres' : 'sqlite';

export interface ApiFixture {
  readonly sandbox: Sandbox;
  /** The index as SQLite: the server's own, or (hosted) the writer's working file, level with PostgreSQL once `indexed`. */
  readonly store: IndexStore;
  /** What the server reads: `store`, or the hosted replica's reads of PostgreSQL. */
  readonly reads: IndexReads;
  /** The PostgreSQL database holding the keys, builds and rate limits (null: SQLite files in `dir`, limits in memory). */
  readonly postgres: string | null;
  readonly keys: KeyStore;
  readonly ledger: BuildLedger;
  readonly ingestor: Ingestor;
  readonly app: Api;
  readonly base: string;
  readonly port: number;
  readonly dir: string;
  readonly mint: string;
  /** The upload store (in `dir`/content), when asked for. */
  readonly content?: ContentStore;
  /** The desk's watchlist and alerts (in `dir`), when the fixture was started with `desk`. */
  readonly watch: WatchBook | null;
  /** The desk's local orders (in `dir`), when the fixture was started with `desk`. */
  readonly orders: OrderBook | null;
  /** The desk's wallets, when the fixture was started with `desk`. */
  wallets: WalletBook | null;
  /** The service's runs, when the fixture was started with `runs`. */
  runs: ServiceRuns | null;
  /** The stocks' issuer status the server answers from (on the fixture's clock). */
  stocks: IssuerStatus;
  /** The server's clock (ms); move it to cross rate-limit windows. */
  clock: number;
  /** Confirms what was sent straight to the sandbox (one slot) and waits for the index to take it in. */
  indexed(): Promise<void>;
  /** Waits for the index to take in what the chain confirmed so far, in what the server reads. */
  idle(): Promise<void>;
  /** A count from the shared state's tables (the relay's `builds`, the API's `keys`), wherever the fixture keeps them. */
  count(table: 'builds' | 'keys', where?: string): Promise<number>;
  close(): Promise<void>;
}

/** A real sandbox with one listed coin, a real index and key store in files, the real server on 127.0.0.1. */
export async function startApi(
  options: {
    chain?: (sandbox: Sandbox) => Chain;
    profile?: (profile: NetworkProfile) => NetworkProfile;
    content?: { moderation?: ImageModeration; pinning?: PinningService };
    /** Where the server tells what it answered with a plain 503 (default: stderr). */
    onUnexpectedError?: (error: unknown, where: string) => void;
    deskDir?: string | null;
    /** The desk's wallets and signing routes: wallets in `keychain`, this token, the sandbox's faucet. */
    desk?: { keychain: Keychain; token: string };
    /** The service's runs (as the sandbox's service authority), with these timings. */
    runs?: Partial<RunTimings> & Pick<ServiceRunsOptions, 'onStep' | 'onFailure'>;
    /** The local orders' runner timings (with `desk`; it runs on the sandbox's chain clock). */
    orders?: { tickMs?: number; backoffMs?: number };
    /** Keys, builds and rate limits in this PostgreSQL database, as a hosted replica keeps them (default: SQLite files and memory). */
    postgres?: string;
    /** The hosted /v1's stance (host names, trusted proxies) instead of the desktop's loopback one. */
    hosted?: { hosts: readonly string[]; trustedProxies: readonly string[] };
    /** The index the server reads (default: the run's `TEST_INDEX`). */
    index?: 'sqlite' | 'postgres';
  } = {},
): Promise<ApiFixture> {
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  const dir = tempDir('launchdesk-api-');
  const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * 100_000_000n), { kind: 'holders' }, 1_000_000_000n);
  sandbox.cluster.advanceSlots(1);
  const progress = new ProgressFeed();
  const fixture = { clock: 1_800_000_000_000 } as ApiFixture;
  const hosted = (options.index ?? TEST_INDEX) === 'postgres' ? await hostedIndexOf(sandbox, dir, progress) : null;
  const postgres = options.postgres ?? hosted?.url;
  let store: IndexStore;
  let ingestor: Ingestor;
  if (hosted) {
    ({ store, ingestor } = hosted.writer);
  } else {
    store = IndexStore.open(join(dir, 'index.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox), progress.report);
    await ingestor.start();
  }
  const reads: IndexReads = hosted?.reads ?? store;
  /** Everything ingested so far, in what the server reads. */
  const level = async () => {
    if (!hosted) return;
    await hosted.writer.shipped();
    await hosted.reads.settled();
  };
  const keys: KeyStore = postgres ? await PgKeyStore.open(postgres) : SqliteKeyStore.open(join(dir, 'keys.sqlite'));
  const ledger: BuildLedger = postgres ? await PgBuildLedger.open(postgres) : SqliteBuildLedger.open(join(dir, 'builds.sqlite'));
  const limiter = postgres ? await PgRateLimiter.open(postgres, () => fixture.clock) : null;
  const chain = options.chain?.(sandbox) ?? new SandboxChain(sandbox.cluster);
  const relay = new Relay(chain, ledger, sandbox.profile, async (signatures) => {
    await ingestor.take(signatures);
    await level();
  });
  const content = options.content && new ContentStore({ dir: join(dir, 'content'), moderation: options.content.moderation ?? NO_IMAGE_MODERATION, pinning: options.content.pinning ?? null });
  const wallets = options.desk ? await WalletBook.open(dir, options.desk.keychain) : null;
  const guard = options.desk ? await ProgramGuard.open(chain, sandbox.profile, dir) : null;
  await guard?.check();
  const trading = options.desk ? await TradingBook.open(dir) : null;
  const journal = options.desk ? OneClickJournal.open(join(dir, 'one-click.sqlite')) : null;
  const watch = options.desk ? WatchBook.open(join(dir, WATCH_FILE)) : null;
  const orders = options.desk ? OrderBook.open(join(dir, ORDERS_FILE)) : null;
  const ordersOf = orders ? { orders: { book: orders, clock: () => Number(sandbox.cluster.unixTimestamp) * 1000, ...options.orders } } : {};
  const desk = options.desk && wallets && guard && trading && journal && watch ? { desk: { wallets, token: options.desk.token, faucet: sandbox.faucet, guard, trading, journal, watch, ...ordersOf } } : {};
  const { onStep, onFailure, ...timings } = options.runs ?? {};
  fixture.runs = options.runs
    ? ServiceRuns.start({ chain, store, profile: sandbox.profile, journalPath: join(dir, 'runs.sqlite'), authority: sandbox.serviceAuthority, timings, ...(onStep ? { onStep } : {}), ...(onFailure ? { onFailure } : {}) })
    : null;
  fixture.stocks = issuerStatusOn(chain, () => (options.profile?.(sandbox.profile) ?? sandbox.profile).stocks, { now: () => fixture.clock, vault: sandbox.profile.programs['vault'] });
  sandbox.onProfileChange(() => fixture.stocks.invalidate());
  const app = await createApiServer({ ...desk, faucet: sandbox.faucet, stocks: fixture.stocks, runs: fixture.runs, store: reads, chain, profile: options.profile?.(sandbox.profile) ?? sandbox.profile, keys, relay, progress, ...(limiter ? { limiter } : {}), ...(options.hosted ? { hosted: options.hosted } : {}), ...(content ? { content } : {}), ...(options.deskDir !== undefined ? { deskDir: options.deskDir } : {}), ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {}), now: () => fixture.clock });
  const { url, port } = await listenLocal(app, 0);
  fixture.wallets = wallets;

  return Object.assign(fixture, {
    sandbox, store, reads, postgres: postgres ?? null, keys, ledger, ingestor, app, watch, orders, base: url, port, dir, mint: coin.mint, ...(content ? { content } : {}),
    async indexed() {
      sandbox.cluster.advanceSlots(1);
      await ingestor.idle();
      await ingestor.lookupFunders();
      await level();
    },
    async idle() {
      await ingestor.idle();
      await level();
    },
    async count(table: 'builds' | 'keys', where = 'TRUE') {
      const sql = `SELECT count(*) AS n FROM ${table} WHERE ${where}`;
      if (postgres) {
        const pg = openPostgres(postgres, { max: 1 });
        try {
          return Number((await pg.unsafe<{ n: bigint }[]>(sql))[0]!.n);
        } finally {
          await pg.end();
        }
      }
      const db = new Database(join(dir, table === 'builds' ? 'builds.sqlite' : 'keys.sqlite'), { readonly: true });
      try {
        return (db.prepare(sql.replace('TRUE', '1')).get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    async close() {
      await fixture.runs?.stop();
      await app.close();
      watch?.close();
      orders?.close();
      await ledger.close();
      journal?.close();
      await keys.close();
      await limiter?.close();
      if (hosted) {
        await hosted.reads.close();
        await hosted.writer.stop();
        await hosted.drop();
      } else {
        ingestor.stop();
        store.close();
      }
      sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** The hosted writer over the fixture's sandbox, into a fresh database, and a replica's reads of it. */
async function hostedIndexOf(sandbox: Sandbox, dir: string, progress: ProgressFeed): Promise<{ writer: HostedIndexService; reads: PgIndexReads; url: string; drop: () => Promise<void> }> {
  const db = await freshDatabase('api');
  const writer = await startHostedIndex({ chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, postgresUrl: db.url, workDir: dir, onProgress: progress.report });
  await writer.shipped();
  const reads = await PgIndexReads.open(db.url, { max: 4 });
  return { writer, reads, url: db.url, drop: db.drop };
}

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

export async function call(f: ApiFixture, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${f.base}${path}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

export const codeOf = (a: Answer) => (a.body['error'] as { code: string } | undefined)?.code;
export const messageOf = (a: Answer) => (a.body['error'] as { message: string } | undefined)?.message ?? '';

/** A request through node:http, for headers fetch will not send as given (Host). */
export function rawCall(f: ApiFixture, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: f.port, method, path, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(response.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: h });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
