import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { writeProfile } from '../../core/config/profile.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { openPostgres, type Pg } from '../../core/storage/postgres/pg-connection.js';
import { SeededRandom } from '../math/seeded-random.js';
import { launchdeskArgs } from '../helpers/child-js.js';
import { fileTables, hostedTables } from '../helpers/index-tables.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { freshDatabase } from '../helpers/pg.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from './rules.js';

const ZEC = 100_000_000n;

type Child = ChildProcessByStdio<null, Readable, Readable>;

let maxLag = 0;
let lastTick = Date.now();
setInterval(() => {
  const now = Date.now();
  maxLag = Math.max(maxLag, now - lastTick - 100);
  lastTick = now;
}, 100).unref();
const procState = (pid: number | undefined): string => {
  try {
    return `${readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2]} wchan=${readFileSync(`/proc/${pid}/wchan`, 'utf8')}`;
  } catch {
    return 'gone';
  }
};
const watched: ChildProcessByStdio<null, Readable, Readable>[] = [];

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n[max event-loop lag ${maxLag} ms; children: ${watched.map((c) => `${c.pid}:${procState(c.pid)}:exit=${c.exitCode}/${c.signalCode}`).join(', ')}]`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Two real writer processes (`launchdesk index --rpc … --index postgres://…`) over one sandbox with trades
 * landing: the second stands by; the first is killed with SIGKILL mid-burst and the second takes over; the
 * first comes back as the standby (its working file may hold a batch PostgreSQL never took) and takes over in
 * turn when the second is killed. Afterwards the hosted index equals an index built from the chain in one pass.
 */
describe('the hosted index: a standby writer takes over from one killed with -9', () => {
  let sandbox: Sandbox;
  let facade: RpcFacade;
  let dir: string;
  let url: string;
  let drop: () => Promise<void>;
  let pg: Pg;
  let coin: Coin;
  let traders: KeyPairSigner[];
  const children: Child[] = [];
  const random = new SeededRandom(0x38_2026n);

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    facade = await startRpcFacade(sandbox, { port: 0 });
    dir = tempDir('launchdesk-pg-takeover-');
    writeProfile(join(dir, 'profile.json'), { ...sandbox.profile, cluster: { kind: 'rpc', rpcUrl: facade.rpcUrl, wsUrl: facade.wsUrl } });
    ({ url, drop } = await freshDatabase('takeover'));
    pg = openPostgres(url, { max: 2 });
    traders = [await fundedWallet(sandbox, 500n * ZEC), await fundedWallet(sandbox, 500n * ZEC)];
    coin = await plantListedCoin(sandbox, traders[0]!, { kind: 'holders' });
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await pg?.end();
    await drop?.();
    await facade?.close();
    sandbox?.close();
  });

  function startWriter(name: string): { child: Child; output: () => string } {
    const child = spawn(process.execPath, launchdeskArgs(['index', '--data', join(dir, name), '--rpc', facade.rpcUrl, '--profile', join(dir, 'profile.json'), '--index', url]), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    watched.push(child);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return { child, output: () => out };
  }

  async function landOne(): Promise<void> {
    const trader = traders[Number(random.between(0n, 1n))]!;
    const held = await tokenBalance(sandbox, trader.address, coin.mint, TOKEN_2022_PROGRAM);
    const parties = partiesFor(sandbox, coin, trader.address);
    if (random.between(0n, 2n) === 0n && held > 0n) {
      const sale = sellExactTokens(curveOf(sandbox, coin), tokens(held / 2n + 1n), SANDBOX_FEE_RATES);
      await send(sandbox, trader, [await sellV2Instruction(parties, { amount: sale.tokens, minQuoteOutput: sale.userReceives })]);
    } else {
      const buy = buyExactTokens(curveOf(sandbox, coin), tokens(random.between(1n, 50n) * 10_000_000_000n), SANDBOX_FEE_RATES);
      await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(parties, { amount: buy.tokens, maxQuoteCost: buy.totalCost })]);
    }
  }

  const processedInPg = async (): Promise<bigint> => ((await pg.unsafe('SELECT COUNT(*) AS n FROM processed'))[0]!.n as bigint);

  it('misses no transaction and applies none twice', async () => {
    const a = startWriter('a');
    await until(() => /following live/.test(a.output()), `writer a to catch up:\n${a.output()}`);
    const b = startWriter('b');
    await until(() => /standby:/.test(b.output()), `writer b to stand by:\n${b.output()}`);

    let trading = true;
    let landed = 0;
    const burst = (async () => {
      while (trading) {
        await landOne();
        landed += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    // A dies mid-burst; B takes over and follows live.
    await until(() => landed >= 15, 'trades to land');
    a.child.kill('SIGKILL');
    await until(() => /following live/.test(b.output()), `writer b to take over:\n${b.output()}`).catch(async (error: Error) => {
      const sessions = await pg.unsafe("SELECT a.pid, a.application_name, a.client_port, a.state, left(a.query, 60) AS query, l.granted FROM pg_stat_activity a LEFT JOIN pg_locks l ON l.pid = a.pid AND l.locktype = 'advisory' WHERE a.datname = current_database()");
      throw new Error(`${error.message}\nsessions: ${JSON.stringify(sessions, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}\na (pid ${a.child.pid}) exited: ${a.child.signalCode}; b (pid ${b.child.pid}) exited: ${b.child.exitCode ?? b.child.signalCode}`);
    });
    expect(b.output()).toMatch(/catching-up: this process holds the writer lock/);

    // A comes back from its own working file and stands by; B dies; A takes over.
    const again = startWriter('a');
    await until(() => /standby:/.test(again.output()), `writer a to stand by again:\n${again.output()}`);
    await until(() => landed >= 35, 'more trades to land');
    b.child.kill('SIGKILL');
    await until(() => /following live/.test(again.output()), `writer a to take over again:\n${again.output()}`);
    await until(() => landed >= 45, 'the last trades to land');
    trading = false;
    await burst;
    sandbox.cluster.advanceSlots(1);

    // The chain, read in one pass by an embedded index.
    const cleanPath = join(dir, 'clean.sqlite');
    const clean = IndexStore.open(cleanPath);
    // As the CLI follows an RPC cluster: the launchpad's programs, not every Token-2022 transaction.
    const ingestor = new Ingestor(new SandboxChain(sandbox.cluster), clean, rulesOf(sandbox), undefined, { followTokenMoves: false });
    await ingestor.start();
    await ingestor.idle();
    await ingestor.lookupFunders();
    const expected = (await clean.checkpoint()).transactions;
    ingestor.stop();
    clean.close();

    const owed = async (): Promise<bigint> => ((await pg.unsafe('SELECT COUNT(*) AS n FROM funder_queue'))[0]!.n as bigint);
    await until(async () => (await processedInPg()) >= expected && (await owed()) === 0n, `the hosted index to hold all ${expected} transactions (it holds ${await processedInPg()}):\n--- a:\n${a.output()}\n--- b:\n${b.output()}\n--- a again:\n${again.output()}`);
    // Arrival numbers aside (the writers read the chain in another order than the clean pass), the same index.
    expect(await hostedTables(pg, { arrival: false })).toEqual(fileTables(cleanPath, { arrival: false }));
    const [log] = await pg.unsafe('SELECT COUNT(*) AS n, COUNT(DISTINCT batch) AS batches, MIN(batch) AS first, MAX(batch) AS last FROM index_log');
    // From the bulk load's batch (the backfill went in by COPY) to the last, each once: no gap.
    expect(log!.batches).toBe((log!.last as bigint) - (log!.first as bigint) + 1n);
    expect(log!.n).toBe(log!.batches);
    again.child.kill('SIGTERM');
  }, 240_000);
});
