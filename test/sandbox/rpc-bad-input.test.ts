import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

/** Every bad request gets the standard JSON-RPC error, and the facade goes on serving. */
describe('sandbox RPC facade refuses bad input', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ slotMs: 0 });
  });
  afterAll(async () => t.close());

  async function post(body: string, headers: Record<string, string> = {}) {
    const response = await fetch(t.facade.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: response.status, text: await response.text() };
  }

  async function stillServing() {
    expect((await t.rpc('getHealth')).result).toBe('ok');
  }

  it('answers malformed JSON with -32700 Parse error', async () => {
    const { status, text } = await post('{"jsonrpc":"2.0","id":1,"method":"getSlot"');
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
    await stillServing();
  });

  it('answers a request that is not JSON-RPC 2.0 with -32600 Invalid request', async () => {
    for (const body of ['42', '{"id":1,"method":"getSlot"}', '{"jsonrpc":"2.0","id":1,"method":"getSlot","params":"x"}', '[]']) {
      const { text } = await post(body);
      expect(JSON.parse(text).error.code).toBe(-32600);
    }
    await stillServing();
  });

  it('answers an unknown method with -32601 Method not found, keeping the id', async () => {
    const { text } = await post('{"jsonrpc":"2.0","id":"abc","method":"getEverything","params":[]}');
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 'abc' });
    await stillServing();
  });

  it('answers wrong params with -32602 and a message naming the problem', async () => {
    const cases: [string, unknown[], RegExp][] = [
      ['getBalance', ['not-an-address'], /not a valid address/],
      ['getBalance', [], /not a valid address/],
      ['getAccountInfo', ['11111111111111111111111111111111', { encoding: 'hex' }], /unknown encoding "hex"/],
      ['getAccountInfo', ['11111111111111111111111111111111', { commitment: 'soon' }], /unknown commitment "soon"/],
      ['getTransaction', ['xyz'], /not a valid signature/],
      ['getTransaction', ['0'.repeat(88)], /not a valid signature/], // a character base58 does not have
      ['getSignatureStatuses', ['nope'], /expected an array of signatures/],
      ['getProgramAccounts', ['11111111111111111111111111111111', { filters: [{ wat: 1 }] }], /unknown filter/],
      ['getTokenAccountBalance', ['11111111111111111111111111111111'], /not a Token account/],
      ['requestAirdrop', ['11111111111111111111111111111112', -5], /lamports must be a non-negative integer/],
      ['sendTransaction', ['AAAA', { encoding: 'base64' }], /invalid transaction/],
      ['getTransaction', ['5'.repeat(87), { commitment: 'processed' }], /does not support commitment below `confirmed`/],
      ['getSignaturesForAddress', ['11111111111111111111111111111111', { limit: 5000 }], /Invalid limit; max 1000/],
    ];
    for (const [method, params, message] of cases) {
      const { error } = await t.rpc(method, params);
      expect(error, `${method} ${JSON.stringify(params)}`).toBeDefined();
      expect(error!.code, method).toBe(-32602);
      expect(error!.message, method).toMatch(message);
    }
    await stillServing();
  });

  it('answers a batch element by element, good and bad together', async () => {
    const { text } = await post(JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'nope' },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['bad'] },
    ]));
    const answers = JSON.parse(text);
    expect(answers.map((a: any) => a.id)).toEqual([1, 2, 3]);
    expect(answers[0].result).toBe('ok');
    expect(answers[1].error.code).toBe(-32601);
    expect(answers[2].error.code).toBe(-32602);
  });

  it('refuses other HTTP methods, oversized bodies and foreign Host headers', async () => {
    expect((await fetch(t.facade.rpcUrl, { method: 'GET' })).status).toBe(405);
    expect((await post('x'.repeat(2 << 20))).status).toBe(413);
    // DNS-rebinding defence: a page on another name cannot drive the sandbox from a browser.
    const { request } = await import('node:http');
    const url = new URL(t.facade.rpcUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"getHealth"}');
    });
    expect(status).toBe(403);
    await stillServing();
  });

  it('answers bad WebSocket requests with JSON-RPC errors on the same socket', async () => {
    const socket = new WebSocket(t.facade.wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const ask = (text: string) =>
      new Promise<any>((resolve) => {
        socket.once('message', (data) => resolve(JSON.parse(data.toString())));
        socket.send(text);
      });
    expect((await ask('{nope')).error.code).toBe(-32700);
    expect((await ask('{"jsonrpc":"2.0","id":1,"method":"fooSubscribe","params":[]}')).error.code).toBe(-32601);
    expect((await ask('{"jsonrpc":"2.0","id":2,"method":"accountSubscribe","params":["bad"]}')).error.code).toBe(-32602);
    expect((await ask('{"jsonrpc":"2.0","id":3,"method":"accountUnsubscribe","params":[999]}')).error).toMatchObject({ code: -32602, message: 'Invalid subscription id.' });
    const ok = await ask('{"jsonrpc":"2.0","id":4,"method":"slotSubscribe"}');
    expect(typeof ok.result).toBe('number');
    socket.close();
    await stillServing();
  });
});
