import { Type } from 'typebox';
import type { Address } from '@solana/kit';
import { Coin, pairBlockOf, type CoinContext } from '../schemas/coin.js';
import { Graduated, presentGraduated } from '../schemas/graduation.js';
import { AddressString, Amount, Cursor, Limit, Page, SignedAmount } from '../schemas/common.js';
import { Params, readParams } from '../schemas/params.js';
import { DailyStats, presentDaily, presentStats, Stats } from '../schemas/stats.js';
import { presentTrade, Trade } from '../schemas/trade.js';
import type { Api, ApiContext } from '../server.js';
import { QUOTES } from './coins.js';
import { addressOf, coinContext, ERROR_RESPONSES, nextOffset, offsetOf, READS, refuseStock, StringEnum, tradeCursorOf, tradeCursorText } from './query.js';


const Holding = Type.Object({
  mint: AddressString(),
  name: Type.String(),
  symbol: Type.String(),
  pair: Type.Optional(Coin.properties.pair),
  balance: Amount('raw coin units, from the trades the index saw'),
  costBasisZec: Amount('average cost of the balance, in zat'),
  valueZec: Type.Union([Amount('the balance at the spot price now, in zat'), Type.Null()], { description: 'null while the coin has no ZEC value' }),
  realisedPnlZec: SignedAmount('zat'),
  unrealisedPnlZec: SignedAmount('zat: value less cost basis'),
  volumeZec: Amount("the wallet's counted volume in this coin, zat"),
});

export const Account = Type.Object({
  wallet: AddressString(),
  holdings: Type.Array(Holding),
  totals: Type.Object({ valueZec: Amount('zat'), costBasisZec: Amount('zat'), realisedPnlZec: SignedAmount('zat'), unrealisedPnlZec: SignedAmount('zat'), volumeZec: Amount('zat') }),
});

/** Params, stats, graduations, trades across coins, accounts, and the stock issuers' status (off). */
export function registerReadRoutes(app: Api, ctx: ApiContext): void {
  const { store } = ctx;
  const context = (): CoinContext => coinContext(ctx);

  app.get('/v1/params', { config: READS, schema: { summary: 'Chain and fee constants', tags: ['params'], response: { 200: Params, ...ERROR_RESPONSES } } }, async () =>
    readParams(ctx.chain, ctx.profile),
  );

  app.get('/v1/stats', { config: READS, schema: { summary: 'Statistics (ZEC-paired coins only)', tags: ['stats'], response: { 200: Stats, ...ERROR_RESPONSES } } }, async () =>
    presentStats(store.stats()),
  );

  app.get(
    '/v1/stats/daily',
    {
      config: READS,
      schema: {
        summary: 'Daily statistics, newest day first',
        tags: ['stats'],
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30, description: 'days, 1 to 366 (default 30)' })), cursor: Cursor }),
        response: { 200: Page(DailyStats, 'UTC days with activity, newest first'), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 30;
      const offset = offsetOf(request.query.cursor);
      const rows = store.dailyStats(0n, offset + limit).slice(offset);
      return { data: rows.map(presentDaily), next: nextOffset(offset, limit, rows.length) };
    },
  );

  app.get(
    '/v1/graduations',
    {
      config: READS,
      schema: { summary: 'Graduated coins, newest first', tags: ['coins'], querystring: Type.Object({ limit: Limit, cursor: Cursor }), response: { 200: Page(Graduated, 'newest first'), ...ERROR_RESPONSES } },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = offsetOf(request.query.cursor);
      const coins = store.queries.graduated(limit, offset);
      const c = context();
      return {
        data: coins.map((coin) => presentGraduated(coin, store.graduation(coin.mint)!, c)),
        next: nextOffset(offset, limit, coins.length),
      };
    },
  );

  app.get(
    '/v1/trades',
    {
      config: READS,
      schema: {
        summary: 'Trades across coins, newest first',
        description: 'A native route is listed once, as the paired coin\'s trade; the routed pool side never appears here.',
        tags: ['trades'],
        querystring: Type.Object({
          quote: Type.Optional(StringEnum(QUOTES, 'only trades of coins paired with ZEC, the native coin, or a stock')),
          stock: Type.Optional(Type.String({ maxLength: 64, description: 'one of the 44 stock keys (stock pairs are off here: any value is refused)' })),
          user: Type.Optional(AddressString("only this wallet's trades")),
          limit: Limit,
          cursor: Cursor,
        }),
        response: { 200: Page(Trade, 'newest first'), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const q = request.query;
      refuseStock(q.stock);
      const limit = q.limit ?? 50;
      if (q.quote === 'stocks') return { data: [], next: null };
      const user: Address | null = q.user === undefined ? null : addressOf(q.user, 'user');
      const page = store.queries.trades({ pair: q.quote ?? null, user, limit, before: tradeCursorOf(q.cursor) });
      return { data: page.rows.map(presentTrade), next: tradeCursorText(page.last, limit, page.rows.length) };
    },
  );

  app.get(
    '/v1/accounts/:wallet',
    {
      config: READS,
      schema: {
        summary: "A wallet's holdings, cost basis and PnL",
        description: 'From the trades the index saw: tokens that arrived otherwise carry no cost basis. The routed side of a route is never counted.',
        tags: ['accounts'],
        params: Type.Object({ wallet: AddressString('the wallet') }),
        response: { 200: Account, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const wallet = addressOf(request.params.wallet, 'wallet');
      const c = context();
      const holdings = store.queries.heldBy(wallet).map((mint) => {
        const h = store.holding(mint, wallet)!;
        const coin = store.coin(mint)!;
        const pair = pairBlockOf(coin, c);
        const valued = coin.pair !== 'native' || c.nativeRate !== null;
        return {
          mint,
          name: coin.name,
          symbol: coin.symbol,
          ...(pair ? { pair } : {}),
          balance: String(h.balance),
          costBasisZec: String(h.costBasisZec),
          valueZec: valued ? String(h.valueZec) : null,
          realisedPnlZec: String(h.realisedPnlZec),
          unrealisedPnlZec: String(h.unrealisedPnlZec),
          volumeZec: String(h.volumeZec),
          raw: h,
        };
      });
      const sum = (f: (h: (typeof holdings)[number]['raw']) => bigint) => String(holdings.reduce((s, h) => s + f(h.raw), 0n));
      return {
        wallet,
        holdings: holdings.map(({ raw: _raw, ...shown }) => shown),
        totals: { valueZec: sum((h) => h.valueZec), costBasisZec: sum((h) => h.costBasisZec), realisedPnlZec: sum((h) => h.realisedPnlZec), unrealisedPnlZec: sum((h) => h.unrealisedPnlZec), volumeZec: sum((h) => h.volumeZec) },
      };
    },
  );
}
