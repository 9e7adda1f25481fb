import { join } from 'node:path';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { startHostedIndex, type HostedIndexService } from '../../core/index/hosted-index.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { openPostgres, type Pg } from '../../core/storage/postgres/pg-connection.js';
import { fileTables, hostedTables } from '../helpers/index-tables.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokens, type Coin } from '../helpers/launchpad.js';
import { freshDatabase } from '../helpers/pg.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { indexChainOnce } from './chain-index.js';

const ZEC = 100_000_000n;
const KEEP = 3;

/**
 * The hosted index's log keeps only its newest batches (index-shipper.ts prunes the rest as it ships), so a
 * standby whose file the log no longer reaches starts from a copy of the hosted tables taken at one moment
 * (index-copy.ts), follows the log from there, and takes over with nothing missed or applied twice.
 */
describe('the hosted index: a pruned log, and a standby that starts from a copy of the tables', () => {
  let sandbox: Sandbox;
  let url: string;
  let drop: () => Promise<void>;
  let pg: Pg;
  let trader: KeyPairSigner;
  let coin: Coin;
  let writer: HostedIndexService | null = null;
  /** The second writer's folder: its file holds batches the first hosted index took. */
  let standbyDir = '';

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    ({ url, drop } = await freshDatabase('prune'));
    pg = openPostgres(url, { max: 2 });
    trader = await fundedWallet(sandbox, 500n * ZEC);
    coin = await plantListedCoin(sandbox, trader, { kind: 'holders' });
  }, 60_000);
  afterAll(async () => {
    await writer?.stop();
    await pg?.end();
    await drop?.();
    sandbox?.close();
  });

  /** One buy, confirmed, indexed and shipped by `by`: one batch. */
  async function buyOnce(by: HostedIndexService): Promise<void> {
    const buy = buyExactTokens(curveOf(sandbox, coin), tokens(7_000_000_000n), SANDBOX_FEE_RATES);
    await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: buy.tokens, maxQuoteCost: buy.totalCost })]);
    sandbox.cluster.advanceSlots(1);
    await by.ingestor.idle();
    await by.shipped();
  }
  const log = async () => (await pg.unsafe('SELECT COUNT(*) AS n, MIN(batch) AS first, MAX(batch) AS last FROM index_log'))[0] as unknown as { n: bigint; first: bigint; last: bigint };

  it('keeps the newest batches; a new standby copies the tables, follows, and takes over', async () => {
    const first = await startHostedIndex({ chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, postgresUrl: url, workDir: tempDir('launchdesk-prune-a-'), logKeep: KEEP });
    writer = first;
    await first.shipped();
    const planted = Number((await pg.unsafe('SELECT COUNT(*) AS n FROM trades'))[0]!.n as bigint); // the planting's own buys
    for (let i = 0; i < 8; i++) await buyOnce(first);
    const pruned = await log();
    expect(pruned.last).toBeGreaterThanOrEqual(8n);
    expect(pruned.n).toBe(BigInt(KEEP));
    expect(pruned.first).toBe(pruned.last - BigInt(KEEP) + 1n);

    // A standby on an empty folder: the log starts past batch 1, so it copies the tables, then follows.
    standbyDir = tempDir('launchdesk-prune-b-');
    const said: string[] = [];
    const second = startHostedIndex({ chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, postgresUrl: url, workDir: standbyDir, pollMs: 50, logKeep: KEEP, onState: (state, detail) => said.push(`${state}: ${detail}`) });
    const until = async (done: () => boolean, what: string) => {
      const end = Date.now() + 30_000;
      while (!done()) {
        if (Date.now() > end) throw new Error(`waited too long for ${what}; said: ${said.join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await until(() => said.some((line) => /^standby: the hosted index's log starts at batch \d+ and this file holds up to 0: copying the hosted tables$/.test(line)), 'the standby to copy the tables');
    for (let i = 0; i < 3; i++) await buyOnce(first);
    await first.stop();
    writer = await second;
    expect(said.at(-1)).toBe('writing: ingesting the chain into the hosted index');
    await buyOnce(writer);
    await buyOnce(writer);
    await writer.ingestor.lookupFunders();
    await writer.shipped();

    // The standby's file, the hosted index and an embedded index of the same chain hold the same rows.
    const embeddedPath = join(standbyDir, 'embedded.sqlite');
    await indexChainOnce(sandbox, embeddedPath);
    const hosted = await hostedTables(pg);
    expect(hosted.trades!.length).toBe(planted + 13);
    expect(hosted).toEqual(fileTables(join(standbyDir, 'index-writer.sqlite')));
    expect(hosted).toEqual(fileTables(embeddedPath));
    expect((await log()).n).toBe(BigInt(KEEP));
  }, 120_000);

  it('a writer whose file holds batches, started on a new empty database, loads its file by COPY instead of reading the chain again', async () => {
    await writer!.stop();
    writer = null;
    const held = (await log()).last;
    const fresh = await freshDatabase('prune_new');
    const other = openPostgres(fresh.url, { max: 1 });
    try {
      const said: string[] = [];
      writer = await startHostedIndex({ chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, postgresUrl: fresh.url, workDir: standbyDir, logKeep: KEEP, onState: (state, detail) => said.push(`${state}: ${detail}`) });
      await writer.shipped();
      expect(said).toContain(`catching-up: the hosted index is empty: this file's batches up to ${held} go into it by COPY`);
      expect(said.filter((line) => /starts over/.test(line))).toEqual([]);
      // One log row stands for the file's batches (and any the resumed ingest added before the load), numbered
      // on from the file's; the next buy ships after it.
      const loaded = (await other.unsafe('SELECT batch FROM index_log')).map((r) => r.batch as bigint);
      expect(loaded).toHaveLength(1);
      expect(loaded[0]).toBeGreaterThanOrEqual(held);
      await buyOnce(writer);
      expect((await other.unsafe('SELECT MAX(batch) AS last FROM index_log'))[0]!.last).toBe(loaded[0]! + 1n);
      const embeddedPath = join(standbyDir, 'embedded-2.sqlite');
      await indexChainOnce(sandbox, embeddedPath);
      const hosted = await hostedTables(other);
      expect(hosted).toEqual(fileTables(join(standbyDir, 'index-writer.sqlite')));
      expect(hosted).toEqual(fileTables(embeddedPath));
    } finally {
      await writer?.stop();
      writer = null;
      await other.end();
      await fresh.drop();
    }
  }, 120_000);

  it('a copy that fails midway leaves the file as it was', async () => {
    const path = join(tempDir('launchdesk-prune-d-'), 'index.sqlite');
    const store = IndexStore.open(path, { shipped: true });
    try {
      const native = sandbox.profile.pairs!.native!;
      store.registerNativeCoin({ mint: native.mint, symbol: 'NATIVE', name: 'NATIVE', pool: native.pool });
      const before = fileTables(path);
      const held = store.outbox!.lastBatch();
      await expect(
        store.restore(99n, async (put) => {
          put('traders', ['wallet'], [[trader.address]]);
          throw new Error('the hosted index went away mid-copy');
        }),
      ).rejects.toThrow(/went away mid-copy/);
      expect(fileTables(path)).toEqual(before);
      expect(before.coins!.length).toBe(1);
      expect(store.outbox!.lastBatch()).toBe(held);
    } finally {
      store.close();
    }
  });

  it('refuses to keep fewer than one batch', async () => {
    await expect(startHostedIndex({ chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, postgresUrl: url, workDir: tempDir('launchdesk-prune-c-'), logKeep: 0, signal: AbortSignal.timeout(5_000) })).rejects.toThrow(/the log keeps at least one batch, not 0/);
  });
});
