import WebSocket from 'ws';
import type { StreamEventJson, StreamFrameJson } from './api-types.js';

export interface StreamHandlers {
  /** Events in index order, each with the position of its transaction. */
  events(events: readonly StreamEventJson[]): void;
  /** The connection's state: `live` once subscribed (again), `reconnecting` after a drop. */
  status?(status: 'connecting' | 'live' | 'reconnecting'): void;
  /** A `wallet:<address>` topic's balances, whole (a state: the newest replaces the last), at once and after each change. */
  balances?(balances: Extract<StreamFrameJson, { type: 'balances' }>['data']): void;
  /** A refusal the server sent (a topic it does not know, a `since` ahead of its index). */
  error?(error: { code: string; message: string }): void;
}

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 8_000;

/**
 * One subscription to GET /v1/stream. It keeps the position the last frame brought it to and, after any
 * drop, reconnects and subscribes again with `since` = that position: what it hands on has neither a
 * gap nor a duplicate. `close()` ends it for good.
 */
export class StreamSubscription {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay = FIRST_DELAY_MS;
  private closed = false;
  private readyWaiters: (() => void)[] = [];
  private live = false;
  /** The index position everything handed on so far reaches (null before the first subscription answered). */
  position: number | null;

  constructor(
    private readonly url: string,
    private readonly topics: readonly string[],
    private readonly handlers: StreamHandlers,
    since: number | null,
    private readonly apiKey: string | null,
  ) {
    this.position = since;
    this.connect();
  }

  /** Resolves once the server confirmed the subscription (events from then on are not missed). */
  ready(): Promise<void> {
    if (this.live) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
  }

  private connect(): void {
    this.timer = null;
    if (this.closed) return;
    this.handlers.status?.('connecting');
    const socket = new WebSocket(this.url, this.apiKey ? { headers: { authorization: `Bearer ${this.apiKey}` } } : {});
    this.socket = socket;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics: this.topics, ...(this.position === null ? {} : { since: this.position }) })));
    socket.on('message', (data) => this.receive(JSON.parse(String(data)) as StreamFrameJson));
    socket.on('error', () => undefined); // a close follows; the reconnection is decided there
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.live = false;
      if (this.closed) return;
      this.handlers.status?.('reconnecting');
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    });
  }

  private receive(frame: StreamFrameJson): void {
    if (frame.type === 'subscribed') {
      this.delay = FIRST_DELAY_MS;
      this.position ??= frame.position;
      this.live = true;
      this.handlers.status?.('live');
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    } else if (frame.type === 'events') {
      this.position = frame.position;
      this.handlers.events(frame.events);
    } else if (frame.type === 'balances') {
      this.handlers.balances?.(frame.data);
    } else if (frame.type === 'error') {
      this.handlers.error?.(frame.error);
    }
  }
}
