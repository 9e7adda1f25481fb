import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { writeProfile } from '../../core/config/profile.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { openPostgres, type Pg } from '../../core/storage/postgres/pg-connection.js';
import { startPrivateCluster, type PrivateCluster } from '../../core/storage/postgres/private-cluster.js';
import { signAnswer } from '../engine/http-signing.js';
import { launchdeskArgs } from '../helpers/child-js.js';
import { fileTables, hostedTables } from '../helpers/index-tables.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from '../index/rules.js';
import WebSocket from 'ws';

const ZEC = 100_000_000n;

type Child = ChildProcessByStdio<null, Readable, Readable>;
interface Running {
  readonly child: Child;
  output(): string;
}

async function until(done: () => boolean | Promise<boolean>, what: () => string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A caller of its own behind the trusted proxy (polls must not spend one caller's read limit). */
let callers = 0;
const nextCaller = (): Record<string, string> => ({ 'x-forwarded-for': `198.51.100.${(callers++ % 250) + 1}` });

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

/**
 * The hosted topology of docs/hosting.md, every part a real process: a private PostgreSQL cluster, one writer
 * and a standby (`launchdesk index --index …`), two replicas (`launchdesk api --index …`), over one sandbox with
 * trades landing. A bot's build on replica A is sent through replica B; a read limit holds across both; a
 * stream client moves from A to B mid-burst while the writer is killed with -9 and misses nothing; PostgreSQL
 * restarts and the replicas answer 503 meanwhile, then recover by themselves; the index equals the chain.
 */
describe('the hosted /v1: one writer, a standby and two replicas on PostgreSQL', () => {
  let sandbox: Sandbox;
  let facade: RpcFacade;
  let cluster: PrivateCluster;
  let pg: Pg;
  let dir: string;
  let trader: KeyPairSigner;
  let coin: Coin;
  let writer: Running;
  let standby: Running;
  const replicas: { run: Running; port: number }[] = [];
  const children: Child[] = [];

  function start(args: readonly string[]): Running {
    const child = spawn(process.execPath, launchdeskArgs(args), { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return { child, output: () => out };
  }
  const chainFlags = () => ['--rpc', facade.rpcUrl, '--profile', join(dir, 'profile.json')];

  async function call(replica: number, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const response = await fetch(`http://127.0.0.1:${replicas[replica]!.port}${path}`, {
      method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
  }

  async function buy(amount: bigint): Promise<string> {
    const quote = buyExactTokens(curveOf(sandbox, coin), tokens(amount), SANDBOX_FEE_RATES);
    const result = await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    return result.signature;
  }

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    facade = await startRpcFacade(sandbox, { port: 0 });
    dir = tempDir('launchdesk-hosted-');
    writeProfile(join(dir, 'profile.json'), { ...sandbox.profile, cluster: { kind: 'rpc', rpcUrl: facade.rpcUrl, wsUrl: facade.wsUrl } });
    // A cluster of its own: this file restarts it.
    cluster = await startPrivateCluster({ fast: true });
    pg = openPostgres(cluster.url, { max: 2 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    coin = await plantListedCoin(sandbox, trader, { kind: 'holders' });
    sandbox.cluster.advanceSlots(1); // the planting confirmed: what an RPC reader sees

    writer = start(['index', '--data', join(dir, 'w1'), ...chainFlags(), '--index', cluster.url]);
    await until(() => /following live/.test(writer.output()), () => `the writer:\n${writer.output()}`);
    standby = start(['index', '--data', join(dir, 'w2'), ...chainFlags(), '--index', cluster.url]);
    await until(() => /standby:/.test(standby.output()), () => `the standby:\n${standby.output()}`);
    for (const name of ['a', 'b']) {
      const run = start(['api', '--index', cluster.url, '--host', '127.0.0.1', '--listen', '127.0.0.1:0', '--trusted-proxy', '127.0.0.1', ...chainFlags(), '--json']);
      await until(() => /"ready":true/.test(run.output()), () => `replica ${name}:\n${run.output()}`);
      const line = run.output().split('\n').find((l) => l.includes('"ready":true'))!;
      replicas.push({ run, port: (JSON.parse(line) as { port: number }).port });
    }
  }, 180_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await pg?.end({ timeout: 1 });
    cluster?.destroy();
    await facade?.close();
    sandbox?.close();
  });

  it('sends a build answered by replica A through replica B, once', async () => {
    const built = await call(0, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: coin.mint, side: 'buy', amount: String(ZEC) } });
    expect(built.status, `${JSON.stringify(built.body)}\n--- writer:\n${writer.output()}\n--- standby:\n${standby.output()}\n--- replica a:\n${replicas[0]!.run.output()}`).toBe(200);
    const signed = await signAnswer(built as never, [trader]);
    const ticker = setInterval(() => sandbox.cluster.advanceSlots(1), 5);
    try {
      const sent = await call(1, 'POST', '/v1/tx/send', { body: { buildId: built.body['buildId'], signed } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const again = await call(0, 'POST', '/v1/tx/send', { body: { buildId: built.body['buildId'], signed } });
      expect(again.status).toBe(422);
      expect((again.body['error'] as { message: string }).message).toMatch(/was sent before \(a build is sent once\)/);
    } finally {
      clearInterval(ticker);
    }
  });

  it('holds a read limit across both replicas together', async () => {
    const as = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < 60; i++) {
      const answer = await call(i % 2, 'GET', `/v1/coins/${coin.mint}`, { headers: as });
      expect(answer.status, `read ${i + 1}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    const over = await call(1, 'GET', `/v1/coins/${coin.mint}`, { headers: as });
    expect(over.status).toBe(429);
    expect((over.body['error'] as { code: string }).code).toBe('rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another caller behind the same proxy has its own limit.
    expect((await call(0, 'GET', `/v1/coins/${coin.mint}`, { headers: { 'x-forwarded-for': '203.0.113.51' } })).status).toBe(200);
  });

  it('moves a stream client from A to B mid-burst while the writer dies, and it misses nothing', async () => {
    const frames: { type: string; position?: number; events?: { kind: string; position: number; data: Record<string, unknown> }[] }[] = [];
    const listen = (replica: number, since: number | null) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${replicas[replica]!.port}/v1/stream`);
        socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
        socket.once('open', () => {
          socket.send(JSON.stringify({ type: 'subscribe', topics: [`trades:${coin.mint}`], ...(since !== null ? { since } : {}) }));
          resolve(socket);
        });
        socket.once('error', reject);
      });
    const streamed = () => frames.flatMap((f) => (f.type === 'events' ? f.events! : [])).filter((e) => e.kind === 'trade');
    const position = () => frames.reduce((p, f) => (f.type === 'events' || f.type === 'subscribed' ? Math.max(p, f.position!) : p), 0);

    let socket = await listen(0, null);
    await until(() => frames.some((f) => f.type === 'subscribed'), () => JSON.stringify(frames));
    const landed: string[] = [];
    for (let i = 0; i < 16; i++) {
      landed.push(await buy(ZEC / 10n + BigInt(i)));
      if (i === 4) {
        await until(() => streamed().length >= 3, () => `three trades on replica a: ${JSON.stringify(frames).slice(0, 400)}`);
        socket.terminate();
      }
      if (i === 6) writer.child.kill('SIGKILL');
      if (i === 10) socket = await listen(1, position());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    sandbox.cluster.advanceSlots(1);
    await until(() => /following live/.test(standby.output()), () => `the standby to take over:\n${standby.output()}`);
    await until(() => streamed().length >= landed.length, () => `all ${landed.length} trades streamed (got ${streamed().length})`, 90_000);
    socket.terminate();
    const signatures = streamed().map((e) => e.data['signature']);
    expect(signatures).toEqual(landed);
  }, 180_000);

  it('answers 503 while PostgreSQL is down and recovers by itself, the writer carrying on', async () => {
    cluster.stop();
    const down = await call(0, 'GET', `/v1/coins/${coin.mint}`, { headers: { 'x-forwarded-for': '203.0.113.60' } });
    expect(down.status).toBe(503);
    expect((down.body['error'] as { code: string }).code).toBe('unavailable');
    const landedWhileDown = await buy(ZEC / 7n);
    cluster.start();
    for (const replica of [0, 1]) {
      await until(async () => (await call(replica, 'GET', `/v1/coins/${coin.mint}`, { headers: nextCaller() })).status === 200, () => `replica ${replica} to recover`);
    }
    // The trade that landed while PostgreSQL was away reaches the replicas once the writer ships again.
    sandbox.cluster.advanceSlots(1);
    await until(
      async () => (await call(1, 'GET', `/v1/tx/${landedWhileDown}`, { headers: nextCaller() })).body['registered'] === true,
      () => `the trade made while PostgreSQL was down to be indexed:\n${standby.output()}`,
      90_000,
    );
  }, 180_000);

  it('holds, afterwards, the same index as one read from the chain in one pass', async () => {
    const cleanPath = join(dir, 'clean.sqlite');
    const clean = IndexStore.open(cleanPath);
    const ingestor = new Ingestor(new SandboxChain(sandbox.cluster), clean, rulesOf(sandbox), undefined, { followTokenMoves: false });
    await ingestor.start();
    await ingestor.lookupFunders();
    const expected = (await clean.checkpoint()).transactions;
    ingestor.stop();
    clean.close();
    await until(async () => ((await pg.unsafe('SELECT COUNT(*) AS n FROM processed'))[0]!.n as bigint) >= expected && ((await pg.unsafe('SELECT COUNT(*) AS n FROM funder_queue'))[0]!.n as bigint) === 0n, () => `the hosted index to hold ${expected} transactions`);
    expect(await hostedTables(pg, { arrival: false })).toEqual(fileTables(cleanPath, { arrival: false }));
  }, 120_000);
});
