import { coinMetadataLinks } from '../../content/coin-links.js';
import { Type } from 'typebox';
import type { Address } from '@solana/kit';
import { CANDLE_INTERVALS } from '../../index/candles.js';
import { COIN_SORTS } from '../../index/store/index-queries.js';
import type { CoinRow } from '../../index/store/index-store.js';
import { Candle, CANDLE_INTERVAL_NAMES, presentCandle } from '../schemas/candle.js';
import { Coin, CoinDetail, presentCoin, routeOf, STAGES, stockKeyOf, type CoinContext } from '../schemas/coin.js';
import { invalidParam, notFound } from '../api-error.js';
import { AnswerCache } from '../answer-cache.js';
import { AddressString, Cursor, Limit, MintParams, Page, StringEnum } from '../schemas/common.js';
import { CoinFees, presentFees } from '../schemas/fees.js';
import { presentTrade, Trade } from '../schemas/trade.js';
import type { Api, ApiContext } from '../api-context.js';
import { addressOf } from '../route-kit/request-values.js';
import { coinContextFor, stockRatesOf, stockReadingsFor, tradeStockOf } from '../route-kit/coin-context.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';
import { listedCoinKeyOf, listedCoinOf } from '../route-kit/coin-lookup.js';
import { nextOffset, offsetOf, tradeCursorOf, tradeCursorText } from '../route-kit/page-cursors.js';
import { pairFilterOf, QUOTES } from '../route-kit/pair-filter.js';

/** Chart answers kept (the candles route's cache). */
const CHARTS_KEPT = 64;
/** Trade pages kept (the coin trades route's cache): a page of 50 trades is about 25 KB. */
const TRADE_PAGES_KEPT = 128;

/** The coin reads: list, search, detail, trades, candles, fees. */
export function registerCoinRoutes(app: Api, ctx: ApiContext): void {
  const { store } = ctx;
  /** Coin list pages, kept while the index does not move (answer-cache.ts). */
  const pages = new AnswerCache();
  /**
   * Chart answers, kept the same way: a busy coin's chart is asked for by every client watching it between two
   * batches, and 500 candles cost a millisecond to read and present. Few, since one is up to 1,000 candles
   * (about 230 KB): enough for the coins being watched, not for every coin a crawler walks through.
   */
  const charts = new AnswerCache(CHARTS_KEPT);
  /**
   * A coin's trade pages, kept the same way: the tape of a busy coin is asked for by every client watching it
   * between two batches, and its rows lie on as many pages of the file as it has trades on the page.
   */
  const tradePages = new AnswerCache(TRADE_PAGES_KEPT);
  /** A listed coin (or the native coin itself, for its own list and chart). */
  const coinOf = (mint: string, options: { allowNative: boolean }): Promise<CoinRow> => listedCoinOf(ctx, mint, options);

  app.get(
    '/v1/coins',
    {
      config: READS,
      schema: {
        summary: 'List coins',
        tags: ['coins'],
        querystring: Type.Object({
          sort: Type.Optional(StringEnum(COIN_SORTS, '`trending` (24 h volume) by default; `new`, `volume`, `marketCap`, `lastTrade`, `progress` (curves closest to completion first)')),
          limit: Limit,
          cursor: Cursor,
          quote: Type.Optional(StringEnum(QUOTES, 'only coins paired with ZEC, with the native coin, or with a stock')),
          stock: Type.Optional(Type.String({ maxLength: 64, description: 'one of the 44 stock keys, exactly as written: only coins paired with that stock (a stock not open yet is taken too); alone or with quote=stocks' })),
          stage: Type.Optional(StringEnum(STAGES, 'only coins in this stage')),
          top10Above: Type.Optional(Type.Integer({ description: 'local addition: only coins whose ten largest holders hold more than this percent of the supply (0 to 100)' })),
          deployerSold: Type.Optional(StringEnum(['true', 'false'] as const, 'local addition: only coins whose deployer sold (true) or never sold (false)')),
          bundled: Type.Optional(StringEnum(['true', 'false'] as const, 'local addition: only bundled launches (true) or only others (false)')),
        }),
        response: { 200: Page(Coin, 'coins in the order asked'), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const pair = pairFilterOf(q.quote, q.stock);
      const limit = q.limit ?? 50;
      const offset = offsetOf(q.cursor);
      const sort = q.sort ?? 'trending';
      const stage = q.stage ?? null;
      if (q.top10Above !== undefined && (q.top10Above < 0 || q.top10Above > 100)) throw invalidParam('top10Above', 'is a percent from 0 to 100');
      const risk = { top10Above: q.top10Above ?? null, deployerSold: q.deployerSold === undefined ? null : q.deployerSold === 'true', bundled: q.bundled === undefined ? null : q.bundled === 'true' };
      const stockRates = sort === 'volume' || sort === 'marketCap' ? await stockRatesOf(ctx) : undefined;
      // The order's stock rates are part of what the page is a function of (they move without the index).
      const key = JSON.stringify([sort, limit, offset, pair, stage, risk, stockRates ?? null]);
      const mark = await store.queries.version();
      const kept = pages.sendKept(reply, key, mark);
      if (kept) return kept;
      const rows = await store.queries.coins({ sort, limit, offset, pair, stage, risk, ...(stockRates ? { stockRates } : {}) });
      const c = await coinContextFor(ctx, rows);
      const answer = { data: rows.map((row) => presentCoin(row, c)), next: nextOffset(offset, limit, rows.length) };
      // A page with a stock coin is not kept: its ZEC figures follow the stock's reading now and a 24-hour window.
      if (c.stocks !== undefined) return answer;
      return pages.keepAndSend(reply, key, mark, answer);
    },
  );

  app.get(
    '/v1/coins/search',
    {
      config: READS,
      schema: {
        summary: 'Search coins by mint, name or ticker',
        tags: ['coins'],
        querystring: Type.Object({ q: Type.String({ minLength: 1, maxLength: 64, description: 'a mint, or part of a name or ticker' }), limit: Limit }),
        response: { 200: Page(Coin, 'best matches first: an exact ticker, then by volume'), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const rows = await store.queries.search(request.query.q, limit);
      const c = await coinContextFor(ctx, rows);
      return { data: rows.map((row) => presentCoin(row, c)), next: null };
    },
  );

  app.get(
    '/v1/coins/:mint',
    { config: READS, schema: { summary: 'Coin detail', tags: ['coins'], params: MintParams, response: { 200: CoinDetail, ...ERROR_RESPONSES } } },
    async (request) => {
      // The coin and its risk figures read at once: on a replica each is a round trip to PostgreSQL.
      const [coin, risk] = await Promise.all([coinOf(request.params.mint, { allowNative: true }), ctx.store.risk(request.params.mint as Address)]);
      const c: CoinContext = { ...(await coinContextFor(ctx, [coin], { risk: false })), risk: () => risk };
      const presented = presentCoin(coin, c);
      // An addition: the description and links of a metadata document this server holds.
      const metadata = ctx.content ? await coinMetadataLinks(ctx.content, coin.uri) : null;
      const shown = metadata ? { ...presented, metadata } : presented;
      // A stock coin's detail adds its raw totals (spec, "Stock pair block": volumeTotal and creatorFees).
      if (stockKeyOf(coin.pair) !== null) return { ...shown, volumeTotal: String(coin.volumeZec), creatorFees: String(coin.creatorFeesZec) };
      const pair = ctx.profile.pairs?.native;
      if (coin.pair !== 'native' || !pair) return shown;
      const programs = { launchpad: ctx.profile.programs['launchpad']!, amm: ctx.profile.programs['amm']! };
      return { ...shown, route: await routeOf(coin, programs, pair, ctx.profile.mints.zec.address) };
    },
  );

  app.get(
    '/v1/coins/:mint/trades',
    {
      config: READS,
      schema: {
        summary: 'Trades of a coin, newest first',
        description: "The native coin's own list, without `user`, also carries each route's pool side with `routed: true` (never counted).",
        tags: ['coins', 'trades'],
        params: MintParams,
        querystring: Type.Object({ user: Type.Optional(AddressString('only this wallet\'s trades')), limit: Limit, cursor: Cursor }),
        response: { 200: Page(Trade, 'newest first'), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = JSON.stringify([request.params.mint, q.user ?? null, q.limit ?? null, q.cursor ?? null]);
      const mark = await store.queries.version();
      const kept = tradePages.sendKept(reply, key, mark);
      if (kept) return kept;
      const coin = await listedCoinKeyOf(ctx, request.params.mint, { allowNative: true });
      const user: Address | null = q.user === undefined ? null : addressOf(q.user, 'user');
      const limit = q.limit ?? 50;
      const page = await store.queries.coinTrades(coin.mint, { user, routed: coin.kind === 'native' && user === null, limit, before: tradeCursorOf(q.cursor) });
      const next = tradeCursorText(page.last, limit, page.rows.length);
      // A stock coin's trades carry its stock's reading now; any other coin's page is a function of the index alone: it is kept.
      if (stockKeyOf(coin.pair) !== null) {
        const stock = tradeStockOf(await stockReadingsFor(ctx, [coin.pair]), coin.pair);
        return { data: page.rows.map((t) => presentTrade(t, stock)), next };
      }
      return tradePages.keepAndSend(reply, key, mark, { data: page.rows.map((t) => presentTrade(t, null)), next });
    },
  );

  app.get(
    '/v1/coins/:mint/candles',
    {
      config: READS,
      schema: {
        summary: 'Candles of a coin, oldest first',
        tags: ['coins'],
        params: MintParams,
        querystring: Type.Object({
          interval: Type.Optional(StringEnum(CANDLE_INTERVAL_NAMES, 'bucket size, `1m` by default')),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000, default: 300, description: 'candles, 1 to 1000 (default 300)' })),
          before: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 40, description: 'only buckets starting before this unix second' })),
        }),
        response: { 200: Type.Object({ interval: Type.String(), data: Type.Array(Candle) }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const interval = request.query.interval ?? '1m';
      const seconds = CANDLE_INTERVALS[interval];
      const limit = request.query.limit ?? 300;
      const before = request.query.before === undefined ? null : BigInt(request.query.before);
      const key = JSON.stringify([request.params.mint, interval, limit, request.query.before ?? null]);
      const mark = await store.queries.version();
      const kept = charts.sendKept(reply, key, mark);
      if (kept) return kept;
      // The listing and the candles read at once (on a replica each is a round trip to PostgreSQL); the candles
      // are shown only once the listing allows it.
      const [coin, candles] = await Promise.all([listedCoinKeyOf(ctx, request.params.mint, { allowNative: true }), store.queries.candles(request.params.mint as Address, seconds, limit, before)]);
      // A stock coin's candles: raw under `raw`, o..c and volumeZec at its stock's ZEC value now. Any other
      // coin's answer needs no stock reading, and is a function of the index alone: it is kept.
      if (stockKeyOf(coin.pair) !== null) {
        const stock = tradeStockOf(await stockReadingsFor(ctx, [coin.pair]), coin.pair);
        const rate = stock?.reading?.zec.zatPerWholeRawE12 ?? null;
        return { interval, data: candles.map((candle) => presentCandle(candle, rate)) };
      }
      return charts.keepAndSend(reply, key, mark, { interval, data: candles.map((candle) => presentCandle(candle)) });
    },
  );

  app.get(
    '/v1/coins/:mint/fees',
    { config: READS, schema: { summary: 'Fee totals of a coin', tags: ['coins'], params: MintParams, response: { 200: CoinFees, ...ERROR_RESPONSES } } },
    async (request) => {
      const coin = await coinOf(request.params.mint, { allowNative: false });
      if (stockKeyOf(coin.pair) !== null) throw notFound(`no fees of ${coin.mint}: a stock coin's fees are not in this API (spec)`);
      return presentFees((await store.fees(coin.mint))!);
    },
  );
}
