import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CANDLE_INTERVALS, candleBucket } from '../../core/index/candles.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { call, startApi, type ApiFixture } from './api-fixture.js';

const ZEC = 100_000_000n;
type Json = Record<string, unknown>;

/**
 * Prices that can be charted: the high-precision price (ZEC per whole coin × 1e18) on trades, coins and
 * candles, and candles that are exactly what their trades make them. Trades are spread over three days of
 * block time (the sandbox's clock follows the system clock, set here with fake Date only).
 */
describe('charting prices: priceZecE18 and candles from trades', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;
  let coin: Address;

  const get = async (path: string): Promise<Json> => {
    f.clock += 1_000; // the reads group allows 60 a minute
    const answer = await call(f, 'GET', path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    f = await startApi();
    trader = await fundedWallet(f.sandbox, 1_000n * ZEC);
    coin = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' })).mint;
    await f.indexed();
  }, 60_000);
  afterAll(async () => {
    vi.useRealTimers();
    await f.close();
  });

  it('a buy that moves a fresh coin ~2% moves priceZecE18, while priceZecE9 (about 28) may not', async () => {
    const before = await get(`/v1/coins/${coin}`);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin, side: 'buy', amount: String(ZEC / 3n) }), [trader]);
    await f.indexed();
    const after = await get(`/v1/coins/${coin}`);
    const [e18Before, e18After] = [BigInt(before['priceZecE18'] as string), BigInt(after['priceZecE18'] as string)];
    expect(e18After > e18Before).toBe(true);
    const moveBps = ((e18After - e18Before) * 10_000n) / e18Before;
    expect(moveBps >= 150n && moveBps <= 300n, `moved ${moveBps} bps`).toBe(true);
    // priceZecE9 cannot show it: one unit of it is more than 3% of a fresh coin's price, so it moves by a whole step or not at all.
    const [e9Before, e9After] = [BigInt(before['priceZecE9'] as string), BigInt(after['priceZecE9'] as string)];
    expect(10_000n / e9Before > 300n).toBe(true);
    expect(e9After - e9Before <= 1n).toBe(true);
    // Both fields are the same price: E9 is E18 / 1e9, floored.
    for (const c of [before, after]) expect(c['priceZecE9']).toBe(String(BigInt(c['priceZecE18'] as string) / 10n ** 9n));
    expect(e18Before.toString().length).toBeGreaterThanOrEqual(10);
  });

  it('candles at every interval are exactly what GET /v1/coins/{mint}/trades makes of them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Three days of trades, bunched and spread: several in one minute, then gaps of minutes to hours.
    let now = Date.UTC(2027, 0, 1, 22, 58, 0);
    const gaps = [5, 20, 40, 70, 300, 900, 3_600, 10, 15, 4 * 3_600, 86_400, 61, 2, 7_200, 20_000, 30, 600, 45_000];
    for (let i = 0; i < gaps.length; i++) {
      now += gaps[i]! * 1_000;
      vi.setSystemTime(now);
      f.sandbox.cluster.advanceSlots(1);
      const side = i % 3 === 2 ? 'sell' : 'buy';
      const amount = side === 'buy' ? String(ZEC / 4n + BigInt(i) * 1_000_003n) : String(10n ** 12n + BigInt(i) * 7n);
      await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin, side, amount }), [trader]);
    }
    await f.indexed();
    vi.useRealTimers();

    const trades: Json[] = [];
    for (let cursor: string | null = null; ; ) {
      const page = (await get(`/v1/coins/${coin}/trades?limit=100${cursor ? `&cursor=${cursor}` : ''}`)) as { data: Json[]; next: string | null };
      trades.push(...page.data);
      if (!page.next) break;
      cursor = page.next;
    }
    trades.reverse(); // oldest first
    expect(trades.length).toBeGreaterThanOrEqual(gaps.length + 1);
    for (const t of trades) expect(t['priceZecE9']).toBe(String(BigInt(t['priceZecE18'] as string) / 10n ** 9n));

    for (const [name, seconds] of Object.entries(CANDLE_INTERVALS)) {
      const expected = new Map<bigint, { oE18: bigint; hE18: bigint; lE18: bigint; cE18: bigint; volumeZec: bigint; trades: number }>();
      for (const t of trades) {
        const bucket = candleBucket(BigInt(t['at'] as number), seconds);
        const p = BigInt(t['priceZecE18'] as string);
        const c = expected.get(bucket);
        const counted = t['routed'] !== true;
        const volume = counted ? BigInt(t['zec'] as string) : 0n;
        if (!c) expected.set(bucket, { oE18: p, hE18: p, lE18: p, cE18: p, volumeZec: volume, trades: counted ? 1 : 0 });
        else expected.set(bucket, { oE18: c.oE18, hE18: p > c.hE18 ? p : c.hE18, lE18: p < c.lE18 ? p : c.lE18, cE18: p, volumeZec: c.volumeZec + volume, trades: c.trades + (counted ? 1 : 0) });
      }
      const answer = (await get(`/v1/coins/${coin}/candles?interval=${name}&limit=1000`)) as { interval: string; data: Json[] };
      const e9 = (p: bigint) => String(p / 10n ** 9n);
      expect(answer.data, name).toEqual(
        [...expected.entries()].map(([t, c]) => ({
          t: Number(t), o: e9(c.oE18), h: e9(c.hE18), l: e9(c.lE18), c: e9(c.cE18),
          oE18: String(c.oE18), hE18: String(c.hE18), lE18: String(c.lE18), cE18: String(c.cE18),
          volumeZec: String(c.volumeZec), trades: c.trades,
        })),
      );
      // Every interval has shape: more than one bucket, and the high-precision prices move inside them.
      expect(answer.data.length, name).toBeGreaterThan(1);
    }
    const hourly = ((await get(`/v1/coins/${coin}/candles?interval=1h&limit=1000`)) as { data: Json[] }).data;
    expect(hourly.some((c) => c['hE18'] !== c['lE18'])).toBe(true);
  });

  it('a chart asked again between two batches is the same answer, and the next batch is in the one after it', async () => {
    const chart = async () => (await get(`/v1/coins/${coin}/candles?interval=1d&limit=1000`)) as { data: { t: number; trades: number; volumeZec: string }[] };
    const first = await chart();
    expect(await chart()).toEqual(first); // kept: the index has not moved
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin, side: 'buy', amount: String(ZEC / 10n) }), [trader]);
    await f.indexed();
    const after = await chart();
    const traded = (c: { data: { trades: number }[] }) => c.data.reduce((sum, candle) => sum + candle.trades, 0);
    expect(traded(after)).toBe(traded(first) + 1);
    // An unknown coin still answers 404, kept answers or not.
    const missing = await call(f, 'GET', `/v1/coins/${trader.address}/candles?interval=1d`);
    expect(missing.status).toBe(404);
  });

  it("a coin's trade and holder pages, and the trades across coins, asked again between two batches are the same answers, and the next batch is in the ones after them", async () => {
    type Page = { data: Json[]; next: string | null };
    const tape = async (query = '') => (await get(`/v1/coins/${coin}/trades?limit=5${query}`)) as unknown as Page;
    const holders = async () => (await get(`/v1/coins/${coin}/holders?limit=5`)) as unknown as Page & { holders: number };
    const across = async () => (await get('/v1/trades?limit=5')) as unknown as Page;
    const [firstTape, firstHolders, firstAcross] = [await tape(), await holders(), await across()];
    expect(await across()).toEqual(firstAcross);
    const secondPage = await tape(`&cursor=${firstTape.next!}`);
    // Kept: the index has not moved. The second page is its own answer (the cursor is in the key).
    expect(await tape()).toEqual(firstTape);
    expect(await holders()).toEqual(firstHolders);
    expect(await tape(`&cursor=${firstTape.next!}`)).toEqual(secondPage);
    expect(secondPage.data[0]).not.toEqual(firstTape.data[0]);
    // A new wallet buys: the next answers have its trade first and count it among the holders.
    const buyer = await fundedWallet(f.sandbox, 10n * ZEC);
    const [sent] = await signAndSend(f, await build(f, '/v1/trade/build', { wallet: buyer.address, mint: coin, side: 'buy', amount: String(ZEC / 10n) }), [buyer]);
    await f.indexed();
    const after = await tape();
    expect(after.data[0]).toMatchObject({ signature: sent, user: buyer.address, side: 'buy' });
    expect(after.data.slice(1)).toEqual(firstTape.data.slice(0, 4));
    expect((await holders()).holders).toBe(firstHolders.holders + 1);
    expect((await across()).data.map((t) => t['signature'])).toEqual([sent, ...firstAcross.data.slice(0, 4).map((t) => t['signature'])]);
    // Wallet filters and unknown coins are not served another answer's bytes.
    expect((await tape(`&user=${buyer.address}`)).data.map((t) => t['signature'])).toEqual([sent]);
    expect((await call(f, 'GET', `/v1/coins/${trader.address}/trades`)).status).toBe(404);
    expect((await call(f, 'GET', `/v1/coins/${trader.address}/holders`)).status).toBe(404);
  });
});
