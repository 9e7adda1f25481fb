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

export interface ApiFixture {
  readonly sandbox: Sandbox;
  readonly store: IndexStore;
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
  } = {},
): Promise<ApiFixture> {
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  const dir = tempDir('launchdesk-api-');
  const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * 100_000_000n), { kind: 'holders' }, 1_000_000_000n);
  sandbox.cluster.advanceSlots(1);
  const store = IndexStore.open(join(dir, 'index.sqlite'));
  const progress = new ProgressFeed();
  const ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox), progress.report);
  await ingestor.start();
  const fixture = { clock: 1_800_000_000_000 } as ApiFixture;
  const keys: KeyStore = options.postgres ? await PgKeyStore.open(options.postgres) : SqliteKeyStore.open(join(dir, 'keys.sqlite'));
  const ledger: BuildLedger = options.postgres ? await PgBuildLedger.open(options.postgres) : SqliteBuildLedger.open(join(dir, 'builds.sqlite'));
  const limiter = options.postgres ? await PgRateLimiter.open(options.postgres, () => fixture.clock) : null;
  const chain = options.chain?.(sandbox) ?? new SandboxChain(sandbox.cluster);
  const relay = new Relay(chain, ledger, sandbox.profile, (signatures) => ingestor.take(signatures));
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
  const app = await createApiServer({ ...desk, faucet: sandbox.faucet, stocks: fixture.stocks, runs: fixture.runs, store, chain, profile: options.profile?.(sandbox.profile) ?? sandbox.profile, keys, relay, progress, ...(limiter ? { limiter } : {}), ...(options.hosted ? { hosted: options.hosted } : {}), ...(content ? { content } : {}), ...(options.deskDir !== undefined ? { deskDir: options.deskDir } : {}), ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {}), now: () => fixture.clock });
  const { url, port } = await listenLocal(app, 0);
  fixture.wallets = wallets;

  return Object.assign(fixture, {
    sandbox, store, keys, ledger, ingestor, app, watch, orders, base: url, port, dir, mint: coin.mint, ...(content ? { content } : {}),
    async indexed() {
      sandbox.cluster.advanceSlots(1);
      await ingestor.idle();
      await ingestor.lookupFunders();
    },
    async close() {
      await fixture.runs?.stop();
      await app.close();
      watch?.close();
      orders?.close();
      ingestor.stop();
      await ledger.close();
      journal?.close();
      await keys.close();
      await limiter?.close();
      store.close();
      sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
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
