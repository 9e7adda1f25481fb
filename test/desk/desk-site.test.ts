import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, rawCall, startApi, type ApiFixture } from '../api/api-fixture.js';
import { tempDir } from '../helpers/sandbox.js';

/**
 * The built desk served by the local server at `/`, the same origin as /v1 (core/api/desk-site.ts):
 * content types, caching, client routes, the API's own 404s, the loopback Host check, no CORS, and the
 * desk's session (its own rate-limit identity).
 */
describe('the desk served at /', () => {
  let f: ApiFixture;
  const asset = readdirSync('dist/desk/assets').find((name) => name.endsWith('.js'))!;
  const style = readdirSync('dist/desk/assets').find((name) => name.endsWith('.css'))!;

  beforeAll(async () => {
    f = await startApi();
  });
  afterAll(() => f.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${f.base}${path}`, { headers });
  /** A GET through node:http: the path and Host exactly as given (fetch normalises both). */
  const raw = (path: string, host = `127.0.0.1:${f.port}`) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: f.port, path, headers: { host } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        })
        .on('error', reject);
    });
  const sessionOf = (html: string) => /<meta name="launchdesk-session" content="([^"]+)">/.exec(html)?.[1];

  it('answers index.html at / with this run\'s session, never cached, under a strict CSP', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const html = await response.text();
    expect(html).toContain(`/assets/${asset}`);
    expect(sessionOf(html)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('serves hashed assets with their content type, cached as immutable; HEAD answers the same headers', async () => {
    const script = await get(`/assets/${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toBe(readFileSync(`dist/desk/assets/${asset}`, 'utf8'));
    expect((await get(`/assets/${style}`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const head = await fetch(`${f.base}/assets/${asset}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/javascript; charset=utf-8', '']);
  });

  it('answers index.html for the desk\'s own routes, a 404 for a missing file, and JSON 404s under /v1 and /ipfs', async () => {
    const route = await get('/coin/So11111111111111111111111111111111111111112');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await route.text()).toContain('launchdesk-session');
    expect((await get('/assets/missing-abc123.js')).status).toBe(404);
    const api = await call(f, 'GET', '/v1/nothing/here');
    expect([api.status, api.body]).toEqual([404, { error: { code: 'not_found', message: 'no such endpoint: GET /v1/nothing/here' } }]);
    for (const path of ['/v1', '/ipfs', '/ipfs/bafkreinotstored']) expect((await call(f, 'GET', path)).body).toMatchObject({ error: { code: 'not_found' } });
  });

  it('never leaves its folder, whatever the path says', async () => {
    for (const path of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json', '/assets/%2e%2e%2f%2e%2e%2fpackage.json', '/..%5c..%5cpackage.json']) {
      const answer = await raw(path);
      expect(answer.text, path).not.toContain('"allowScripts"');
      expect(answer.status, path).toBe(404);
    }
  });

  it('applies the loopback Host check to the desk as to /v1', async () => {
    const foreign = await rawCall(f, 'GET', '/', { host: 'evil.example' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: { code: 'invalid_param' } });
    expect((await raw('/', `localhost:${f.port}`)).status).toBe(200);
  });

  it('counts the desk under its own session at the raised tier, and refuses a session of an earlier run with what to do', async () => {
    const session = sessionOf(await (await get('/')).text())!;
    const desk = await call(f, 'GET', '/v1/stats', { headers: { 'x-desk-session': session } });
    expect(desk.status).toBe(200);
    expect(desk.headers.get('x-ratelimit-limit')).toBe('3000');
    const anonymous = await call(f, 'GET', '/v1/stats');
    expect(anonymous.headers.get('x-ratelimit-limit')).toBe('60');
    const stale = await call(f, 'GET', '/v1/stats', { headers: { 'x-desk-session': 'x'.repeat(32) } });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ error: { code: 'unauthorized', message: 'this desk page was loaded from an earlier run of the local server (its session has ended); reload the page' } });
    // A page of another site cannot send the header at all: its preflight gets no CORS approval.
    const preflight = await fetch(`${f.base}/v1/stats`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-desk-session' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('a server whose desk is not built', () => {
  let f: ApiFixture;
  beforeAll(async () => {
    f = await startApi({ deskDir: tempDir('launchdesk-nodesk-') });
  });
  afterAll(() => f.close());

  it('says so in plain words at / with what to do, and /v1 still answers', async () => {
    const response = await fetch(`${f.base}/`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('Run <code>npm run build</code> in the project folder, then reload this page.');
    expect((await call(f, 'GET', '/v1/stats')).status).toBe(200);
  });
});
