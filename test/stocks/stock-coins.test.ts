import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { findBondingCurve } from '../../core/programs/launchpad/pdas.js';
import { decodeToken2022Mint, multiplierInForce } from '../../core/programs/token-2022/mint.js';
import { decodePriceRecord, findPriceRecord } from '../../core/programs/vault/price-record.js';
import { multiplierText } from '../../core/math/multiplier.js';
import { SANDBOX_STOCK_PAIRS } from '../../core/sandbox/genesis/stock-pairs.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';

type Json = Record<string, unknown>;

/**
 * Stock coins in every read, against values computed here from the chain: the stock pair block (raw,
 * display with the multiplier, ZEC at the vault's rate), trades with their `stock` block, candles with
 * `raw`, holdings, the quote and stock filters, and the 404s and refusals the spec names.
 */
describe('stock coins in the reads', () => {
  let f: ApiFixture;
  beforeAll(async () => {
    f = await startApi();
    await f.indexed();
  }, 60_000);
  afterAll(() => f.close());

  const get = async (path: string) => {
    const answer = await call(f, 'GET', path);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const stockOf = (key: string) => f.sandbox.profile.stocks!.stocks.find((s) => s.key === key)!;
  const rateOf = (key: string) => {
    const account = f.sandbox.cluster.getAccount(priceRecords.get(key)!);
    return account ? decodePriceRecord(account.data).reference : null;
  };
  const priceRecords = new Map<string, import('@solana/kit').Address>();
  beforeAll(async () => {
    for (const entry of f.sandbox.profile.stocks!.stocks) priceRecords.set(entry.key, await findPriceRecord(f.sandbox.profile.programs['vault']!, entry.mint));
  });

  it('quote=stocks lists the stock coins only, each with the stock pair block computed from chain', async () => {
    const list = (await get('/v1/coins?quote=stocks&limit=100'))['data'] as Json[];
    expect(list.map((c) => (c['pair'] as Json)['key']).sort()).toEqual(SANDBOX_STOCK_PAIRS.map((p) => p.key).sort());
    for (const coin of list) {
      const pair = coin['pair'] as Json;
      const entry = stockOf(pair['key'] as string);
      const mint = decodeToken2022Mint(f.sandbox.cluster.getAccount(entry.mint)!)!;
      const multiplier = multiplierText(multiplierInForce(mint.scaledUiAmount!, f.sandbox.cluster.unixTimestamp));
      const curve = decodeBondingCurve(f.sandbox.cluster.getAccount(await findBondingCurve(f.sandbox.profile.programs['launchpad']!, coin['mint'] as never))!.data);
      expect(pair).toMatchObject({ kind: 'stock', quoteMint: entry.mint, decimals: entry.decimals, tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', multiplier, issuer: entry.issuer });
      // raw: the curve's price of one whole coin (1e6 raw) in the stock's raw units, times 1e9; the supply at it.
      const priceE9 = (10n ** 15n * curve.virtualQuoteReserves) / curve.virtualTokenReserves;
      const marketCap = (curve.tokenTotalSupply * curve.virtualQuoteReserves) / curve.virtualTokenReserves;
      expect((pair['raw'] as Json)['priceE9']).toBe(String(priceE9));
      expect((pair['raw'] as Json)['marketCap']).toBe(String(marketCap));
      // display: raw × multiplier ÷ 10^decimals, rounded down.
      const [whole, fraction = ''] = multiplier.split('.');
      const scaled = (raw: bigint) => (raw * BigInt(whole! + fraction)) / 10n ** BigInt(fraction.length);
      const text = (units: bigint, places: number) => {
        const s = units.toString().padStart(places + 1, '0');
        const f2 = s.slice(s.length - places).replace(/0+$/, '');
        return f2 ? `${s.slice(0, s.length - places)}.${f2}` : s.slice(0, s.length - places);
      };
      expect((pair['display'] as Json)['marketCap']).toBe(text(scaled(marketCap), entry.decimals));
      // ZEC: the vault's reference rate: marketCapZec is the supply at the curve's price, valued at it, floored once.
      const rate = rateOf(entry.key)!;
      expect(pair['zec']).toEqual({ available: true, source: 'reference', zatPerWholeRawE12: String(rate) });
      expect(coin['marketCapZec']).toBe(String((curve.tokenTotalSupply * curve.virtualQuoteReserves * rate) / (curve.virtualTokenReserves * 10n ** 12n)));
      expect(pair['disclosure']).toEqual(expect.arrayContaining([expect.stringMatching(/tokenized stock/), expect.stringMatching(/share multiplier/)]));
      expect(pair['open']).toBe(true);
    }
    // stock=<key> alone or with quote=stocks; a ZEC list has none of them.
    const one = (await get('/v1/coins?stock=tslax'))['data'] as Json[];
    expect(one.map((c) => (c['pair'] as Json)['key'])).toEqual(['tslax']);
    expect(((await get('/v1/coins?quote=stocks&stock=pfe'))['data'] as Json[]).length).toBe(1);
    expect(((await get('/v1/coins?stock=amd'))['data'] as Json[]).length).toBe(0);
    const zec = (await get('/v1/coins?quote=zec&limit=100'))['data'] as Json[];
    expect(zec.some((c) => c['pair'] !== undefined)).toBe(false);
  });

  it('the detail adds volumeTotal and creatorFees; trades carry the stock block; candles carry raw', async () => {
    const coin = ((await get('/v1/coins?stock=nvdax'))['data'] as Json[])[0]!;
    const mint = coin['mint'] as string;
    const detail = await get(`/v1/coins/${mint}`);
    const trades = (await get(`/v1/coins/${mint}/trades`))['data'] as Json[];
    expect(trades).toHaveLength(3);
    const rate = rateOf('nvdax')!;
    let volume = 0n;
    let fees = 0n;
    for (const t of trades) {
      const stock = t['stock'] as Json;
      const raw = stock['raw'] as Json;
      volume += BigInt(raw['amount'] as string);
      fees += BigInt(raw['creatorFee'] as string);
      expect(stock).toMatchObject({ key: 'nvdax', symbol: 'NVDAx', decimals: 8 });
      expect(t['zec']).toBe(String((BigInt(raw['amount'] as string) * rate) / 10n ** 12n));
      // The trade's own price in the stock's raw units per whole coin × 1e9, as the pair block's raw.priceE9:
      // what it paid its venue before fees (amount less fees on a buy, plus them on a sale) × 1e15 / coin units.
      expect(BigInt(raw['priceE9'] as string)).toBeGreaterThan(10n ** 8n);
    }
    const spot = BigInt(((coin['pair'] as Json)['raw'] as Json)['priceE9'] as string);
    const lastPrice = BigInt((((trades[0]!['stock'] as Json)['raw'] as Json)['priceE9']) as string);
    // The last trade's price and the curve's spot price now are the same figure, a trade's worth apart (not 1e8 apart).
    expect(lastPrice * 2n > spot && lastPrice < spot * 2n).toBe(true);
    expect(detail['volumeTotal']).toBe(String(volume));
    expect(detail['creatorFees']).toBe(String(fees));
    expect(detail['volumeZec']).toBe(String((volume * rate) / 10n ** 12n));
    const candles = (await get(`/v1/coins/${mint}/candles?interval=1d`))['data'] as Json[];
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.reduce((s, c) => s + BigInt((c['raw'] as Json)['volume'] as string), 0n)).toBe(volume);
    // The last candle closes at the last trade's raw price, in the same unit.
    expect((candles.at(-1)!['raw'] as Json)['c']).toBe((((trades[0]!['stock'] as Json)['raw'] as Json)['priceE9']) as string);
    // The holders read values a holding as the accounts read does: the stock's raw units at its ZEC rate now.
    const holders = (await get(`/v1/coins/${mint}/holders`))['data'] as Json[];
    for (const h of holders) {
      const held = ((await get(`/v1/accounts/${h['wallet'] as string}`))['holdings'] as Json[]).find((x) => x['mint'] === mint)!;
      expect([h['costBasisZec'], h['valueZec'], h['realisedPnlZec'], h['unrealisedPnlZec']]).toEqual([held['costBasisZec'], held['valueZec'], held['realisedPnlZec'], held['unrealisedPnlZec']]);
    }
    // /v1/trades filters too.
    const all = (await get('/v1/trades?quote=stocks&limit=100'))['data'] as Json[];
    expect(all).toHaveLength(9);
    expect(all.every((t) => t['stock'] !== undefined)).toBe(true);
  });

  it('a stock without a ZEC value: ZEC fields null, nothing estimated', async () => {
    // pfe has a reference; take it away by pausing nothing — instead read a holding of a coin whose stock has none:
    // the sandbox's coins are paired with valued stocks, so check the rule on the pair block of a stock with no record.
    const status = await f.stocks.read();
    const unvalued = status.stocks.find((s) => !s.zec.available)!;
    expect(unvalued.zec).toEqual({ available: false, source: null, zatPerWholeRawE12: null });
  });

  it('holdings show the pair; the quote and fees of a stock coin are 404; builds and Zcash orders are refused in plain words', async () => {
    const coin = ((await get('/v1/coins?stock=tslax'))['data'] as Json[])[0]!;
    const mint = coin['mint'] as string;
    const trade = ((await get(`/v1/coins/${mint}/trades`))['data'] as Json[])[0]!;
    const account = await get(`/v1/accounts/${trade['user'] as string}`);
    const holding = (account['holdings'] as Json[]).find((h) => h['mint'] === mint)!;
    expect((holding['pair'] as Json)['key']).toBe('tslax');
    expect(holding['valueZec']).not.toBeNull();

    const quote = await call(f, 'GET', `/v1/coins/${mint}/quote?side=buy&amount=100000`);
    expect([quote.status, codeOf(quote)]).toEqual([404, 'not_found']);
    const fees = await call(f, 'GET', `/v1/coins/${mint}/fees`);
    expect([fees.status, codeOf(fees)]).toEqual([404, 'not_found']);
    const build = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trade['user'], mint, side: 'buy', amount: '100000' } });
    expect([build.status, codeOf(build)]).toEqual([422, 'refused']);
    expect(messageOf(build)).toMatch(/paired with a tokenized stock: this API builds no trade of a stock coin/);
    const zcash = await call(f, 'POST', '/v1/zcash/orders', { body: { mint } });
    expect([zcash.status, codeOf(zcash)]).toEqual([404, 'coin_unknown']);
    const other = await call(f, 'POST', '/v1/zcash/quote', { body: { mint: f.mint } });
    expect([other.status, codeOf(other), messageOf(other)]).toEqual([404, 'not_offered', 'Zcash wallet orders are not offered by this server: buy with ZEC on Solana through POST /v1/trade/build']);
    const bad = await call(f, 'GET', '/v1/coins?stock=NVDAX');
    expect([bad.status, codeOf(bad)]).toEqual([400, 'invalid_param']);
    expect(messageOf(bad)).toMatch(/^stock: "NVDAX" is not a stock key: the keys are nvdax, /);
    const mixed = await call(f, 'GET', '/v1/coins?quote=zec&stock=nvdax');
    expect(messageOf(mixed)).toBe('stock: a stock key goes alone or with quote=stocks, not with quote=zec');
    // The stats count ZEC-paired coins only.
    const stats = await get('/v1/stats');
    const zecCoins = ((await get('/v1/coins?quote=zec&limit=100'))['data'] as Json[]).length;
    expect(stats['coins']).toBe(zecCoins);
  });

  it("a stock coin's pair block says why new money cannot go in: each closed reason, from the issuer status", async () => {
    const pairOf = async () => (((await get('/v1/coins?stock=tslax'))['data'] as Json[])[0]!['pair'] as Json);
    expect(await pairOf()).toMatchObject({ open: true, closed: null });
    await f.sandbox.stockAdmin('tslax', { action: 'hold', reason: 'stock-switch-off' });
    expect(await pairOf()).toMatchObject({ open: false, closed: { reason: 'stock-switch-off' } });
    await f.sandbox.stockAdmin('tslax', { action: 'hold', reason: 'review' });
    expect(await pairOf()).toMatchObject({ open: false, closed: { reason: 'review' } });
    await f.sandbox.stockAdmin('tslax', { action: 'release' });
    await f.sandbox.stockAdmin('all', { action: 'pairs', on: false });
    expect(await pairOf()).toMatchObject({ open: false, closed: { reason: 'stocks-off' } });
    await f.sandbox.stockAdmin('all', { action: 'pairs', on: true });
    expect(await pairOf()).toMatchObject({ open: true, closed: null });
    // The issuer's own change: shown once the 15-second answer is read again.
    await f.sandbox.stockAdmin('tslax', { action: 'pause' });
    expect(await pairOf()).toMatchObject({ open: true });
    f.clock += 15_000;
    expect(await pairOf()).toMatchObject({ open: false, closed: { reason: 'issuer-changed' } });
    await f.sandbox.stockAdmin('tslax', { action: 'resume' });
  });

  it("the push stream presents a stock coin's trades as the reads do: the stock block, ZEC at the stock's rate now", async () => {
    const mint = (((await get('/v1/coins?stock=nvdax'))['data'] as Json[])[0]!['mint'] as string);
    const rate = rateOf('nvdax')!;
    const socket = new WebSocket(`ws://127.0.0.1:${f.port}/v1/stream`);
    const trades: Json[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${trades.length} trades came`)), 10_000);
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; events?: { kind: string; data: Json }[] };
        for (const event of frame.events ?? []) if (event.kind === 'trade') trades.push(event.data);
        if (trades.length === 3) {
          clearTimeout(timer);
          resolve();
        }
      });
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics: [`trades:${mint}`], since: 0 })));
    });
    socket.close();
    for (const t of trades) {
      const raw = (t['stock'] as Json)['raw'] as Json;
      expect(t['zec']).toBe(String((BigInt(raw['amount'] as string) * rate) / 10n ** 12n));
    }
  });

  it("a stock coin's trades, alone and across coins, follow its stock's reading now while the index stands still: such pages are never kept answers", async () => {
    const key = SANDBOX_STOCK_PAIRS.map((pair) => pair.key).find((k) => 'scaled UI multiplier authority' in stockOf(k).roles)!;
    const mint = (((await get(`/v1/coins?stock=${key}`))['data'] as Json[])[0]!['mint'] as string);
    const shownAt = async (path: string) => {
      const first = ((await get(path))['data'] as Json[])[0]!;
      return (first['stock'] as Json)['display'] as Json;
    };
    const shown = () => shownAt(`/v1/coins/${mint}/trades`);
    const acrossCoins = () => shownAt(`/v1/trades?stock=${key}`);
    const before = await shown();
    const beforeAcross = await acrossCoins();
    expect(await shown()).toEqual(before);
    expect(await acrossCoins()).toEqual(beforeAcross);
    // The index stops taking the chain in (the last case of the file), so only the stock's reading moves.
    await f.ingestor.idle();
    f.ingestor.stop();
    const mark = await f.reads.queries.version();
    await f.sandbox.stockAdmin(key, { action: 'multiplier-move', to: '0.5' });
    f.clock += 15_000; // past the issuer status's 15-second cache
    expect(await f.reads.queries.version()).toBe(mark);
    // Half the shares per raw unit: the amount shown halves, on the same page of the same index.
    const after = await shown();
    expect(after['amount']).not.toBe(before['amount']);
    expect(Number(after['amount']) * 2).toBeCloseTo(Number(before['amount']), 6);
    // The trades across coins likewise (a page holding a stock coin's trade is not kept).
    expect(Number((await acrossCoins())['amount']) * 2).toBeCloseTo(Number(beforeAcross['amount']), 6);
  });
});
