import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { presentTrade } from '../core/api/schemas/trade.js';
import type { StreamFrameJson } from '../core/api/schemas/stream.js';
import { StreamHub } from '../core/api/stream/stream-hub.js';
import { IndexStore } from '../core/index/store/index-store.js';
import { synthesize } from './index-ingest.js';
import { fakeSignature } from './lib/index-facts.js';
import { benchSettings, fmtInt, median, printTable, spread } from './lib/report.js';

export const title = 'the push stream (/v1/stream) to one client beside a bare ws server sending the same events';

/**
 * Messages (trade events) per second from the stream to one WebSocket client, beside a bare `ws` server in
 * the same run sending the same events in frames of the same sizes. Ours: an index of BENCH_N synthetic
 * trades (bench/index-ingest.ts's), a client subscribing to `trades` with since=0, timed from the subscribe
 * to the last event parsed by the client: the stream's reads, presentation, serialisation and send. Peer:
 * the same events presented ahead of time (untimed), serialised and sent by a bare WebSocketServer, timed
 * from the client's request to the last event parsed. Then live: per committed batch of 200 trades, the time
 * from applyAll being called (the commit included) to the client holding the frame (p50, p99).
 */
const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

/** Connects, sends `hello`, counts events until `count`, and answers the milliseconds from send to the last. */
function receive(port: number, path: string, hello: unknown, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    let got = 0;
    let start = 0;
    socket.on('open', () => {
      start = performance.now();
      socket.send(JSON.stringify(hello));
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as StreamFrameJson;
      if (frame.type === 'events') got += frame.events.length;
      if (got >= count) {
        const ms = performance.now() - start;
        socket.close();
        resolve(ms);
      }
    });
    socket.on('error', reject);
  });
}

export async function run(): Promise<void> {
  const { n, rounds } = benchSettings(200_000, 9);
  const data = synthesize(n);
  const dir = mkdtempSync(join(tmpdir(), 'launchdesk-bench-stream-'));
  const store = IndexStore.open(join(dir, 'index.sqlite'));
  try {
    store.applyAll(data.plantings);
    const start = await store.stream.position();
    for (let i = 0; i < data.trades.length; i += 200) store.applyAll(data.trades.slice(i, i + 200));
    const context = async () => ({ nativePair: undefined, nativeRate: null });
    const server = createServer();
    const hub = new StreamHub(store, context, undefined);
    hub.attach(server);
    const port = await listen(server);

    // The peer's frames: the same events, in the replay's chunks (2,000 positions), presented untimed.
    const rows = await store.stream.trades(start, await store.stream.position());
    const frames: StreamFrameJson[] = [];
    for (let i = 0; i < rows.length; i += 2_000) {
      const chunk = rows.slice(i, i + 2_000);
      frames.push({ type: 'events', position: Number(chunk.at(-1)!.seq), events: chunk.map((t) => ({ kind: 'trade', position: Number(t.seq), data: presentTrade(t.trade) })) });
    }
    const bare = createServer();
    const wss = new WebSocketServer({ server: bare });
    wss.on('connection', (socket) => socket.once('message', () => {
      for (const frame of frames) socket.send(JSON.stringify(frame));
    }));
    const barePort = await listen(bare);

    const ours: number[] = [];
    const peer: number[] = [];
    for (let r = 0; r < rounds; r++) {
      ours.push((rows.length * 1000) / (await receive(port, '/v1/stream', { type: 'subscribe', topics: ['trades'], since: Number(start) }, rows.length)));
      peer.push((rows.length * 1000) / (await receive(barePort, '/', { go: true }, rows.length)));
    }
    printTable(
      ['path', 'events/s', 'min-max', 'bare ws events/s', 'min-max', 'ours/bare'],
      [[`replay of ${fmtInt(rows.length)} trades, one client`, fmtInt(median(ours)), spread(ours), fmtInt(median(peer)), spread(peer), `${(median(ours) / median(peer)).toFixed(2)}x`]],
    );

    // Live: a batch committed, its frame in the client's hands.
    const live = new WebSocket(`ws://127.0.0.1:${port}/v1/stream`);
    await new Promise((resolve) => live.once('open', resolve));
    live.send(JSON.stringify({ type: 'subscribe', topics: ['trades'] }));
    await new Promise((resolve) => live.once('message', resolve));
    const more = synthesize(Math.min(n, 10_000)).trades.map((t, i) => ({ ...t, signature: fakeSignature(`bench stream live ${i}`) }));
    const latencies: number[] = [];
    for (let i = 0; i + 200 <= more.length; i += 200) {
      const arrived = new Promise<number>((resolve) => live.once('message', () => resolve(performance.now())));
      const called = performance.now();
      store.applyAll(more.slice(i, i + 200));
      latencies.push((await arrived) - called);
    }
    live.close();
    const sorted = [...latencies].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2);
    printTable(['live batches of 200 trades', 'p50 ms', 'p99 ms', 'batches'], [['applyAll called -> frame parsed by the client', pct(50), pct(99), String(latencies.length)]]);
    console.log(
      'Measured: ours from the subscribe (since = before the trades) to the last event parsed; the peer from its request to the last event parsed, ' +
        'its frames presented beforehand. Both one client on 127.0.0.1, JSON text frames. The live batches\' trades are new transactions (their facts are the synthetic ones again).',
    );
    hub.close();
    wss.close();
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => bare.close(resolve));
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
