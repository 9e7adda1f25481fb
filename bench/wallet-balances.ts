import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSigner, lamports, type Address } from '@solana/kit';
import WebSocket from 'ws';
import { StreamHub } from '../core/api/stream/stream-hub.js';
import { WalletWatches } from '../core/api/stream/wallet-watch.js';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { readWalletHoldings } from '../core/engine/wallet-holdings.js';
import { IndexStore } from '../core/index/store/index-store.js';
import type { ZecUnits } from '../core/math/units.js';
import { findAssociatedTokenAccount } from '../core/programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../core/programs/token-account.js';
import { startRpcFacade } from '../core/sandbox/rpc/server.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { fmtInt, intFromEnv, median, percentile, printTable } from './lib/report.js';

export const title = "a wallet's balance change to its `balances` frame, beside the cluster's own accountSubscribe of the same account";

/**
 * How soon a change of a wallet's balance reaches a client of the stream's `wallet:<address>` topic, beside
 * the sandbox's own JSON-RPC `accountSubscribe` of the changed account (what a wallet app would follow), in
 * the same run and at the same commitment. Each round pays the wallet 1 zat of ZEC from the faucet, then
 * confirms its slot; both clocks start at the confirmation and stop when each client has parsed its message.
 * Ours reads the whole wallet again from chain (its SOL and every token account, by owner) and presents it;
 * the peer sends one account. The sandbox holds the seeded market, so the owner scan has accounts to skip.
 * Also: one whole read of the wallet (readWalletHoldings) on that sandbox. Both servers share this process's
 * event loop, as they do in the desk: a notification waits for whatever else the loop runs at that moment
 * (our owner scan included), so the per-round difference is the figure to read, and the bound is 1 s.
 */
const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

/** A WebSocket client that keeps when each message arrived and can wait for the next one after a mark. */
class Timed {
  readonly arrivals: { at: number; data: unknown }[] = [];
  private wake: (() => void) | null = null;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.arrivals.push({ at: performance.now(), data: JSON.parse(data.toString()) });
      this.wake?.();
    });
  }
  static open(url: string): Promise<Timed> {
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Timed(socket)));
      socket.once('error', reject);
    });
  }
  async next(after: number, test: (data: unknown) => boolean, ms = 5_000): Promise<number> {
    const deadline = performance.now() + ms;
    for (;;) {
      const hit = this.arrivals.find((a, i) => i >= after && test(a.data));
      if (hit) return hit.at;
      if (performance.now() > deadline) throw new Error(`no message in ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 20);
      });
    }
  }
}

export async function run(): Promise<void> {
  const rounds = intFromEnv('BENCH_ROUNDS', 60, 1_000);
  const dir = mkdtempSync(join(tmpdir(), 'launchdesk-bench-balances-'));
  const sandbox = await Sandbox.open({ dataDir: join(dir, 'sandbox'), slotMs: 0 });
  const facade = await startRpcFacade(sandbox, { port: 0 });
  const store = IndexStore.open(join(dir, 'index.sqlite'));
  const chain = new SandboxChain(sandbox.cluster);
  const server = createServer();
  const hub = new StreamHub(store, async () => ({ nativePair: undefined, nativeRate: null }), undefined, undefined, {
    watches: new WalletWatches(chain),
    sources: { profile: sandbox.profile, coin: async (mint) => await store.coin(mint) },
  });
  hub.attach(server);
  const port = await listen(server);
  try {
    const wallet = (await generateKeyPairSigner()).address;
    const zec = sandbox.profile.mints.zec;
    await sandbox.faucet.sol(wallet, lamports(1_000_000_000n));
    await sandbox.faucet.zec(wallet, 1n as ZecUnits);
    sandbox.cluster.advanceSlots(2);
    const account: Address = await findAssociatedTokenAccount(wallet, zec.address, zec.tokenProgram);

    const ours = await Timed.open(`ws://127.0.0.1:${port}/v1/stream`);
    ours.socket.send(JSON.stringify({ type: 'subscribe', topics: [`wallet:${wallet}`] }));
    const zecOf = (data: unknown) => (data as { type: string; data?: { zec: string } }).type === 'balances' ? BigInt((data as { data: { zec: string } }).data.zec) : null;
    await ours.next(0, (d) => zecOf(d) === 1n);
    const peer = await Timed.open(facade.wsUrl);
    peer.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [account, { encoding: 'base64', commitment: 'confirmed' }] }));
    await peer.next(0, (d) => (d as { id?: number }).id === 1);

    const oursMs: number[] = [];
    const peerMs: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const [o, p] = [ours.arrivals.length, peer.arrivals.length];
      await sandbox.faucet.zec(wallet, 1n as ZecUnits);
      const start = performance.now();
      sandbox.cluster.advanceSlots(1);
      const expected = BigInt(i + 2);
      const [ourAt, peerAt] = await Promise.all([ours.next(o, (d) => zecOf(d) === expected), peer.next(p, (d) => (d as { method?: string }).method === 'accountNotification')]);
      oursMs.push(ourAt - start);
      peerMs.push(peerAt - start);
    }
    const reads: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await readWalletHoldings(chain, wallet);
      reads.push(performance.now() - t);
    }
    const ms = (v: number) => v.toFixed(2);
    printTable(
      ['path', 'p50 ms', 'p99 ms', 'rounds'],
      [
        ['stream wallet:<address> balances frame', ms(median(oursMs)), ms(percentile(oursMs, 99)), fmtInt(rounds)],
        ['peer: RPC accountSubscribe notification', ms(median(peerMs)), ms(percentile(peerMs, 99)), fmtInt(rounds)],
        ['ours less the peer, per round', ms(median(oursMs.map((v, i) => v - peerMs[i]!))), ms(percentile(oursMs.map((v, i) => v - peerMs[i]!), 99)), fmtInt(rounds)],
        ['one whole read of the wallet (owner scan)', ms(median(reads)), ms(percentile(reads, 99)), '20'],
      ],
    );
    console.log(`ratio (ours / peer, p50): ${(median(oursMs) / median(peerMs)).toFixed(2)}×; Token-2022 accounts in the sandbox: ${fmtInt(sandbox.cluster.getProgramAccounts(TOKEN_2022_PROGRAM).length)}`);
    ours.socket.terminate();
    peer.socket.terminate();
  } finally {
    hub.close();
    server.close();
    await facade.close();
    store.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
