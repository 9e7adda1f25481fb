import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedPolicy, hostNameProblem } from '../../core/api/host-policy.js';
import { codeOf, messageOf, rawCall, startApi, type ApiFixture } from './api-fixture.js';

describe('the hosted /v1 answers its host names only (host-policy.ts)', () => {
  const policy = hostedPolicy(['api.example.com', 'API2.example.com']);

  it('takes a listed name on any port, case aside, and nothing else', () => {
    expect(policy.hostProblem('api.example.com', 8080)).toBeNull();
    expect(policy.hostProblem('api2.EXAMPLE.com:443', 8080)).toBeNull();
    expect(policy.hostProblem('localhost', 8080)).toMatch(/Host: "localhost" is not a name this server answers \(api\.example\.com, api2\.example\.com\)/);
    expect(policy.hostProblem(undefined, 8080)).toMatch(/not a name this server answers/);
    expect(policy.hostProblem('evil.example.com', 8080)).not.toBeNull();
  });

  it('lets no page of another site change state or open the stream', () => {
    expect(policy.originProblem(undefined, 1)).toBeNull();
    expect(policy.originProblem('https://api.example.com', 1)).toBeNull();
    expect(policy.originProblem('https://evil.example.com', 1)).toMatch(/Origin: "https:\/\/evil\.example\.com" is not a page of this service/);
    expect(policy.originProblem('http://127.0.0.1:7439', 1)).not.toBeNull();
  });

  it('checks --host names', () => {
    expect(hostNameProblem('api.example.com')).toBeNull();
    expect(hostNameProblem('10.0.0.7')).toBeNull();
    expect(hostNameProblem('api example')).toMatch(/is not a host name/);
    expect(hostNameProblem('https://api.example.com')).toMatch(/is not a host name/);
  });
});

/**
 * The real server in hosted mode, over the real sandbox and index: it answers its name and refuses loopback
 * names; behind a trusted proxy each caller's address (X-Forwarded-For) has its own limits; and there is no desk,
 * no faucet and no desk routes even when the context holds them.
 */
describe('the server in hosted mode', () => {
  let f: ApiFixture;
  beforeAll(async () => {
    f = await startApi({ hosted: { hosts: ['api.example.com'], trustedProxies: ['127.0.0.1'] } });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  it('answers its host name and refuses a loopback one', async () => {
    const named = await rawCall(f, 'GET', `/v1/coins/${f.mint}`, { host: 'api.example.com' });
    expect(named.status).toBe(200);
    const loopback = await rawCall(f, 'GET', `/v1/coins/${f.mint}`, { host: `127.0.0.1:${f.port}` });
    expect(loopback.status).toBe(400);
    expect(codeOf(loopback)).toBe('invalid_param');
    expect(messageOf(loopback)).toMatch(/is not a name this server answers \(api\.example\.com\)/);
  });

  it('has no desk, desk routes or faucet', async () => {
    for (const path of ['/', '/desk-api/wallets']) expect((await rawCall(f, 'GET', path, { host: 'api.example.com' })).status).toBe(404);
    const faucet = await rawCall(f, 'POST', '/v1/sandbox/faucet', { host: 'api.example.com', 'content-type': 'application/json' }, JSON.stringify({ wallet: f.mint }));
    expect(faucet.status).toBe(404);
  });

  it('counts each forwarded caller on its own behind the trusted proxy', async () => {
    const read = (ip: string) => rawCall(f, 'GET', '/v1/stats', { host: 'api.example.com', 'x-forwarded-for': ip });
    const first = await read('203.0.113.7');
    const again = await read('203.0.113.7');
    const other = await read('198.51.100.9');
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    expect(other.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));
  });
});
