import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, signAndSend } from '../engine/http-signing.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';
import { call, rawCall, startApi, type ApiFixture } from './api-fixture.js';
import { Listener, type Frame } from './stream-listener.js';

const ZEC = 100_000_000n;
/** GET /v1/stream: the push stream, over a real WebSocket against the real index. */
describe('the push stream', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;
  let coin: Address;
  const open: Listener[] = [];

  const buy = async (zec: bigint) => signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin, side: 'buy', amount: String(zec) }), [trader]);
  const listen = async (headers?: Record<string, string>) => {
    const l = await Listener.open(f, headers);
    open.push(l);
    return l;
  };

  beforeAll(async () => {
    f = await startApi();
    trader = await fundedWallet(f.sandbox, 1_000n * ZEC);
    coin = f.mint as Address;
    await f.indexed();
  }, 60_000);
  afterAll(async () => {
    for (const l of open) l.socket.terminate();
    await f.close();
  });

  it('sends a trade, its candle and a new coin as the index takes them in, equal to the REST reads', async () => {
    const l = await listen();
    l.send({ type: 'subscribe', topics: ['trades', `trades:${coin}`, `candles:${coin}:1m`, 'coins'] });
    await l.until((fr) => fr.some((x) => x.type === 'subscribed'));
    const [signature] = await buy(ZEC);
    await l.until(() => l.events('trade').length === 1 && l.events('candle').length === 1);
    const trade = l.events('trade')[0]!;
    f.clock += 61_000;
    const rest = (await call(f, 'GET', `/v1/coins/${coin}/trades?limit=1`)).body['data'] as Record<string, unknown>[];
    expect(trade.data).toEqual(rest[0]); // once, though two topics match it
    expect(trade.data['signature']).toBe(signature);
    const candles = (await call(f, 'GET', `/v1/coins/${coin}/candles?interval=1m`)).body['data'] as Record<string, unknown>[];
    expect(l.events('candle')[0]).toMatchObject({ mint: coin, interval: '1m', data: candles.at(-1) });
    // A coin listed while listening.
    const planted = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' });
    await f.indexed();
    await l.until(() => l.events('coin').length === 1);
    expect(l.events('coin')[0]!.data).toEqual((await call(f, 'GET', `/v1/coins/${planted.mint}`)).body);
  });

  it('a client dropped mid-burst resumes from its last position with no gap and no duplicate', async () => {
    let l = await listen();
    l.send({ type: 'subscribe', topics: ['trades'] });
    await l.until((fr) => fr.some((x) => x.type === 'subscribed'));
    const from = l.lastPosition();
    const received: Frame[] = [];
    for (let i = 0; i < 18; i++) {
      await buy(ZEC / 10n + BigInt(i));
      if (i === 5) {
        await l.until(() => l.events('trade').length >= 6);
        received.push(...l.frames);
        l.socket.terminate(); // dropped: trades 6 to 11 happen while it is away
      }
      if (i === 11) {
        l = await listen();
        l.send({ type: 'subscribe', topics: ['trades'], since: received.reduce((p, x) => (x.type === 'events' ? Math.max(p, x.position!) : p), from) });
      }
    }
    await f.indexed();
    await l.until(() => received.concat(l.frames).flatMap((x) => (x.type === 'events' ? x.events! : [])).length >= 18);
    received.push(...l.frames);
    const streamed = received.flatMap((x) => (x.type === 'events' ? x.events! : [])).map((e) => e.data['signature']);
    f.clock += 61_000;
    const rest = ((await call(f, 'GET', '/v1/trades?limit=18')).body['data'] as Record<string, unknown>[]).map((t) => t['signature']).reverse();
    expect(streamed).toEqual(rest);
    expect(new Set(streamed).size).toBe(18);
  });

  it('answers the index progress on its topic', async () => {
    const l = await listen();
    l.send({ type: 'subscribe', topics: ['progress'] });
    await buy(ZEC / 7n);
    await f.indexed();
    await l.until((fr) => fr.some((x) => x.type === 'progress'));
    expect(l.frames.find((x) => x.type === 'progress')!.data).toMatchObject({ phase: expect.stringMatching(/^(backfill|live)$/), done: expect.any(Number) });
  });

  it('refuses in plain words: a bad message, an unknown topic, a position it has not reached; another site\'s page; a plain GET', async () => {
    const l = await listen();
    l.socket.send('hello');
    l.send({ type: 'subscribe', topics: ['trades:nope'] });
    l.send({ type: 'subscribe', topics: [] });
    l.send({ type: 'subscribe', topics: ['coins'], since: 10 ** 12 });
    l.send({ type: 'subscrib', topics: ['coins'] });
    l.send({ type: 'subscribe', topics: ['coins'], extra: 1 });
    await l.until((fr) => fr.filter((x) => x.type === 'error').length === 6);
    const messages = l.frames.filter((x) => x.type === 'error').map((x) => `${x.error!.code} ${x.error!.message}`);
    expect(messages[0]).toMatch(/^invalid_param message: not JSON/);
    expect(messages[1]).toMatch(/^invalid_param topics\.0: "trades:nope" is not a topic/);
    expect(messages[2]).toBe('invalid_param topics: must hold at least 1 item');
    expect(messages[3]).toMatch(/^invalid_param since: 1000000000000 is past the index's position/);
    // The HTTP answers' words, never the validator's ("must be equal to constant").
    expect(messages.slice(4)).toEqual(['invalid_param type: must be subscribe', 'invalid_param message: "extra" is not a field of this request']);
    await expect(Listener.open(f, { origin: 'https://evil.example' })).rejects.toThrow(/refused with 400/);
    await expect(Listener.open(f, { host: 'attacker.example' })).rejects.toThrow(/refused with 400/);
    expect(await Listener.open(f, { origin: `http://localhost:${f.port}` }).then((x) => (x.socket.terminate(), 'open'))).toBe('open');
    f.clock += 61_000;
    const plain = await rawCall(f, 'GET', '/v1/stream', { host: `127.0.0.1:${f.port}` });
    expect(plain.status).toBe(400);
    expect((plain.body['error'] as { message: string }).message).toMatch(/is a WebSocket: connect with Upgrade: websocket/);
  });
});
