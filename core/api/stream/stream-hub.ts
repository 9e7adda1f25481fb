import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Compile } from 'typebox/compile';
import { schemaWords } from '../request-refusals.js';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ProgressFeed } from '../../index/index-progress.js';
import type { IndexReads } from '../../index/store/index-reads.js';
import type { CoinRow } from '../../index/store/index-rows.js';
import { LOOPBACK_POLICY, type HostPolicy } from '../host-policy.js';
import type { CoinContext } from '../schemas/coin.js';
import { StreamSubscribe, type StreamFrameJson } from '../schemas/stream.js';
import { StreamRange } from './stream-events.js';
import { isPositioned, subscriptionOf, type Subscription } from './stream-topics.js';
import type { Address } from '@solana/kit';
import type { WalletHoldings } from '../../engine/wallet-holdings.js';
import { presentWalletBalances, type BalanceSources } from '../schemas/wallet-balances.js';
import type { WalletWatches } from './wallet-watch.js';
import { OVER_CAP_CLOSE_CODE, StreamCapCount, type StreamPeer } from './stream-caps.js';

export const STREAM_PATH = '/v1/stream';
/** Positions per frame while a client catches up: frames stay small and the event loop keeps turning. */
const REPLAY_CHUNK = 2_000n;
const checkSubscribe = Compile(StreamSubscribe);
/** TypeBox names an unknown field in a list (`additionalProperties`); the HTTP side's words read Ajv's one name. */
const ajvParams = (p: Record<string, unknown>): Record<string, unknown> => ({ ...p, additionalProperty: p['additionalProperty'] ?? (Array.isArray(p['additionalProperties']) ? p['additionalProperties'][0] : undefined) });

interface Client {
  readonly socket: WebSocket;
  /** Who it counts as under the socket caps. */
  readonly peer: StreamPeer;
  subscription: Subscription | null;
  /** Everything subscribed up to here has been sent. */
  position: bigint;
  /** Catching up from `since`: live frames wait until it has. */
  replaying: boolean;
  stopProgress: (() => void) | null;
  /** Each subscribed wallet: its last holdings read from chain, the balances frame last sent, and how to stop following it. */
  readonly wallets: Map<Address, { holdings: WalletHoldings | null; sent: string; release: () => void }>;
}

/** The `wallet:<address>` topics' source: the chain, followed per wallet, and what values a coin. */
export interface WalletFeeds {
  readonly watches: WalletWatches;
  readonly sources: BalanceSources;
}

/**
 * GET /v1/stream: the WebSocket push stream (its protocol: core/api/schemas/stream.ts). It hangs on the
 * HTTP server's upgrade, checks Host and Origin as every local route does, and follows the index: after
 * each batch the index commits, each client receives what it subscribed to in the new range, read once
 * for all of them (StreamRange). A client that subscribes with `since` first receives everything after
 * that position, in chunks, then joins the live frames exactly where the replay ended. Sockets are capped
 * per client and in total (stream-caps.ts): the newest socket over a cap is closed, saying which.
 */
export class StreamHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly clients = new Set<Client>();
  private readonly caps = new StreamCapCount();
  /** Sockets closed for a cap, until their closing handshake ends (close() ends them at once). */
  private readonly turnedAway = new Set<WebSocket>();
  private readonly stopApplied: () => void;
  /** The position of the last batch announced, where the next one's range starts. */
  private advancedTo = 0n;
  /**
   * The hub's turns on the index, one after another: its first position, each batch's advance and each
   * subscribe (which reads the position it starts from). In order, no batch falls between a subscribe's
   * position and the next advance, though each awaits its reads (on PostgreSQL they take turns of the loop).
   */
  private turns: Promise<void>;

  constructor(
    private readonly store: IndexReads,
    /** The coin context for these coins (coin-context.ts streamCoinContext). */
    private readonly context: (coins: readonly CoinRow[], options?: { readonly risk?: boolean }) => Promise<CoinContext>,
    private readonly progress: ProgressFeed | undefined,
    /** Made ready before each range is presented (the stocks' issuer status, read again when older than 15 s). */
    private readonly prepare: () => Promise<unknown> = async () => undefined,
    /** Absent: `wallet:<address>` carries the wallet's trades only, and no balances. */
    private readonly walletFeeds: WalletFeeds | null = null,
    /** Which Host and Origin may open the stream (host-policy.ts): loopback on the desktop. */
    private readonly hostPolicy: HostPolicy = LOOPBACK_POLICY,
  ) {
    this.turns = store.stream.position().then((position) => {
      this.advancedTo = position;
    });
    this.stopApplied = store.onApplied((position) => this.turn(() => this.advance(position)));
  }

  /** Runs `step` after every turn before it; its failure is its own (a read that failed sends nothing). */
  private turn(step: () => Promise<void>): void {
    this.turns = this.turns.then(step).catch(() => {});
  }

  private async ready(): Promise<void> {
    try {
      await this.prepare();
    } catch {
      // What it prepares is presented as unknown (a stock coin without its reading); the events still go.
    }
  }

  /** Takes the upgrades of `server` on /v1/stream; any other upgrade is refused. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head));
  }

  get connections(): number {
    return this.clients.size;
  }

  close(): void {
    this.stopApplied();
    for (const client of this.clients) {
      this.releaseWallets(client);
      client.socket.terminate();
    }
    for (const socket of this.turnedAway) socket.terminate();
    this.walletFeeds?.watches.close();
    this.wss.close();
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const port = (request.socket.localPort ?? undefined) as number | undefined;
    const path = (request.url ?? '').split('?')[0];
    const problem =
      path !== STREAM_PATH ? `no WebSocket at ${JSON.stringify(path?.slice(0, 100))}: the stream is at ${STREAM_PATH}` : (this.hostPolicy.hostProblem(request.headers.host, port) ?? this.hostPolicy.originProblem(request.headers.origin, port));
    if (problem !== null) {
      const status = path !== STREAM_PATH ? '404 Not Found' : '400 Bad Request';
      const body = JSON.stringify({ error: { code: path !== STREAM_PATH ? 'not_found' : 'invalid_param', message: problem } });
      socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    // A page's Origin has been checked above: present, it is one of this server's pages.
    const peer: StreamPeer = { address: (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, ''), page: request.headers.origin !== undefined };
    this.wss.handleUpgrade(request, socket, head, (ws) => this.connect(ws, peer));
  }

  private connect(socket: WebSocket, peer: StreamPeer): void {
    const overCap = this.caps.admit(peer);
    if (overCap !== null) return this.turnAway(socket, overCap);
    const client: Client = { socket, peer, subscription: null, position: 0n, replaying: false, stopProgress: null, wallets: new Map() };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => this.receive(client, isBinary ? null : data.toString()));
    socket.on('close', () => this.drop(client));
    socket.on('error', () => this.drop(client));
  }

  private drop(client: Client): void {
    if (!this.clients.delete(client)) return; // its close after an error
    client.stopProgress?.();
    this.releaseWallets(client);
    this.caps.release(client.peer);
  }

  /** The newest socket over a cap: closed with the reason, never subscribed (what it sends is not read). */
  private turnAway(socket: WebSocket, reason: string): void {
    this.turnedAway.add(socket);
    socket.on('close', () => this.turnedAway.delete(socket));
    socket.on('error', () => this.turnedAway.delete(socket));
    socket.close(OVER_CAP_CLOSE_CODE, reason);
  }

  private send(client: Client, frame: StreamFrameJson): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
  }

  private refuse(client: Client, message: string): void {
    this.send(client, { type: 'error', error: { code: 'invalid_param', message } });
  }

  private receive(client: Client, text: string | null): void {
    this.turn(() => this.subscribe(client, text));
  }

  private async subscribe(client: Client, text: string | null): Promise<void> {
    if (!this.clients.has(client)) return;
    let message: unknown;
    try {
      message = text === null ? undefined : JSON.parse(text);
    } catch {
      return this.refuse(client, 'message: not JSON; send {"type": "subscribe", "topics": [...], "since"?: position}');
    }
    if (!checkSubscribe.Check(message)) {
      const first = [...checkSubscribe.Errors(message)].at(-1);
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'message';
      // The same words as the HTTP answers (core/api/request-refusals.ts), never the validator's.
      const why = !first ? 'is malformed' : first.keyword === 'pattern' ? `${JSON.stringify(String(valueAt(message, first.instancePath)).slice(0, 80))} is not a topic (trades, trades:<mint>, coins, graduations, candles:<mint>:<interval>, progress, wallet:<address>)` : schemaWords({ keyword: first.keyword, instancePath: first.instancePath, params: ajvParams(first.params as Record<string, unknown>) }, 'body');
      return this.refuse(client, `${field}: ${why}`);
    }
    const now = await this.store.stream.position();
    const since = message.since === undefined ? now : BigInt(message.since);
    if (since > now) return this.refuse(client, `since: ${since} is past the index's position ${now}: pass the position of the last frame you received`);
    client.subscription = subscriptionOf(message.topics);
    client.position = since;
    client.stopProgress?.();
    client.stopProgress = null;
    this.send(client, { type: 'subscribed', topics: [...client.subscription.topics], position: Number(now) });
    if (client.subscription.progress && this.progress) {
      const feed = this.progress;
      if (feed.latest) this.send(client, { type: 'progress', data: { ...feed.latest } });
      client.stopProgress = feed.subscribe((p) => this.send(client, { type: 'progress', data: { ...p } }));
    }
    this.followWallets(client, client.subscription.wallets);
    if (since < now) void this.replay(client, now);
  }

  private releaseWallets(client: Client): void {
    for (const followed of client.wallets.values()) followed.release();
    client.wallets.clear();
  }

  /**
   * Follows the subscription's wallets on chain; each sends its balances at once (once read) and after every
   * change. A wallet the last subscription already followed keeps its watch (no new read from chain): its
   * balances as last read are sent again at once, as every subscribe promises.
   */
  private followWallets(client: Client, wallets: ReadonlySet<Address>): void {
    const feeds = this.walletFeeds;
    for (const [wallet, followed] of client.wallets) {
      if (wallets.has(wallet) && feeds) continue;
      followed.release();
      client.wallets.delete(wallet);
    }
    if (!feeds) return;
    for (const wallet of wallets) {
      const kept = client.wallets.get(wallet);
      if (kept) {
        kept.sent = '';
        this.sendBalances(client, kept);
        continue;
      }
      const followed = { holdings: null as WalletHoldings | null, sent: '', release: () => {} };
      client.wallets.set(wallet, followed);
      followed.release = feeds.watches.acquire(wallet, (holdings) => {
        followed.holdings = holdings;
        this.sendBalances(client, followed);
      });
    }
  }

  /** The wallet's balances frame, unless it says exactly what the last one did. */
  private sendBalances(client: Client, followed: { holdings: WalletHoldings | null; sent: string }): void {
    void this.balancesFrame(followed).then((frame) => {
      if (frame === null || frame === followed.sent) return;
      followed.sent = frame;
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    }, () => {});
  }

  private async balancesFrame(followed: { holdings: WalletHoldings | null; sent: string }): Promise<string | null> {
    if (!followed.holdings || !this.walletFeeds) return null;
    return JSON.stringify({ type: 'balances', data: await presentWalletBalances(followed.holdings, this.walletFeeds.sources, (coins) => this.context(coins, { risk: false })) });
  }

  /** Sends (client.position, upTo] in chunks, yielding between them; live frames resume from where it ends. */
  private async replay(client: Client, upTo: bigint): Promise<void> {
    client.replaying = true;
    try {
      while (client.position < upTo && this.clients.has(client)) {
        await this.ready();
        const end = client.position + REPLAY_CHUNK < upTo ? client.position + REPLAY_CHUNK : upTo;
        await this.deliver(client, new StreamRange(this.store, this.context, client.position, end));
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Batches committed while it caught up.
      const now = await this.store.stream.position();
      if (client.position < now) await this.deliver(client, new StreamRange(this.store, this.context, client.position, now));
    } finally {
      client.replaying = false;
    }
  }

  private async deliver(client: Client, range: StreamRange): Promise<void> {
    const subscription = client.subscription;
    if (!subscription || client.position !== range.after) return;
    const events = isPositioned(subscription) ? await range.eventsFor(subscription) : [];
    // Subscribed again while the range was read: the new subscription starts where it says.
    if (client.subscription !== subscription || client.position !== range.after) return;
    client.position = range.upTo;
    if (events.length > 0) this.send(client, { type: 'events', position: Number(range.upTo), events });
  }

  /** After a committed batch: one range per distinct starting point, shared by the clients there. */
  private async advance(position: bigint): Promise<void> {
    await this.ready();
    const ranges = new Map<bigint, StreamRange>();
    for (const client of this.clients) {
      if (!client.subscription || client.replaying || client.position >= position) continue;
      let range = ranges.get(client.position);
      if (!range) {
        range = new StreamRange(this.store, this.context, client.position, position);
        ranges.set(client.position, range);
      }
      await this.deliver(client, range);
    }
    // A wallet's coins are worth what their prices say now: its balances are sent again when one of them traded.
    const after = this.advancedTo;
    this.advancedTo = position;
    let traded: ReadonlySet<Address> | null = null;
    for (const client of this.clients) {
      for (const followed of client.wallets.values()) {
        traded ??= after < position ? await new StreamRange(this.store, this.context, after, position).tradedMints() : new Set();
        if (followed.holdings?.tokens.some((t) => traded!.has(t.mint))) this.sendBalances(client, followed);
      }
    }
  }
}

function valueAt(value: unknown, pointer: string): unknown {
  let at: unknown = value;
  for (const key of pointer.split('/').slice(1)) at = (at as Record<string, unknown> | undefined)?.[key];
  return at;
}
