import { generateKeyPairSigner, getBase58Decoder, signBytes } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcChain } from '../../core/chain/rpc-chain.js';
import { call, codeOf, messageOf, rawCall, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const expectError = (a: Answer, status: number, code: string, message: RegExp) => {
  expect([a.status, codeOf(a)], JSON.stringify(a.body)).toEqual([status, code]);
  expect(messageOf(a)).toMatch(message);
};

/** Every error code the reads can return, the Host check, CORS, and each rate-limit tier, over real HTTP. */
describe('/v1 errors and limits', () => {
  let f: ApiFixture;
  beforeAll(async () => {
    f = await startApi();
  }, 60_000);
  afterAll(() => f.close());

  it('invalid_param names the field: unknown sort, stage, quote, stock; bad limit, cursor, interval, addresses, missing q', async () => {
    const cases: [string, RegExp][] = [
      ['/v1/coins?sort=hot', /^sort: must be one of trending, new, volume, marketCap, lastTrade, progress$/],
      ['/v1/coins?stage=moon', /^stage: must be one of curve, complete, pool$/],
      ['/v1/coins?quote=usd', /^quote: must be one of zec, native, stocks$/],
      ['/v1/trades?quote=SAPLING', /^quote: must be one of/],
      ['/v1/coins?stock=AAPLx', /^stock: "AAPLx" is not a stock key/],
      ['/v1/trades?stock=TSLAx', /^stock: /],
      ['/v1/coins?limit=0', /^limit: must be at least 1$/],
      ['/v1/coins?limit=101', /^limit: must be at most 100$/],
      ['/v1/coins?limit=ten', /^limit: must be an integer written in decimal digits$/],
      ['/v1/coins?limit=1e309', /^limit: must be an integer written in decimal digits$/],
      ['/v1/graduations?limit=Infinity', /^limit: must be an integer written in decimal digits$/],
      ['/v1/trades?cursor=9223372036854775808.0.0', /^cursor: not a cursor of this list/],
      ['/v1/coins?cursor=-1', /^cursor: not a cursor of this list/],
      [`/v1/coins/${f.mint}/trades?cursor=abc`, /^cursor: /],
      [`/v1/coins/${f.mint}/candles?interval=2m`, /^interval: must be one of 1m, 5m, 15m, 1h, 4h, 1d$/],
      ['/v1/coins/not-an-address', /^mint: /],
      ['/v1/coins/1111111111111111111111111111111O', /^mint: /],
      ['/v1/accounts/zzz', /^wallet: /],
      [`/v1/trades?user=0x1234`, /^user: /],
      ['/v1/coins/search', /^q: is missing$/],
      ['/v1/stats/daily?limit=367', /^limit: must be at most 366$/],
    ];
    for (const [path, message] of cases) expectError(await call(f, 'GET', path), 400, 'invalid_param', message);
    expectError(await call(f, 'POST', '/v1/auth/challenge', { body: { wallet: 42 } }), 400, 'invalid_param', /^wallet: is shorter than 32 characters$/);
    const badJson = await rawCall(f, 'POST', '/v1/auth/challenge', { host: `127.0.0.1:${f.port}`, 'content-type': 'application/json' }, '{"wallet":');
    expectError(badJson, 400, 'invalid_param', /^request: /);
  });

  it('invalid_param for a sort, stage, quote, stock or pair an endpoint does not take: refused naming it, never ignored', async () => {
    f.clock += 61_000; // a fresh minute of the reads and builds groups
    const cases: [string, string, RegExp][] = [
      ['GET', '/v1/trades?sort=bogus', /^sort: "bogus" is not taken here: GET \/v1\/trades has no sort parameter$/],
      ['GET', '/v1/trades?stage=pool', /^stage: "pool" is not taken here: GET \/v1\/trades has no stage parameter$/],
      ['GET', '/v1/trades?pair=native', /^pair: /],
      ['GET', `/v1/coins/${f.mint}/trades?sort=new`, /^sort: "new" is not taken here: GET \/v1\/coins\/:mint\/trades has no sort parameter$/],
      ['GET', `/v1/coins/${f.mint}/candles?quote=zec`, /^quote: /],
      ['GET', '/v1/coins?pair=native', /^pair: "native" is not taken here: GET \/v1\/coins has no pair parameter$/],
      ['GET', '/v1/coins/search?q=TEST&sort=new', /^sort: /],
      ['GET', '/v1/graduations?stock=nvdax', /^stock: /],
      ['GET', '/v1/params?sort=trending', /^sort: /],
      ['GET', `/v1/coins/${f.mint}/quote?side=buy&amount=100&pair=native`, /^pair: "native" is not taken here: GET \/v1\/coins\/:mint\/quote has no pair parameter$/],
    ];
    for (const [method, path, message] of cases) expectError(await call(f, method, path), 400, 'invalid_param', message);
    // In a JSON body too: a trade's pair is read from chain, never taken from the request.
    const wallet = (await generateKeyPairSigner()).address;
    expectError(await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: f.mint, side: 'buy', amount: '100', pair: 'native' } }), 400, 'invalid_param', /^pair: "native" is not taken here: POST \/v1\/trade\/build has no pair parameter$/);
    expectError(await call(f, 'POST', '/v1/plant/build', { body: { wallet, mint: wallet, name: 'A', symbol: 'AB', uri: 'ipfs://x', payee: 'me', pair: 'sol' } }), 400, 'invalid_param', /^pair: /);
  });

  it('not_found: a missing coin, an unknown endpoint, the issuer status while stock pairs are off; unknown fields are ignored', async () => {
    expectError(await call(f, 'GET', `/v1/coins/${(await generateKeyPairSigner()).address}`), 404, 'not_found', /^no coin /);
    expectError(await call(f, 'GET', '/v1/nothing/here'), 404, 'not_found', /^no such endpoint: GET \/v1\/nothing\/here$/);
    await f.sandbox.stockAdmin('', { action: 'pairs', on: false });
    expectError(await call(f, 'GET', '/v1/stocks/issuers'), 404, 'not_found', /^stock pairs are off on this server$/);
    await f.sandbox.stockAdmin('', { action: 'pairs', on: true });
    expect((await call(f, 'GET', `/v1/coins/${f.mint}?fields=all&utm=1`)).status).toBe(200);
  });

  it('unauthorized: an unknown key or a malformed Authorization header', async () => {
    expectError(await call(f, 'GET', '/v1/stats', { headers: { authorization: 'Bearer ld_nope' } }), 401, 'unauthorized', /no valid key/);
    expectError(await call(f, 'GET', '/v1/stats', { headers: { authorization: 'Bearer' } }), 401, 'unauthorized', /no valid key/);
  });

  it('unavailable: a chain that does not answer is 503 unavailable, never another 5xx', async () => {
    const down = await startApi({ chain: () => new RpcChain('http://127.0.0.1:1') });
    try {
      expectError(await call(down, 'GET', '/v1/params'), 503, 'unavailable', /^the cluster at http:\/\/127\.0\.0\.1:1 did not answer \(fetch refuses to connect to that port\)$/); // names the cluster, never fetch's "fetch failed"
      expect((await call(down, 'GET', '/v1/stats')).status).toBe(200); // the index still answers
    } finally {
      await down.close();
    }
  });

  it('answers loopback Host names only (DNS rebinding) and sends no CORS headers', async () => {
    const ok = await rawCall(f, 'GET', '/v1/stats', { host: `localhost:${f.port}` });
    expect(ok.status).toBe(200);
    for (const host of ['evil.example', `evil.example:${f.port}`, '127.0.0.1:1', `127.0.0.2:${f.port}`]) {
      expectError(await rawCall(f, 'GET', '/v1/stats', { host }), 400, 'invalid_param', /^Host: .* is not this machine's loopback address/);
    }
    const cors = await call(f, 'GET', '/v1/stats', { headers: { origin: 'https://evil.example' } });
    expect(cors.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call(f, 'OPTIONS', '/v1/stats', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(404);
  });

  it('rate limits per tier: limit, remaining, 429 with Retry-After, and a reset after the window', async () => {
    f.clock += 3_600_000; // a fresh window for everyone
    async function exhaust(headers: Record<string, string>, limit: number) {
      for (let i = 1; i <= limit; i++) {
        const a = await call(f, 'GET', '/v1/stats', { headers });
        expect(a.status).toBe(200);
        expect([a.headers.get('x-ratelimit-limit'), a.headers.get('x-ratelimit-remaining')]).toEqual([String(limit), String(limit - i)]);
      }
      f.clock += 15_000;
      const over = await call(f, 'GET', '/v1/stats', { headers });
      expectError(over, 429, 'rate_limited', /too many requests for the reads group/);
      expect(over.headers.get('retry-after')).toBe('45');
      expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    await exhaust({}, 60);
    // Another group has its own count: quotes are not built yet, but params is a read too, so still limited.
    expect((await call(f, 'GET', '/v1/params')).status).toBe(429);

    const signer = await generateKeyPairSigner();
    const challenge = await call(f, 'POST', '/v1/auth/challenge', { body: { wallet: signer.address } });
    expect(challenge.status).toBe(429); // sign-in counts as a read too: come back after the window
    f.clock += 45_000;
    const fresh = await call(f, 'POST', '/v1/auth/challenge', { body: { wallet: signer.address } });
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('59'); // reset
    const message = fresh.body['message'] as string;
    const signature = getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message)));
    const made = await call(f, 'POST', '/v1/keys', { body: { message, signature } });
    const key = made.body['key'] as string;
    await exhaust({ authorization: `Bearer ${key}` }, 600);
    await f.keys.setTier(made.body['id'] as string, 'raised');
    f.clock += 45_000;
    await exhaust({ authorization: `Bearer ${key}` }, 3_000);
  }, 120_000);
});
