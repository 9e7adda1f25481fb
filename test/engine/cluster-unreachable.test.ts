import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcChain } from '../../core/chain/rpc-chain.js';
import { clusterLabel } from '../../core/chain/cluster-unreachable.js';
import type { BuildJson, ParamsJson } from '../../core/client/api-types.js';
import { asLaunchdeskError, isLaunchdeskError } from '../../core/client/client-error.js';
import { clientWorld } from '../../core/client/cluster-view.js';
import { pinsOfProfile } from '../../core/client/pins.js';
import { verifyBuild } from '../../core/client/verify-build.js';
import { DeskError, isDeskError } from '../../core/errors.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';

const ZEC = 100_000_000n;

/** A port nothing listens on: bound by the OS, then closed again. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A cluster that does not answer, on a real closed port (no mock): the chain's error names its URL and
 * why, the API answers it as `503 unavailable` in those words, and the client throws its own typed error.
 */
describe('a cluster that does not answer', () => {
  let f: ApiFixture;
  let down: ApiFixture;
  let url: string;
  let refused: string;

  beforeAll(async () => {
    url = `http://127.0.0.1:${await closedPort()}`;
    refused = `the cluster at ${url} did not answer (connection refused)`;
    f = await startApi();
    down = await startApi({ chain: () => new RpcChain(url) });
  }, 90_000);
  afterAll(async () => {
    await down?.close();
    await f?.close();
  });

  it('RpcChain: a cluster that takes the connection and never answers is unavailable after the call\'s time limit, in words', async () => {
    // A real socket that accepts and stays silent: what a hung endpoint does.
    const held = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const quiet = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const chain = new RpcChain(quiet, null, 300);
      const wallet = (await generateKeyPairSigner()).address;
      for (const [what, attempt] of [['getAccountInfo', () => chain.getAccount(wallet)], ['sendTransaction', () => chain.send(new Uint8Array(64))]] as const) {
        const error = await attempt().then(() => null, (e: unknown) => e);
        expect(isDeskError(error, 'unavailable'), String(error)).toBe(true);
        expect((error as Error).message).toBe(`the cluster at ${quiet} did not answer ${what} within 0.3 s`);
      }
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('RpcChain: unavailable, naming the URL and the reason, for a read, a simulation and a send', async () => {
    const chain = new RpcChain(url);
    const wallet = (await generateKeyPairSigner()).address;
    for (const attempt of [() => chain.getAccount(wallet), () => chain.getBalance(wallet), () => chain.simulate(new Uint8Array(64)), () => chain.send(new Uint8Array(64))]) {
      const error = await attempt().then(() => null, (e: unknown) => e);
      expect(isDeskError(error, 'unavailable'), String(error)).toBe(true);
      expect((error as Error).message).toBe(refused);
    }
  });

  it("a subscription whose WebSocket does not answer ends naming it", async () => {
    const ws = url.replace(/^http/, 'ws');
    const chain = new RpcChain(url, ws);
    const reason = await new Promise<Error>((resolve) => chain.onLogs('all', () => {}, 'confirmed', { onClosed: resolve }));
    expect(isDeskError(reason, 'unavailable')).toBe(true);
    expect(reason.message).toBe(`the cluster at ${ws} did not answer (its WebSocket could not connect)`);
  });

  it('a cluster that answers HTTP 502 instead of JSON-RPC is unavailable, with the status', async () => {
    const proxy = createHttpServer((_request, response) => response.writeHead(502, 'Bad Gateway').end());
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const at = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      const error = await new RpcChain(at).getSlot().catch((e: unknown) => e);
      expect(isDeskError(error, 'unavailable')).toBe(true);
      expect((error as Error).message).toBe(`the cluster at ${at} answered HTTP 502 Bad Gateway instead of a result`);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('says a port fetch refuses outright, and a host that does not resolve, and keeps keys out of the URL it names', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const blocked = await new RpcChain('http://127.0.0.1:9').getAccount(wallet).catch((e: unknown) => e);
    expect((blocked as Error).message).toBe('the cluster at http://127.0.0.1:9 did not answer (fetch refuses to connect to that port)');
    const nowhere = await new RpcChain('http://cluster.invalid:8899/v2/secret-key?api-key=secret').getAccount(wallet).catch((e: unknown) => e);
    expect(isDeskError(nowhere, 'unavailable')).toBe(true);
    expect((nowhere as Error).message).toMatch(/^the cluster at http:\/\/cluster\.invalid:8899 did not answer \((no such host|its host name could not be looked up)\)$/);
    expect(clusterLabel('https://user:pw@rpc.example.com/v2/key?api-key=k')).toBe('https://rpc.example.com');
  });

  it('the API answers 503 unavailable in the same words for a quote and a build', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const quote = await call(down, 'GET', `/v1/coins/${down.mint}/quote?side=buy&amount=${ZEC}`);
    expect([quote.status, codeOf(quote), messageOf(quote)]).toEqual([503, 'unavailable', refused]);
    down.clock += 61_000;
    const build = await call(down, 'POST', '/v1/trade/build', { body: { wallet, mint: down.mint, side: 'buy', amount: String(ZEC) } });
    expect([build.status, codeOf(build), messageOf(build)]).toEqual([503, 'unavailable', refused]);
    const swap = await call(down, 'POST', '/v1/swap/build', { body: { wallet, direction: 'sol_to_zec', amount: '1000000000' } });
    expect([swap.status, codeOf(swap), messageOf(swap)]).toEqual([503, 'unavailable', refused]);
  });

  it("the client's own RPC: a LaunchdeskError `unavailable` naming the URL, no status (the API was not asked)", async () => {
    const params = (await call(f, 'GET', '/v1/params')).body as unknown as ParamsJson;
    const chain = new RpcChain(url);
    const world = await clientWorld(params, chain).catch((e: unknown) => e);
    expect(isLaunchdeskError(world, 'unavailable'), String(world)).toBe(true);
    expect(world).toMatchObject({ message: refused, status: null });

    const trader = await fundedWallet(f.sandbox, 10n * ZEC);
    const body = { wallet: trader.address, mint: f.mint, side: 'buy' as const, amount: String(ZEC) };
    const built = await call(f, 'POST', '/v1/trade/build', { body });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const verdict = await verifyBuild({ kind: 'trade', body }, built.body as unknown as BuildJson, { chain, params, pins: pinsOfProfile(f.sandbox.profile) }).catch((e: unknown) => e);
    expect(isLaunchdeskError(verdict, 'unavailable'), String(verdict)).toBe(true);
    expect(verdict).toMatchObject({ message: refused, status: null });
  });

  it("asLaunchdeskError: a spec code stays, an internal one is unavailable, anything else passes as it is", () => {
    expect(asLaunchdeskError(new DeskError('refused', 'no'))).toMatchObject({ name: 'LaunchdeskError', code: 'refused', message: 'no', status: null });
    expect(asLaunchdeskError(new DeskError('chain_error', 'odd data'))).toMatchObject({ name: 'LaunchdeskError', code: 'unavailable', message: 'odd data', status: null });
    const bug = new Error('a bug');
    expect(asLaunchdeskError(bug)).toBe(bug);
  });
});
