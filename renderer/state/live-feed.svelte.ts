import type { StreamEventJson, StreamFrameJson } from '../../core/api/schemas/stream.js';
import { DeskStream, type StreamStatus } from '../api/desk-stream.js';
import type { ConnectionState } from './connection.svelte.js';

type Event<K extends StreamEventJson['kind']> = Extract<StreamEventJson, { kind: K }>;
export type IndexProgress = Extract<StreamFrameJson, { type: 'progress' }>['data'];
export type WalletBalancesFrame = Extract<StreamFrameJson, { type: 'balances' }>['data'];

/** What every page hears from the start: new coins, all trades, graduations and the index's progress. */
const BASE_TOPICS = ['coins', 'trades', 'graduations', 'progress'] as const;

/**
 * The push stream as the desk's pages use it: one DeskStream, topics asked for by whoever needs them
 * (a page adds its coin's trades and candles while it shows them, and gives them back), events handed to
 * listeners by kind, the index's progress and the stream's state kept as runes state.
 */
export class LiveFeed {
  progress = $state<IndexProgress | null>(null);
  status = $state<StreamStatus>('connecting');
  private readonly stream: DeskStream;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a view reads
  private readonly wanted = new Map<string, number>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a view reads
  private readonly listeners = new Map<StreamEventJson['kind'], Set<(event: StreamEventJson) => void>>();

  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a view reads
  private readonly balanceListeners = new Set<(balances: WalletBalancesFrame) => void>();

  constructor(private readonly connection: ConnectionState) {
    this.stream = new DeskStream({
      events: (events) => {
        for (const event of events) for (const listener of this.listeners.get(event.kind) ?? []) listener(event);
      },
      progress: (progress) => (this.progress = progress),
      balances: (balances) => {
        for (const listener of this.balanceListeners) listener(balances);
      },
      status: (status) => {
        this.status = status;
        if (status === 'live') connection.answered();
        else if (status === 'reconnecting') connection.streamLost();
      },
    });
  }

  start(): void {
    this.stream.subscribe([...BASE_TOPICS, ...this.wanted.keys()]);
  }

  /** Adds `topics` to the subscription until the answer is called. */
  want(topics: readonly string[]): () => void {
    for (const topic of topics) this.wanted.set(topic, (this.wanted.get(topic) ?? 0) + 1);
    this.start();
    return () => {
      for (const topic of topics) {
        const left = (this.wanted.get(topic) ?? 1) - 1;
        if (left > 0) this.wanted.set(topic, left);
        else this.wanted.delete(topic);
      }
      this.start();
    };
  }

  /** Calls `listener` with every `balances` frame (of the `wallet:<address>` topics wanted) until the answer is called. */
  onBalances(listener: (balances: WalletBalancesFrame) => void): () => void {
    this.balanceListeners.add(listener);
    return () => this.balanceListeners.delete(listener);
  }

  /** Calls `listener` with every event of `kind` until the answer is called. */
  on<K extends StreamEventJson['kind']>(kind: K, listener: (event: Event<K>) => void): () => void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a view reads
    const set = this.listeners.get(kind) ?? new Set();
    set.add(listener as (event: StreamEventJson) => void);
    this.listeners.set(kind, set);
    return () => set.delete(listener as (event: StreamEventJson) => void);
  }
}
