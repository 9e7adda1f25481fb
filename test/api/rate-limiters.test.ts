import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter, type RequestLimiter } from '../../core/api/rate-limit.js';
import { PgRateLimiter } from '../../core/api/store/pg-rate-limiter.js';
import { freshDatabase } from '../helpers/pg.js';
import { openPostgres } from '../../core/storage/postgres/pg-connection.js';

const T0 = 1_800_000_000_000;

/** A limiter on a clock moved by hand. */
interface Kind {
  readonly name: string;
  open(now: () => number): Promise<RequestLimiter & { close?(): Promise<void> }>;
}

let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase('rates');
});
afterAll(async () => db?.drop());

const KINDS: readonly Kind[] = [
  { name: 'in memory', open: async (now) => new RateLimiter(now) },
  { name: 'PostgreSQL', open: (now) => PgRateLimiter.open(db.url, now) },
];

/** The sliding window (rate-limit.ts), the same verdicts from both limiters. */
for (const kind of KINDS) {
  describe(`rate limiter (${kind.name})`, () => {
    let clock = T0;
    let limiter: RequestLimiter & { close?(): Promise<void> };
    beforeAll(async () => {
      limiter = await kind.open(() => clock);
    });
    afterAll(async () => limiter?.close?.());
    const take = async (identity: string) => {
      const v = await limiter.take('uploads', 'anonymous', identity);
      return [v.remaining, v.retryAfter];
    };

    it('lets the limit through in any window, and says when the next one may come', async () => {
      const who = `ip:${kind.name}-a`;
      clock = T0;
      expect(await take(who)).toEqual([2, null]);
      clock = T0 + 3_599_000;
      expect(await take(who)).toEqual([1, null]);
      expect(await take(who)).toEqual([0, null]);
      expect(await take(who)).toEqual([0, 1]); // the first leaves at T0 + 3 600 000
      clock = T0 + 3_600_000;
      expect(await take(who)).toEqual([0, null]);
      expect(await take(who)).toEqual([0, 3_599]); // then the two of T0 + 3 599 000 must leave
      clock = T0 + 3_599_000 + 3_600_000 - 1; // rounded up: 1 ms is 1 s
      expect(await take(who)).toEqual([0, 1]);
      expect(await take(`ip:${kind.name}-b`)).toEqual([2, null]); // per caller
      expect((await limiter.take('reads', 'raised', who)).limit).toBe(3_000); // per group and tier
    });

    it('keeps stamps in order when the clock steps back', async () => {
      const who = `ip:${kind.name}-c`;
      clock = T0 + 10_000;
      expect(await take(who)).toEqual([2, null]);
      clock = T0 + 5_000;
      expect(await take(who)).toEqual([1, null]);
      expect(await take(who)).toEqual([0, null]);
      clock = T0 + 10_000 + 3_600_000; // all three count as made at T0 + 10 s: all left
      expect(await take(who)).toEqual([2, null]);
    });
  });
}

/** Two replicas, each with its own limiter on one database: a caller's limit holds across both together. */
describe('rate limits across replicas (PostgreSQL)', () => {
  let clock = T0;
  let a: PgRateLimiter;
  let b: PgRateLimiter;
  beforeAll(async () => {
    [a, b] = [await PgRateLimiter.open(db.url, () => clock), await PgRateLimiter.open(db.url, () => clock)];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('N requests spread over two limiters pass; the N+1th is refused with the right Retry-After', async () => {
    // builds: 10 a minute for an address; 10 spread over both replicas, some at once.
    const at = (ms: number) => (clock = T0 + ms);
    at(0);
    expect((await a.take('builds', 'anonymous', 'ip:198.51.100.7')).remaining).toBe(9);
    at(1_000);
    const together = await Promise.all([a, b, a, b, b, a, b, a].map((l) => l.take('builds', 'anonymous', 'ip:198.51.100.7')));
    expect(together.map((v) => v.remaining).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    at(20_500);
    expect(await b.take('builds', 'anonymous', 'ip:198.51.100.7')).toEqual({ limit: 10, remaining: 0, retryAfter: null });
    const refused = await Promise.all([a.take('builds', 'anonymous', 'ip:198.51.100.7'), b.take('builds', 'anonymous', 'ip:198.51.100.7')]);
    // The 10th newest was made at 0: one more is allowed at 60 s, 39.5 s from now.
    expect(refused).toEqual([{ limit: 10, remaining: 0, retryAfter: 40 }, { limit: 10, remaining: 0, retryAfter: 40 }]);
    expect((await a.take('builds', 'anonymous', 'ip:198.51.100.8')).remaining).toBe(9); // another address
    at(60_000);
    expect((await b.take('builds', 'anonymous', 'ip:198.51.100.7')).remaining).toBe(0);
    expect((await a.take('builds', 'anonymous', 'ip:198.51.100.7')).retryAfter).toBe(1); // the eight of 1 s leave at 61 s
  });

  it('forgets stamps their windows left while many callers take at once, and never fails a request for it', async () => {
    // A clock a minute on at every reading: every take falls due to forget, so many forgets run at once on four
    // replicas. Deleting the same stamps at once in their own orders deadlocked (found by bench/hosted.ts).
    let ticking = T0 + 30_000_000;
    const tick = () => (ticking += 61_000);
    const replicas = await Promise.all(Array.from({ length: 4 }, () => PgRateLimiter.open(db.url, tick)));
    try {
      for (let round = 0; round < 8; round++) {
        const verdicts = await Promise.all(Array.from({ length: 24 }, (_, i) => replicas[i % 4]!.take('reads', 'anonymous', `ip:203.0.113.${i}`)));
        expect(verdicts.every((v) => v.remaining === 59)).toBe(true);
      }
    } finally {
      for (const replica of replicas) await replica.close();
    }
    const pg = openPostgres(db.url, { max: 1 });
    try {
      // What is left is inside the last minutes' windows: the older stamps were forgotten.
      const [left] = await pg.unsafe("SELECT MIN(at) AS oldest FROM rate_stamps WHERE caller LIKE 'ip:203.0.113.%'");
      expect(left!.oldest as bigint).toBeGreaterThan(BigInt(T0 + 30_000_000 + 100 * 61_000));
    } finally {
      await pg.end();
    }
  });

  it('costs one round trip a request (casually measured)', async () => {
    clock = T0 + 10_000_000;
    const started = performance.now();
    for (let i = 0; i < 50; i++) await a.take('reads', 'raised', 'key:k_timing');
    const perRequest = (performance.now() - started) / 50;
    console.log(`PgRateLimiter.take: ${perRequest.toFixed(2)} ms a request (serial, local cluster)`);
    expect(perRequest).toBeLessThan(50);
  });
});
