import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../core/api/api-context.js';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { startHostedIndex, type HostedIndexService } from '../../core/index/hosted-index.js';
import { PgIndexReads } from '../../core/index/store/postgres/pg-index-reads.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { issuerStatusOn } from '../../core/stocks/node/issuer-status-node.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { openPostgres } from '../../core/storage/postgres/pg-connection.js';
import { freshDatabase } from '../helpers/pg.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import type { ApiFixture } from './api-fixture.js';
import { Listener } from './stream-listener.js';

const ZEC = 100_000_000n;
const SORTS = ['trending', 'new', 'volume', 'marketCap', 'lastTrade', 'progress'] as const;

/**
 * A hosted API replica (core/index/store/postgres/pg-index-reads.ts) answers every read as the writer's own file
 * does: a seeded sandbox market indexed by the hosted writer into PostgreSQL, one /v1 server on the writer's
 * working SQLite file and one on PostgreSQL, the same requests, the same bytes.
 */
describe('the /v1 reads on PostgreSQL, beside SQLite', () => {
  let sandbox: Sandbox;
  let writer: HostedIndexService;
  let reads: PgIndexReads;
  let drop: () => Promise<void>;
  let dbUrl: string;
  let onSqlite: { app: Api; url: string };
  let onPostgres: { app: Api; url: string; port: number };

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0, market: { state: 'seeded' } });
    const db = await freshDatabase('reads');
    drop = db.drop;
    dbUrl = db.url;
    const chain = new SandboxChain(sandbox.cluster);
    writer = await startHostedIndex({ chain, profile: sandbox.profile, postgresUrl: db.url, workDir: tempDir('launchdesk-pg-reads-') });
    await writer.ingestor.idle();
    await writer.ingestor.lookupFunders();
    await writer.shipped();
    reads = await PgIndexReads.open(db.url, { max: 4 });
    // One issuer status for both: the stock coins' figures are the same readings.
    const stocks = issuerStatusOn(chain, () => sandbox.profile.stocks, { now: () => 1_800_000_000_000, vault: sandbox.profile.programs['vault'] });
    const serve = async (store: HostedIndexService['store'] | PgIndexReads) => {
      const app = await createApiServer({ store, chain, profile: sandbox.profile, stocks, faucet: null, now: () => clock, onUnexpectedError: (error) => unexpected.push(`${(error as Error).message} in ${String((error as { query?: string }).query).slice(0, 400)}`) });
      const { url, port } = await listenLocal(app, 0);
      return { app, url, port };
    };
    onSqlite = await serve(writer.store);
    onPostgres = await serve(reads);
  }, 180_000);
  afterAll(async () => {
    await onPostgres?.app.close();
    await onSqlite?.app.close();
    await reads?.close();
    await writer?.stop();
    await drop?.();
    sandbox?.close();
  });

  /** The servers' clock: a minute on for every request, so no read waits for the rate limit. */
  let clock = 1_800_000_000_000;
  const unexpected: unknown[] = [];
  const get = async (base: string, path: string) => {
    clock += 61_000;
    const response = await fetch(`${base}${path}`);
    return { status: response.status, body: await response.text() };
  };
  const json = async (path: string) => JSON.parse((await get(onSqlite.url, path)).body) as Record<string, unknown>;

  it('answers every read byte for byte as the SQLite file does', async () => {
    const coins = (await json('/v1/coins?sort=new&limit=100')).data as { mint: Address; pair?: { key: string }; stage: string }[];
    expect(coins.length).toBeGreaterThan(30);
    const paths: string[] = ['/v1/params', '/v1/stats', '/v1/stats/daily', '/v1/stats/daily?limit=2&cursor=1', '/v1/graduations', '/v1/graduations?limit=2&cursor=2'];
    for (const sort of SORTS) {
      paths.push(`/v1/coins?sort=${sort}`, `/v1/coins?sort=${sort}&limit=7&cursor=7`);
      for (const filter of ['quote=zec', 'quote=native', 'quote=stocks', 'stage=curve', 'stage=complete', 'stage=pool', 'top10Above=20', 'deployerSold=true', 'deployerSold=false', 'bundled=true', 'bundled=false']) {
        paths.push(`/v1/coins?sort=${sort}&${filter}`);
      }
    }
    const stockKey = coins.find((c) => c.pair?.key && c.pair.key !== 'native')?.pair?.key;
    if (stockKey) paths.push(`/v1/coins?stock=${stockKey}`, `/v1/trades?stock=${stockKey}`);
    for (const q of ['a', 'A', 'co', '%', '_', 'zzzz', coins[0]!.mint]) paths.push(`/v1/coins/search?q=${encodeURIComponent(q)}`);
    paths.push('/v1/trades', '/v1/trades?limit=5', '/v1/trades?quote=native', '/v1/trades?quote=stocks', '/v1/trades?quote=zec&limit=3');
    const picked = [
      ...coins.filter((c) => c.stage === 'pool').slice(0, 2),
      ...coins.filter((c) => c.pair?.key === 'native').slice(0, 2),
      ...coins.filter((c) => c.stage === 'curve' && !c.pair).slice(0, 3),
      ...coins.filter((c) => c.pair && c.pair.key !== 'native').slice(0, 1),
    ];
    const wallets = new Set<string>();
    const signatures = new Set<string>();
    for (const { mint } of picked) {
      for (const suffix of ['', '/trades', '/trades?limit=3', '/holders', '/holders?limit=2&cursor=2', '/risk', '/fees', '/runs', '/rings', '/rings?limit=2', '/candles', '/candles?interval=5m', '/candles?interval=1h', '/candles?interval=1d', '/candles?interval=1m&limit=3']) {
        paths.push(`/v1/coins/${mint}${suffix}`);
      }
      const trades = (await json(`/v1/coins/${mint}/trades`)).data as { user: string; signature: string }[];
      for (const t of trades.slice(0, 3)) {
        wallets.add(t.user);
        signatures.add(t.signature);
      }
      const first = trades[0];
      if (first) paths.push(`/v1/coins/${mint}/trades?user=${first.user}`);
    }
    const native = sandbox.profile.mints.native.address;
    paths.push(`/v1/coins/${native}`, `/v1/coins/${native}/trades`, `/v1/coins/${native}/candles`);
    for (const wallet of [...wallets, ...(sandbox.profile.market?.traders ?? [])]) paths.push(`/v1/accounts/${wallet}`, `/v1/accounts/${wallet}/balances`, `/v1/trades?user=${wallet}`);
    for (const signature of signatures) paths.push(`/v1/tx/${signature}`, `/v1/tx/${signature}/rings`);
    paths.push(`/v1/coins/${'1'.repeat(32)}`, '/v1/coins/not-a-mint', `/v1/tx/${'1'.repeat(64)}/rings`);

    const differing: string[] = [];
    for (const path of paths) {
      const [lite, hosted] = [await get(onSqlite.url, path), await get(onPostgres.url, path)];
      if (lite.status === hosted.status && lite.body === hosted.body) continue;
      let at = 0;
      while (lite.body[at] === hosted.body[at]) at += 1;
      const near = (body: string) => body.slice(Math.max(0, at - 120), at + 120);
      differing.push(`${path} (from character ${at})\n  sqlite ${lite.status} …${near(lite.body)}\n  postgres ${hosted.status} …${near(hosted.body)}`);
    }
    expect(unexpected).toEqual([]);
    expect(differing).toEqual([]);
    expect(paths.length).toBeGreaterThan(250);
  }, 120_000);

  it('pushes a trade the writer ships after a stream client subscribed', async () => {
    const listener = await Listener.open({ port: onPostgres.port } as ApiFixture);
    try {
      listener.send({ type: 'subscribe', topics: ['trades', 'coins'] });
      await listener.until((frames) => frames.some((f) => f.type === 'subscribed'));
      const mark = await reads.queries.version();
      const before = await get(onPostgres.url, '/v1/coins?sort=new'); // a page the replica keeps until the writer ships
      const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' }, 1_000_000_000n);
      sandbox.cluster.advanceSlots(1);
      await writer.ingestor.idle();
      await writer.shipped();
      await listener.until(() => listener.events('trade').some((e) => e.data['mint'] === coin.mint), 15_000);
      expect(listener.events('coin').some((e) => e.data['mint'] === coin.mint)).toBe(true);
      // The replica's answer is the file's once shipped.
      const [lite, hosted] = [await get(onSqlite.url, `/v1/coins/${coin.mint}`), await get(onPostgres.url, `/v1/coins/${coin.mint}`)];
      expect(hosted).toEqual(lite);
      // The kept page went with the writer's batch: the replica's mark is the last batch it was told of.
      expect(await reads.queries.version()).not.toBe(mark);
      const after = await get(onPostgres.url, '/v1/coins?sort=new');
      expect(after.body).not.toBe(before.body);
      expect(after).toEqual(await get(onSqlite.url, '/v1/coins?sort=new'));
    } finally {
      listener.socket.close();
    }
  }, 60_000);

  /**
   * A batch committing while an answer reads (the writer's ship, here a session of its own changing the same rows)
   * is seen by all of the answer's reads or by none: a coin's detail reads the coin and its risk figures, and the
   * second read is held at a lock until the change commits. Read one statement at a time, the coin would be the
   * old one and its figures the new.
   */
  it("reads an answer's rows in one snapshot, even while a batch commits between its reads", async () => {
    const coins = (await json('/v1/coins?sort=new&limit=5')).data as { mint: Address }[];
    const mint = coins[0]!.mint;
    const detail = async () => JSON.parse((await get(onPostgres.url, `/v1/coins/${mint}`)).body) as { trades: number; risk: { holders: number } };
    const before = await detail();
    const writer = openPostgres(dbUrl, { max: 1 });
    const watcher = openPostgres(dbUrl, { max: 1 });
    const [kept] = await watcher.unsafe('SELECT c.trades, r.holders FROM coins c JOIN coin_risk r ON r.mint = c.mint WHERE c.mint = $1', [mint]);
    try {
      // In the API's own PgIndexReads: two reads of one answer, a commit between them.
      const seen = await reads.answer(async () => {
        const first = (await reads.coin(mint))!.trades;
        await writer.unsafe('UPDATE coins SET trades = trades + 1000 WHERE mint = $1', [mint]);
        return [first, (await reads.coin(mint))!.trades];
      });
      expect(seen[1]).toBe(seen[0]);
      expect((await reads.coin(mint))!.trades).toBe(seen[0]! + 1000n); // the next answer sees the commit
      await writer.unsafe('UPDATE coins SET trades = $2 WHERE mint = $1', [mint, kept!.trades as bigint]);

      // Over HTTP: the detail's risk read waits at a lock the "batch" holds, which then changes both tables and commits.
      const answered = await writer.begin(async (tx) => {
        await tx.unsafe('LOCK TABLE coin_risk IN ACCESS EXCLUSIVE MODE');
        const pending = detail();
        for (let i = 0; ; i++) {
          const waiting = await watcher.unsafe("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%coin_risk%'");
          if ((waiting[0]!.n as number) > 0) break;
          if (i > 500) throw new Error('the detail never reached the risk read');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await tx.unsafe('UPDATE coins SET trades = trades + 1000 WHERE mint = $1', [mint]);
        await tx.unsafe('UPDATE coin_risk SET holders = holders + 1000 WHERE mint = $1', [mint]);
        return { pending }; // not awaited here: the answer waits for this commit
      });
      const during = await answered.pending;
      expect([during.trades, during.risk.holders]).toEqual([before.trades, before.risk.holders]);
      const after = await detail();
      expect([after.trades, after.risk.holders]).toEqual([before.trades + 1000, before.risk.holders + 1000]);
    } finally {
      // The rows as they were, for the other tests of this file.
      await writer.unsafe('UPDATE coins SET trades = $2 WHERE mint = $1', [mint, kept!.trades as bigint]);
      await writer.unsafe('UPDATE coin_risk SET holders = $2 WHERE mint = $1', [mint, kept!.holders as bigint]);
      await writer.end();
      await watcher.end();
    }
  });
});
