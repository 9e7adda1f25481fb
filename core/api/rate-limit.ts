/**
 * The spec's rate limits ("Limits"): per route group, anonymous requests per IP address, keyed ones per
 * key (standard or raised tier). Fixed windows starting at a caller's first request in them; counts live
 * in memory (a restart forgives everyone, which is what a local server should do).
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
  readonly remaining: number;
  /** Seconds until the window resets, when this request is over the limit. */
  readonly retryAfter: number | null;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** `now` in milliseconds (injectable so tests can move time). */
  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request of `identity` (an IP, or a key id) in `group` and says whether it may pass. */
  take(group: RateGroup, tier: RateTier, identity: string): RateVerdict {
    const rule = RATE_GROUPS[group];
    const limit = rule[tier];
    const now = this.now();
    const windowMs = rule.windowSeconds * 1_000;
    const key = `${group}\u0000${identity}`;
    let window = this.windows.get(key);
    if (!window || now >= window.start + windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.prune(now);
    }
    if (window.count >= limit) {
      return { limit, remaining: 0, retryAfter: Math.max(1, Math.ceil((window.start + windowMs - now) / 1_000)) };
    }
    window.count += 1;
    return { limit, remaining: limit - window.count, retryAfter: null };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      const group = key.slice(0, key.indexOf('\u0000')) as RateGroup;
      if (now >= window.start + RATE_GROUPS[group].windowSeconds * 1_000) this.windows.delete(key);
    }
  }
}
