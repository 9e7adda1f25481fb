import { Type } from 'typebox';
import type { Address } from '@solana/kit';
import type { CoinRow, GraduationRow, HoldingRow } from '../../index/store/index-store.js';
import { Coin, pairBlockOf, stockKeyOf } from '../schemas/coin.js';
import { Graduated, presentGraduated } from '../schemas/graduation.js';
import { AddressString, Amount, Cursor, Limit, Page, SignedAmount, StringEnum } from '../schemas/common.js';
import { Params, readParams } from '../schemas/params.js';
import { DailyStats, presentDaily, presentStats, Stats } from '../schemas/stats.js';
import { presentTrade, Trade } from '../schemas/trade.js';
import type { Api, ApiContext } from '../api-context.js';
import { presentWalletBalances, WalletBalances } from '../schemas/wallet-balances.js';
import { readWalletHoldings } from '../../engine/wallet-holdings.js';
import { QUOTES, pairFilterOf } from '../route-kit/pair-filter.js';
import { addressOf } from '../route-kit/request-values.js';
import { coinContextFor, holdingValuer, stockReadingsFor, tradeStockOf } from '../route-kit/coin-context.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';
import { nextOffset, offsetOf, tradeCursorOf, tradeCursorText } from '../route-kit/page-cursors.js';
import { AnswerCache } from '../answer-cache.js';


/** A ZEC figure of a holding: null for a stock coin whose stock has no ZEC value (nothing is estimated). */
const ZecOrNull = (description: string) => Type.Union([Amount(description), Type.Null()]);

const Holding = Type.Object({
  mint: AddressString(),
  name: Type.String(),
  symbol: Type.String(),
  pair: Type.Optional(Coin.properties.pair),
  balance: Amount('raw coin units, from the trades the index saw'),
  costBasisZec: ZecOrNull('average cost of the balance, in zat (a stock coin\'s at its stock\'s ZEC value now)'),
  valueZec: Type.Union([Amount('the balance at the spot price now, in zat'), Type.Null()], { description: 'null while the coin has no ZEC value' }),
  realisedPnlZec: Type.Union([SignedAmount('zat'), Type.Null()]),
  unrealisedPnlZec: Type.Union([SignedAmount('zat: value less cost basis'), Type.Null()]),
  volumeZec: ZecOrNull("the wallet's counted volume in this coin, zat"),
});

export const Account = Type.Object({
  wallet: AddressString(),
  holdings: Type.Array(Holding),
  totals: Type.Object(
    { valueZec: Amount('zat'), costBasisZec: Amount('zat'), realisedPnlZec: SignedAmount('zat'), unrealisedPnlZec: SignedAmount('zat'), volumeZec: Amount('zat') },
    { description: 'over the holdings with a ZEC value' },
  ),
});

/** Params, stats, graduations, trades across coins and accounts. */
export function registerReadRoutes(app: Api, ctx: ApiContext): void {
  const { store } = ctx;
  const graduationPages = new AnswerCache();
  /** Pages of the trades across coins, kept the same way: every client's live tape asks for the newest between two batches. */
  const tradePages = new AnswerCache();

  app.get('/v1/params', { config: READS, schema: { summary: 'Chain and fee constants', tags: ['params'], response: { 200: Params, ...ERROR_RESPONSES } } }, async () =>
    readParams(ctx.chain, ctx.profile),
  );

  app.get('/v1/stats', { config: READS, schema: { summary: 'Statistics (ZEC-paired coins only)', tags: ['stats'], response: { 200: Stats, ...ERROR_RESPONSES } } }, async () =>
    presentStats(await store.stats()),
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
      const rows = (await store.dailyStats(0n, offset + limit)).slice(offset);
      return { data: rows.map(presentDaily), next: nextOffset(offset, limit, rows.length) };
    },
  );

  app.get(
    '/v1/graduations',
    {
      config: READS,
      schema: { summary: 'Graduated coins, newest first', tags: ['coins'], querystring: Type.Object({ limit: Limit, cursor: Cursor }), response: { 200: Page(Graduated, 'newest first'), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? 50;
      const offset = offsetOf(request.query.cursor);
      // Kept until the index moves, as the coin lists' pages are: a page of 30 graduated coins costs ten times its query.
      const key = JSON.stringify([limit, offset]);
      const mark = await store.queries.version();
      const kept = graduationPages.sendKept(reply, key, mark);
      if (kept) return kept;
      const coins = await store.queries.graduated(limit, offset);
      const c = await coinContextFor(ctx, coins);
      const graduations: GraduationRow[] = [];
      for (const coin of coins) graduations.push((await store.graduation(coin.mint))!);
      const answer = {
        data: coins.map((coin, i) => presentGraduated(coin, graduations[i]!, c)),
        next: nextOffset(offset, limit, coins.length),
      };
      // A page with a stock coin is not kept: its ZEC figures follow the stock's reading now.
      if (c.stocks !== undefined) return answer;
      return graduationPages.keepAndSend(reply, key, mark, answer);
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
          stock: Type.Optional(Type.String({ maxLength: 64, description: 'one of the 44 stock keys, exactly as written: only trades of coins paired with that stock; alone or with quote=stocks' })),
          user: Type.Optional(AddressString("only this wallet's trades")),
          limit: Limit,
          cursor: Cursor,
        }),
        response: { 200: Page(Trade, 'newest first'), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = JSON.stringify([q.quote ?? null, q.stock ?? null, q.user ?? null, q.limit ?? null, q.cursor ?? null]);
      const mark = await store.queries.version();
      const kept = tradePages.sendKept(reply, key, mark);
      if (kept) return kept;
      const pair = pairFilterOf(q.quote, q.stock);
      const limit = q.limit ?? 50;
      const user: Address | null = q.user === undefined ? null : addressOf(q.user, 'user');
      const page = await store.queries.trades({ pair, user, limit, before: tradeCursorOf(q.cursor) });
      const readings = await stockReadingsFor(ctx, [...page.pairs.values()]);
      const answer = { data: page.rows.map((t) => presentTrade(t, tradeStockOf(readings, page.pairs.get(t.mint)))), next: tradeCursorText(page.last, limit, page.rows.length) };
      // A page with a stock coin's trade is not kept: its ZEC figures follow the stock's reading now.
      if ([...page.pairs.values()].some((p) => stockKeyOf(p) !== null)) return answer;
      return tradePages.keepAndSend(reply, key, mark, answer);
    },
  );

  app.get(
    '/v1/accounts/:wallet/balances',
    {
      config: READS,
      schema: {
        summary: "A wallet's balances on chain (local addition)",
        description:
          'SOL, ZEC, the native coin and every listed coin the wallet has a token account of, read from chain now (not from the trades the index saw: coins that arrived by a plain transfer count). Not part of the hosted spec. The stream topic `wallet:<address>` sends the same answer after each change.',
        tags: ['accounts'],
        params: Type.Object({ wallet: AddressString('the wallet') }),
        response: { 200: WalletBalances, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const wallet = addressOf(request.params.wallet, 'wallet');
      const holdings = await readWalletHoldings(ctx.chain, wallet);
      return presentWalletBalances(holdings, { profile: ctx.profile, coin: (mint) => store.coin(mint) }, (coins) => coinContextFor(ctx, coins, { risk: false }));
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
      const coins: CoinRow[] = [];
      const held: HoldingRow[] = [];
      for (const mint of await store.queries.heldBy(wallet)) {
        coins.push((await store.coin(mint))!);
        held.push((await store.holding(mint, wallet))!);
      }
      const c = await coinContextFor(ctx, coins, { risk: false });
      const holdings = coins.map((coin, i) => {
        const h = held[i]!;
        const pair = pairBlockOf(coin, c);
        // A stock coin's figures are kept in its stock's raw units: valued at the stock's rate now, or null.
        const { at: valuedAt, valued } = holdingValuer(coin, c);
        const figures = {
          costBasisZec: valuedAt(h.costBasisZec),
          valueZec: valued ? valuedAt(h.valueZec) : null,
          realisedPnlZec: valuedAt(h.realisedPnlZec),
          unrealisedPnlZec: valued ? valuedAt(h.unrealisedPnlZec) : null,
          volumeZec: valuedAt(h.volumeZec),
        };
        const text = (v: bigint | null) => (v === null ? null : String(v));
        return {
          mint: coin.mint,
          name: coin.name,
          symbol: coin.symbol,
          ...(pair ? { pair } : {}),
          balance: String(h.balance),
          costBasisZec: text(figures.costBasisZec),
          valueZec: text(figures.valueZec),
          realisedPnlZec: text(figures.realisedPnlZec),
          unrealisedPnlZec: text(figures.unrealisedPnlZec),
          volumeZec: text(figures.volumeZec),
          figures,
        };
      });
      const sum = (f: (h: (typeof holdings)[number]['figures']) => bigint | null) => String(holdings.reduce((s, h) => s + (f(h.figures) ?? 0n), 0n));
      return {
        wallet,
        holdings: holdings.map(({ figures: _figures, ...shown }) => shown),
        totals: { valueZec: sum((h) => h.valueZec), costBasisZec: sum((h) => h.costBasisZec), realisedPnlZec: sum((h) => h.realisedPnlZec), unrealisedPnlZec: sum((h) => h.unrealisedPnlZec), volumeZec: sum((h) => h.volumeZec) },
      };
    },
  );
}
