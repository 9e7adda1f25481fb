import { generateKeyPairSigner, getBase58Decoder, signBytes } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeOf, messageOf, startApi, TEST_INDEX, type Answer, type ApiFixture } from './api-fixture.js';
import { freshDatabase } from '../helpers/pg.js';

/** One request as the server's clock saw it. */
interface Seen {
  readonly at: number;
  readonly answer: Answer;
}

/** The most requests let through (not 429) in any span of `windowMs` (each span starting at a request). */
function mostInAnyWindow(seen: readonly Seen[], windowMs: number): number {
  const passed = seen.filter((s) => s.answer.status !== 429).map((s) => s.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < passed.length; i++) {
    while (passed[j]! < passed[i]! - windowMs + 1) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const headersOf = (a: Answer) => [a.headers.get('x-ratelimit-limit'), a.headers.get('x-ratelimit-remaining'), a.headers.get('retry-after')];

/**
 * The rate limits are sliding windows (core/api/rate-limit.ts), over real HTTP with the server's clock moved
 * by hand: a burst at a window's edge gets no more than the group's figure in any window's length, and the
 * headers say what the window holds. In one process's memory (the embedded default) and in PostgreSQL (a hosted replica's).
 */
// On the hosted stores' pass (vitest project `postgres`) the fixture's limits are in PostgreSQL already.
for (const limits of TEST_INDEX === 'postgres' ? (['PostgreSQL'] as const) : (['in memory', 'PostgreSQL'] as const)) describe(`/v1 rate limits: sliding windows (${limits})`, () => {
  let f: ApiFixture;
  const seen: Seen[] = [];
  async function request(method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Answer> {
    const answer = await call(f, method, path, options);
    seen.push({ at: f.clock, answer });
    return answer;
  }

  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = limits === 'PostgreSQL' ? await freshDatabase('ratewindow') : null;
    dropDatabase = db?.drop;
    f = await startApi({ deskDir: null, ...(db ? { postgres: db.url } : {}) });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    await dropDatabase?.();
  });

  it('a burst at a window edge gets no more than 60 anonymous reads in any minute; the headers follow the window', async () => {
    seen.length = 0;
    f.clock += 3_600_000;
    const t0 = f.clock;
    expect(headersOf(await request('GET', '/v1/stats'))).toEqual(['60', '59', null]);
    f.clock = t0 + 59_000; // 59 more at the end of the first minute
    for (let i = 1; i <= 59; i++) expect(headersOf(await request('GET', '/v1/stats'))).toEqual(['60', String(59 - i), null]);
    f.clock = t0 + 60_000; // a fixed window would start afresh here and take 60 more at once
    const burst: Answer[] = [];
    for (let i = 0; i < 60; i++) burst.push(await request('GET', '/v1/stats'));
    expect(burst.filter((a) => a.status === 200)).toHaveLength(1); // only the request made at t0 has left the window
    expect(headersOf(burst[0]!)).toEqual(['60', '0', null]);
    const refused = burst[1]!;
    expect([refused.status, codeOf(refused)]).toEqual([429, 'rate_limited']);
    // One more is allowed when the oldest still counted (made at t0 + 59 s) leaves: 59 s from now.
    expect(headersOf(refused)).toEqual(['60', '0', '59']);
    expect(messageOf(refused)).toBe('too many requests for the reads group (60 in any minute for an address without a key); retry in 59 s');

    f.clock = t0 + 118_999; // rounded up: 1 ms is 1 s
    expect(headersOf(await request('GET', '/v1/stats'))).toEqual(['60', '0', '1']);
    f.clock = t0 + 119_000; // the 59 of t0 + 59 s have left; the one of t0 + 60 s still counts
    for (let i = 1; i <= 59; i++) expect(headersOf(await request('GET', '/v1/stats'))).toEqual(['60', String(59 - i), null]);
    expect((await request('GET', '/v1/stats')).status).toBe(429);
    expect(mostInAnyWindow(seen, 60_000)).toBe(60);

    f.clock += 61_000; // idle past a window: every request has left it
    expect(headersOf(await request('GET', '/v1/stats'))).toEqual(['60', '59', null]);
  });

  it('an hourly group slides too: 3 anonymous uploads in any hour, Retry-After in seconds to the next', async () => {
    seen.length = 0;
    f.clock += 3_600_000;
    const t0 = f.clock;
    // A request with no form is refused by the route after it counted, as any request does.
    const upload = () => request('POST', '/v1/plant/upload', { body: {} });
    expect(headersOf(await upload()).slice(0, 2)).toEqual(['3', '2']);
    f.clock = t0 + 3_599_000;
    expect(headersOf(await upload()).slice(0, 2)).toEqual(['3', '1']);
    expect(headersOf(await upload()).slice(0, 2)).toEqual(['3', '0']);
    f.clock = t0 + 3_600_000;
    expect((await upload()).status).not.toBe(429);
    const refused = await upload();
    expect(headersOf(refused)).toEqual(['3', '0', '3599']);
    expect(messageOf(refused)).toMatch(/^too many requests for the uploads group \(3 in any hour for an address without a key\); retry in 3599 s$/);
    expect(mostInAnyWindow(seen, 3_600_000)).toBe(3);
  });

  it('a key at the edge: 120 standard builds in any minute, however they fall', async () => {
    seen.length = 0;
    f.clock += 3_600_000;
    const signer = await generateKeyPairSigner();
    const challenge = await call(f, 'POST', '/v1/auth/challenge', { body: { wallet: signer.address } });
    const message = challenge.body['message'] as string;
    const signature = getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message)));
    const key = (await call(f, 'POST', '/v1/keys', { body: { message, signature } })).body['key'] as string;
    const headers = { authorization: `Bearer ${key}` };
    // An empty body is refused by the route's schema after the request counted.
    const buildRequest = () => request('POST', '/v1/trade/build', { body: {}, headers });
    const t0 = f.clock;
    expect(headersOf(await buildRequest())).toEqual(['120', '119', null]);
    f.clock = t0 + 59_500;
    for (let i = 2; i <= 120; i++) expect(headersOf(await buildRequest())).toEqual(['120', String(120 - i), null]);
    f.clock = t0 + 60_000; // the first has left; the 119 of half a second ago still count
    expect(headersOf(await buildRequest())).toEqual(['120', '0', null]);
    for (let i = 0; i < 120; i++) expect(headersOf(await buildRequest())).toEqual(['120', '0', '60']); // 59.5 s, rounded up
    f.clock = t0 + 119_500;
    expect(headersOf(await buildRequest())).toEqual(['120', '118', null]);
    expect(mostInAnyWindow(seen, 60_000)).toBe(120);
  });

  it('after a minute idle a group is whole again (the builds the engine tests make 61 s apart)', async () => {
    seen.length = 0;
    f.clock += 3_600_000;
    const build = () => request('POST', '/v1/trade/build', { body: {} });
    for (let i = 0; i < 10; i++) expect((await build()).status).not.toBe(429);
    expect((await build()).status).toBe(429);
    f.clock += 61_000;
    for (let i = 1; i <= 10; i++) expect(headersOf(await build())).toEqual(['10', String(10 - i), null]);
  });

  it('the reference, the OpenAPI document and the review kit count as reads; the desk\'s page does not', async () => {
    f.clock += 3_600_000;
    const counted = ['/v1/openapi.json', '/v1/docs', '/desk-api/review-kit'];
    for (const path of counted) {
      const answer = await fetch(`${f.base}${path}`);
      expect([answer.status, answer.headers.get('x-ratelimit-limit'), answer.headers.get('x-ratelimit-remaining')], path).toEqual([200, '60', String(59 - counted.indexOf(path))]);
    }
    for (let i = 3; i < 60; i++) expect((await call(f, 'GET', '/v1/stats')).status).toBe(200);
    for (const path of counted) {
      const answer = await call(f, 'GET', path);
      expect([answer.status, codeOf(answer), answer.headers.get('retry-after')], path).toEqual([429, 'rate_limited', '60']);
    }
    // The desk's own files are not counted: a page load cannot carry the desk session (this server has none built here: 503).
    const page = await fetch(`${f.base}/`);
    expect([page.status, page.headers.get('x-ratelimit-limit')]).toEqual([503, null]);
  });
});
