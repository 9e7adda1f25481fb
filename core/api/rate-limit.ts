import type { Awaitable } from '../storage/awaitable.js';

/**
 * The spec's rate limits ("Limits"): per route group, anonymous requests per IP address, keyed ones per
 * key (standard or raised tier). Each is a sliding window: a request counts for exactly one window's length
 * after it was let through, and one is let through only while fewer than the limit count. So no span of a
 * window's length ever holds more than the limit, at a window's edge or anywhere else (fixed windows let a
 * caller spend one window's limit at its end and the next one's at once after). Counts live in memory (a
 * restart forgives everyone, which is what a local server should do). The hosted service's replicas share
 * theirs in PostgreSQL instead (store/pg-rate-limiter.ts), with the same rule and the same verdicts (`rateVerdict`).
 */

export const RATE_GROUPS = Object.freeze({
  reads: { windowSeconds: 60, anonymous: 60, standard: 600, raised: 3_000 },
  quotes: { windowSeconds: 60, anonymous: 30, standard: 300, raised: 1_200 },
  builds: { windowSeconds: 60, anonymous: 10, standard: 120, raised: 600 },
  relay: { windowSeconds: 60, anonymous: 10, standard: 120, raised: 600 },
  uploads: { windowSeconds: 3_600, anonymous: 3, standard: 30, raised: 120 },
  plants: { windowSeconds: 3_600, anonymous: 3, standard: 30, raised: 120 },
});

export type RateGroup = keyof typeof RATE_GROUPS;
export type RateTier = 'anonymous' | 'standard' | 'raised';

export interface RateVerdict {
  readonly limit: number;
  /** Requests still allowed now (this one counted): the window's limit less those it holds. */
  readonly remaining: number;
  /** When this request is over the limit: whole seconds (rounded up) until one request is allowed again. */
  readonly retryAfter: number | null;
}

/**
 * What the server asks of a limiter: the in-memory one (`RateLimiter`, the default: it answers at once) or
 * one shared by replicas (store/pg-rate-limiter.ts, later). `Awaitable` keeps the default free of promises.
 */
export interface RequestLimiter {
  /** Counts one request of `identity` (an IP, or a key id) in `group` and says whether it may pass. */
  take(group: RateGroup, tier: RateTier, identity: string): Awaitable<RateVerdict>;
}

/**
 * The verdict on one request, from what its caller's window holds at `now`: `counted` requests made after
 * `now - windowMs`, and, when `counted` reached the limit, when the limit-th newest of them was made. One
 * more is allowed once all but limit - 1 of those counted have left: `limitThNewest + windowMs`.
 */
export function rateVerdict(limit: number, windowMs: number, now: number, counted: number, limitThNewest: number | null): RateVerdict {
  if (counted >= limit) {
    const freedAt = limitThNewest! + windowMs;
    return { limit, remaining: 0, retryAfter: Math.max(1, Math.ceil((freedAt - now) / 1_000)) };
  }
  return { limit, remaining: limit - counted - 1, retryAfter: null };
}

/** The times (ms) of one caller's requests still in its window, oldest first, from `head` on. */
interface RequestLog {
  stamps: number[];
  head: number;
}

/** Past this many callers, those whose requests have all left their window are forgotten. */
const PRUNE_ABOVE = 50_000;

export class RateLimiter implements RequestLimiter {
  private readonly logs = new Map<string, RequestLog>();

  /** `now` in milliseconds (injectable so tests can move time). */
  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request of `identity` (an IP, or a key id) in `group` and says whether it may pass. */
  take(group: RateGroup, tier: RateTier, identity: string): RateVerdict {
    const rule = RATE_GROUPS[group];
    const limit = rule[tier];
    const windowMs = rule.windowSeconds * 1_000;
    const now = this.now();
    const key = `${group}\u0000${identity}`;
    let log = this.logs.get(key);
    if (!log) {
      log = { stamps: [], head: 0 };
      this.logs.set(key, log);
      if (this.logs.size > PRUNE_ABOVE) this.prune(now);
    }
    forgetBefore(log, now - windowMs);
    const counted = log.stamps.length - log.head;
    const verdict = rateVerdict(limit, windowMs, now, counted, counted >= limit ? log.stamps[log.stamps.length - limit]! : null);
    // Kept in order even if the clock steps back a little.
    if (verdict.retryAfter === null) log.stamps.push(Math.max(now, log.stamps.at(-1) ?? now));
    return verdict;
  }

  private prune(now: number): void {
    for (const [key, log] of this.logs) {
      const group = key.slice(0, key.indexOf('\u0000')) as RateGroup;
      forgetBefore(log, now - RATE_GROUPS[group].windowSeconds * 1_000);
      if (log.head === log.stamps.length) this.logs.delete(key);
    }
  }
}

/** Drops the requests made at or before `edge` (they no longer count); the array is compacted now and then. */
function forgetBefore(log: RequestLog, edge: number): void {
  while (log.head < log.stamps.length && log.stamps[log.head]! <= edge) log.head += 1;
  if (log.head === log.stamps.length) {
    log.stamps = [];
    log.head = 0;
  } else if (log.head >= 64 && log.head * 2 >= log.stamps.length) {
    log.stamps = log.stamps.slice(log.head);
    log.head = 0;
  }
}
