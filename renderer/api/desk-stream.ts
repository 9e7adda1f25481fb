import type { StreamEventJson, StreamFrameJson } from '../../core/api/schemas/stream.js';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface StreamHandlers {
  events(events: readonly StreamEventJson[]): void;
  progress(progress: Extract<StreamFrameJson, { type: 'progress' }>['data']): void;
  /** A followed wallet's balances, whole (a state: the newest replaces what was shown). */
  balances(balances: Extract<StreamFrameJson, { type: 'balances' }>['data']): void;
  status(status: StreamStatus): void;
}

/** Waits between reconnections: doubling from 500 ms to 8 s, back to 500 ms after a connection that held. */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/**
 * The desk's one connection to GET /v1/stream (same origin as the page). It keeps the last position a
 * frame brought it to and, after any drop, reconnects and subscribes again with `since` = that position, so
 * the events it hands on have neither a gap nor a duplicate. Topics can change at any time: the subscription
 * is replaced (from the position it has reached).
 */
export class DeskStream {
  private socket: WebSocket | null = null;
  private topics: readonly string[] = [];
  private position: number | null = null;
  private delay = FIRST_DELAY_MS;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly handlers: StreamHandlers,
    private readonly url: string = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v1/stream`,
  ) {}

  /** Subscribes to `topics` (replacing the last set), connecting first if needed. */
  subscribe(topics: readonly string[]): void {
    this.topics = [...new Set(topics)];
    if (this.socket?.readyState === WebSocket.OPEN) this.sendSubscribe(this.socket);
    else if (!this.socket && !this.timer) this.connect();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
  }

  private connect(): void {
    this.timer = null;
    if (this.closed || this.topics.length === 0) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => this.sendSubscribe(socket);
    socket.onmessage = (message) => this.receive(JSON.parse(String(message.data)) as StreamFrameJson);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.handlers.status('reconnecting');
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    };
  }

  private sendSubscribe(socket: WebSocket): void {
    const since = this.position === null ? {} : { since: this.position };
    socket.send(JSON.stringify({ type: 'subscribe', topics: this.topics, ...since }));
  }

  private receive(frame: StreamFrameJson): void {
    if (frame.type === 'subscribed') {
      this.delay = FIRST_DELAY_MS;
      // A first subscription starts from now; a resumed one from where it was (the replay follows).
      this.position ??= frame.position;
      this.handlers.status('live');
    } else if (frame.type === 'events') {
      this.position = frame.position;
      this.handlers.events(frame.events);
    } else if (frame.type === 'progress') {
      this.handlers.progress(frame.data);
    } else if (frame.type === 'balances') {
      this.handlers.balances(frame.data);
    } else if (frame.type === 'error' && frame.error.message.startsWith('since:') && this.socket) {
      // The server's index is behind the position kept (a new data directory, a rebuilt index): start from now.
      this.position = null;
      this.sendSubscribe(this.socket);
    }
  }
}
