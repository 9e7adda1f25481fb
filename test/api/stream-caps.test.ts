import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OVER_CAP_CLOSE_CODE, STREAM_CAPS } from '../../core/api/stream/stream-caps.js';
import { startApi, type ApiFixture } from './api-fixture.js';

/** How a socket ended up: subscribed (the server took it), or closed with a code and reason. */
type Outcome = { readonly kind: 'subscribed' } | { readonly kind: 'closed'; readonly code: number; readonly reason: string };

/**
 * GET /v1/stream's socket caps (core/api/stream/stream-caps.ts), with real sockets on real loopback
 * addresses: a client is its remote address (bots) or its address's pages (an Origin of this server).
 */
describe('/v1/stream socket caps', () => {
  let f: ApiFixture;
  let sockets: WebSocket[] = [];

  /** Opens a socket from `from` (a loopback address), subscribes, and says whether the server took it. */
  async function connect(from = '127.0.0.1', options: { page?: boolean } = {}): Promise<{ socket: WebSocket; outcome: Outcome }> {
    const headers = options.page ? { origin: `http://127.0.0.1:${f.port}` } : {};
    const socket = new WebSocket(`ws://127.0.0.1:${f.port}/v1/stream`, { headers, localAddress: from });
    sockets.push(socket);
    const outcome = await new Promise<Outcome>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics: ['coins'] })));
      socket.once('message', () => resolve({ kind: 'subscribed' }));
      socket.once('close', (code, reason) => resolve({ kind: 'closed', code, reason: reason.toString() }));
    });
    return { socket, outcome };
  }

  /** Closes a socket and waits until the server has counted it out (a new one from its client is taken). */
  async function closeAndWait(socket: WebSocket): Promise<void> {
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  }

  beforeAll(async () => {
    f = await startApi({ deskDir: null });
  }, 60_000);
  afterEach(async () => {
    for (const socket of sockets) socket.terminate();
    sockets = [];
    // The server counts a socket out when it sees it close: wait until it holds no connection.
    const open = () => new Promise<number>((resolve, reject) => f.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    for (const deadline = Date.now() + 5_000; (await open()) > 0; ) {
      if (Date.now() > deadline) throw new Error('the server still holds stream sockets');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  afterAll(() => f.close());

  it(`closes a client's newest socket past ${STREAM_CAPS.perClient} with 1013 and the cap in words; the older ones and the desk's pages stay`, async () => {
    const held = [];
    for (let i = 0; i < STREAM_CAPS.perClient; i++) held.push(await connect());
    expect(held.map((h) => h.outcome.kind)).toEqual(Array(STREAM_CAPS.perClient).fill('subscribed'));
    const newest = await connect();
    expect(newest.outcome).toEqual({ kind: 'closed', code: OVER_CAP_CLOSE_CODE, reason: 'too many stream sockets from this client: at most 16 at once; close one, then connect again' });
    // The older sockets are untouched: the first still answers.
    const first = held[0]!.socket;
    const answered = new Promise((resolve) => first.once('message', resolve));
    first.send(JSON.stringify({ type: 'subscribe', topics: ['trades'] }));
    expect(JSON.parse(String(await answered))).toMatchObject({ type: 'subscribed', topics: ['trades'] });
    // The desk's page (an Origin of this server) counts apart: bots on its address do not lock it out.
    expect((await connect('127.0.0.1', { page: true })).outcome).toEqual({ kind: 'subscribed' });
    // Another address is another client.
    expect((await connect('127.0.0.2')).outcome).toEqual({ kind: 'subscribed' });
    // A socket that closes frees its place.
    await closeAndWait(first);
    expect((await connect()).outcome).toEqual({ kind: 'subscribed' });
  });

  it(`holds at most ${STREAM_CAPS.total} sockets in total, the last ${STREAM_CAPS.keptForPages} for the desk's pages`, async () => {
    const forBots = STREAM_CAPS.total - STREAM_CAPS.keptForPages;
    const addresses = forBots / STREAM_CAPS.perClient;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < STREAM_CAPS.perClient; i++) expect((await connect(`127.0.1.${a + 1}`)).outcome.kind).toBe('subscribed');
    }
    const bot = await connect('127.0.2.1');
    expect(bot.outcome).toEqual({ kind: 'closed', code: 1013, reason: 'the stream is full: at most 256 sockets in total, the last 16 kept for the desk; try again later' });
    for (let i = 0; i < STREAM_CAPS.keptForPages; i++) expect((await connect('127.0.0.1', { page: true })).outcome.kind).toBe('subscribed');
    const page = await connect('127.0.2.2', { page: true });
    expect(page.outcome).toEqual({ kind: 'closed', code: 1013, reason: 'the stream is full: at most 256 sockets in total; try again later' });
  }, 60_000);
});
