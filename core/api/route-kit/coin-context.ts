import type { StockReading } from '../../stocks/issuer-status.js';
import type { CoinRow } from '../../index/store/index-store.js';
import type { ApiContext } from '../api-context.js';
import { stockKeyOf, type CoinContext } from '../schemas/coin.js';
import type { TradeStock } from '../schemas/trade.js';

/**
 * What coin presentation needs besides the row: the native pair and its ZEC rate now. The rate is read
 * when first asked for (a native-paired coin, an account's holdings), once: most answers show no native
 * coin, and the read is a statement of its own on every coin route.
 */
export function coinContext(ctx: ApiContext): CoinContext {
  let rate: CoinContext['nativeRate'] = null;
  let read = false;
  return {
    nativePair: ctx.profile.pairs?.native,
    risk: (mint) => ctx.store.risk(mint),
    get nativeRate() {
      if (!read) {
        rate = ctx.store.nativeRate();
        read = true;
      }
      return rate;
    },
  };
}

/**
 * How a holding's ZEC figures are shown (the accounts read and the holders read alike): a stock coin's are
 * kept in its stock's raw units (core/index/store/schema.ts) and valued at the stock's ZEC rate now, or null
 * when its stock has none; any other coin's are zat already. `valued`: its value now can be given at all.
 */
export function holdingValuer(coin: Pick<CoinRow, 'pair'>, c: CoinContext): { readonly at: (raw: bigint) => bigint | null; readonly valued: boolean } {
  const stock = stockKeyOf(coin.pair);
  const rate = stock === null ? 1n : (c.stocks?.get(stock)?.zec.zatPerWholeRawE12 ?? null);
  return {
    at: (raw) => (rate === null ? null : stock === null ? raw : (raw * rate) / 10n ** 12n),
    valued: (coin.pair !== 'native' || c.nativeRate !== null) && rate !== null,
  };
}

/** The same, the rate read now (the stream's context, made once per range). */
const coinContextNow = (ctx: ApiContext): CoinContext => ({ nativePair: ctx.profile.pairs?.native, nativeRate: ctx.store.nativeRate(), risk: (mint) => ctx.store.risk(mint) });

/** The stocks' readings (at most 15 s old: the issuer status's), read only when a stock coin is among `pairs`. */
export async function stockReadingsFor(ctx: ApiContext, pairs: readonly string[]): Promise<ReadonlyMap<string, StockReading> | undefined> {
  if (!ctx.stocks || !pairs.some((pair) => stockKeyOf(pair) !== null)) return undefined;
  return new Map((await ctx.stocks.read()).stocks.map((reading) => [reading.record.key, reading]));
}

/** The coin context for these rows: with the stocks' readings and 24-hour raw volumes when a stock coin is among them. */
export async function coinContextFor(ctx: ApiContext, rows: readonly Pick<CoinRow, 'pair'>[]): Promise<CoinContext> {
  const stocks = await stockReadingsFor(ctx, rows.map((row) => row.pair));
  if (!stocks) return coinContext(ctx);
  const since = BigInt(Math.floor(Date.now() / 1000)) - 86_400n;
  return { ...coinContext(ctx), stocks, volume24h: (mint) => ctx.store.queries.volumeSince(mint, since) };
}

/** The stream's coin context: the stocks' readings when the issuer status's answer is fresh (the hub reads it again before each range). */
export function streamCoinContext(ctx: ApiContext): CoinContext {
  const answer = ctx.stocks?.fresh();
  if (!answer) return coinContextNow(ctx);
  const since = BigInt(Math.floor(Date.now() / 1000)) - 86_400n;
  return { ...coinContextNow(ctx), stocks: new Map(answer.stocks.map((reading) => [reading.record.key, reading])), volume24h: (mint) => ctx.store.queries.volumeSince(mint, since) };
}

/** For the volume and market-cap orders: each stock's zat per raw unit (a float: an ordering key only). */
export async function stockRatesOf(ctx: ApiContext): Promise<Record<string, number> | undefined> {
  if (!ctx.stocks || ctx.stocks.listed.length === 0) return undefined;
  const rates: Record<string, number> = {};
  for (const reading of (await ctx.stocks.read()).stocks) if (reading.zec.zatPerWholeRawE12 !== null) rates[reading.record.key] = Number(reading.zec.zatPerWholeRawE12) / 1e12;
  return rates;
}

/** A trade row's stock, when its coin is a stock coin. */
export function tradeStockOf(readings: ReadonlyMap<string, StockReading> | undefined, pair: string | undefined): TradeStock | null {
  const key = pair === undefined ? null : stockKeyOf(pair);
  return key === null ? null : { key, reading: readings?.get(key) };
}
