import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { writeProfile } from '../../core/config/profile.js';
import { CANDLE_INTERVALS } from '../../core/index/candles.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { SeededRandom } from '../math/seeded-random.js';
import { fundedBy } from '../helpers/funding.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from './rules.js';
import { launchdeskArgs } from '../helpers/child-js.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;
const KILLS = 8;

type Child = ChildProcessByStdio<null, Readable, Readable>;

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Everything a read of the index can see, for comparing two indexes. */
async function snapshotOf(store: IndexStore, mints: readonly Address[], wallets: readonly Address[]) {
  return {
    transactions: (await store.checkpoint()).transactions,
    // `trend` is a decayed score (a float used only to order Trending): a resumed ingest sums it in other batches,
    // so its last digit may differ. Every figure a user reads is exact and compared as it is.
    coins: (await Promise.all(mints.map((m) => store.coin(m)))).map((c) => {
      const trend = (c as { trend?: unknown } | null)?.trend;
      return c === null || typeof trend !== 'number' ? c : { ...c, trend: Number(trend.toPrecision(12)) };
    }),
    trades: await Promise.all(mints.map((m) => store.tradesOf(m))),
    candles: await Promise.all(mints.map((m) => Promise.all(Object.values(CANDLE_INTERVALS).map((s) => store.candles(m, s))))),
    holdings: await Promise.all(wallets.map((w) => store.holdingsOf(w))),
    // The risk figures kept as the index ingests: after the kills they equal a rebuild from scratch.
    risks: await Promise.all(mints.map((m) => store.risk(m))),
    // Their launch buyers' funders, looked up behind the ingest from a queue written with each buy.
    funders: wallets.map((w) => store.funderOf(w)),
    fees: await Promise.all(mints.map((m) => store.fees(m))),
    graduations: await store.graduations(),
    stats: await store.stats(),
    daily: await store.dailyStats(),
  };
}

/**
 * The real CLI (`launchdesk index --rpc URL --profile FILE`) in a child process, following the sandbox
 * through its JSON-RPC facade, killed with SIGKILL at random points while trades land; after the last
 * restart its index equals one built in a single clean pass.
 */
describe('index: crash safety', () => {
  let sandbox: Sandbox;
  let facade: RpcFacade;
  let dir: string;
  let coins: Coin[];
  let traders: KeyPairSigner[];
  const random = new SeededRandom(0x1d3c_2026n);

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    facade = await startRpcFacade(sandbox, { port: 0 });
    dir = tempDir('launchdesk-index-crash-');
    writeProfile(join(dir, 'profile.json'), { ...sandbox.profile, cluster: { kind: 'rpc', rpcUrl: facade.rpcUrl, wsUrl: facade.wsUrl } });
    // Two traders funded by another wallet rather than the faucet: their funders are looked up and kept.
    const bundler = await fundedWallet(sandbox);
    traders = [await fundedWallet(sandbox, 500n * ZEC), await fundedBy(sandbox, bundler, 500n * ZEC, 40n * SOL), await fundedBy(sandbox, bundler, 500n * ZEC, 40n * SOL)];
    coins = [await plantListedCoin(sandbox, traders[0]!, { kind: 'holders' })];
  });
  afterAll(async () => {
    await facade.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function startIndexer(): { child: Child; output: () => string; ready: Promise<void> } {
    const child = spawn(process.execPath, launchdeskArgs(['index', '--data', join(dir, 'data'), '--rpc', facade.rpcUrl, '--profile', join(dir, 'profile.json')]), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the indexer did not catch up:\n${out}`)), 60_000);
      const check = () => {
        if (/following live/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', check);
      child.on('exit', (code, signal) => {
        if (signal === null) {
          clearTimeout(timer);
          reject(new Error(`the indexer exited (${code}):\n${out}`));
        }
      });
    });
    ready.catch(() => {}); // a run killed before it caught up never resolves: only awaited when wanted
    return { child, output: () => out, ready };
  }

  const exited = (child: Child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

  /** One trade, plant or sale chosen at random; each lands in its own slot. */
  async function landOne(): Promise<void> {
    const trader = traders[Number(random.between(0n, 2n))]!;
    const roll = random.between(0n, 9n);
    if (roll === 0n) {
      coins.push(await plantListedCoin(sandbox, trader, { kind: 'wallet', wallet: trader.address }));
      return;
    }
    const coin = coins[Number(random.between(0n, BigInt(coins.length - 1)))]!;
    const held = await tokenBalance(sandbox, trader.address, coin.mint, TOKEN_2022_PROGRAM);
    const parties = partiesFor(sandbox, coin, trader.address);
    if (roll < 4n && held > 0n) {
      const sale = sellExactTokens(curveOf(sandbox, coin), tokens(held / 2n + 1n), SANDBOX_FEE_RATES);
      await send(sandbox, trader, [await sellV2Instruction(parties, { amount: sale.tokens, minQuoteOutput: sale.userReceives })]);
    } else {
      const buy = buyExactTokens(curveOf(sandbox, coin), tokens(random.between(1n, 50n) * 10_000_000_000n), SANDBOX_FEE_RATES);
      await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(parties, { amount: buy.tokens, maxQuoteCost: buy.totalCost })]);
    }
  }

  it('loses no trade and duplicates none after SIGKILL at random points', async () => {
    let trading = true;
    let landed = 0;
    const pump = (async () => {
      while (trading) {
        await landOne();
        landed += 1;
        await new Promise((resolve) => setTimeout(resolve, Number(random.between(2n, 25n))));
      }
    })();

    const killedAfter: string[] = [];
    for (let i = 0; i < KILLS; i++) {
      const run = startIndexer();
      // Killed at a random moment after a milestone, in turn: its start, its backfill, its live phase
      // (a slow machine only shifts where in each phase the kill lands).
      const milestone = [/indexing/, /backfill|following live/, /following live/][i % 3]!;
      await until(() => milestone.test(run.output()) || run.child.exitCode !== null, `the indexer to reach ${milestone.source}:\n${run.output()}`);
      await new Promise((resolve) => setTimeout(resolve, Number(random.between(0n, 800n))));
      run.child.kill('SIGKILL');
      await exited(run.child);
      killedAfter.push(/following live/.test(run.output()) ? 'live' : /backfill/.test(run.output()) ? 'backfill' : 'start-up');
    }
    const last = startIndexer();
    await last.ready;
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // more trades land while it follows live
    trading = false;
    await pump;
    sandbox.cluster.advanceSlots(1); // the last trade confirmed
    // The index built in one clean pass first: the last run is stopped once it holds as many
    // transactions (on a loaded machine following live can lag any fixed wait).
    const clean = IndexStore.open(join(dir, 'clean.sqlite'));
    let crashed: IndexStore | null = null;
    try {
      // As the CLI follows an RPC cluster: the launchpad's programs, not every Token-2022 transaction.
      const ingestor = new Ingestor(new SandboxChain(sandbox.cluster), clean, rulesOf(sandbox), undefined, { followTokenMoves: false });
      await ingestor.start();
      await ingestor.lookupFunders();
      ingestor.stop();
      expect(clean.funderOf(traders[1]!.address)).toBeDefined();
      const processed = new Database(join(dir, 'data', 'index.sqlite'), { readonly: true });
      const count = processed.prepare('SELECT COUNT(*) FROM processed').pluck().safeIntegers(true);
      const owed = processed.prepare('SELECT COUNT(*) FROM funder_queue').pluck().safeIntegers(true);
      try {
        await until(async () => (count.get() as bigint) >= (await clean.checkpoint()).transactions && owed.get() === 0n, `the last run to hold the ${(await clean.checkpoint()).transactions} transactions of the clean pass (it holds ${String(count.get())}) and owe no funder lookup (it owes ${String(owed.get())}):\n${last.output()}`, 120_000);
      } finally {
        processed.close();
      }
      last.child.kill('SIGTERM');
      await exited(last.child);
      expect(landed).toBeGreaterThan(50);
      expect(killedAfter).toContain('live');

      crashed = IndexStore.open(join(dir, 'data', 'index.sqlite'));
      const mints = [...coins.map((c) => c.mint), sandbox.profile.mints.native.address];
      const wallets = traders.map((t) => t.address);
      const expected = await snapshotOf(clean, mints, wallets);
      expect(await snapshotOf(crashed, mints, wallets)).toEqual(expected);
      expect(expected.trades.flat().length).toBeGreaterThan(40);
    } finally {
      crashed?.close();
      clean.close();
    }
  }, 300_000);
});
