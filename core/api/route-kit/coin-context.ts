import type { Address } from '@solana/kit';
import type { StockReading } from '../../stocks/issuer-status.js';
import type { RiskFigures } from '../../types/risk-figures.js';
import type { CoinRow } from '../../index/store/index-store.js';
import type { ApiContext } from '../api-context.js';
import { stockKeyOf, type CoinContext } from '../schemas/coin.js';
import type { TradeStock } from '../schemas/trade.js';

/**
 * What coin presentation needs besides the rows, read before they are presented (the presenters are plain
 * functions): the native pair and its ZEC rate now (read only when a native-paired coin is among the rows),
 * each coin's risk figures (unless `risk: false`: answers that show no coin row), and with the stocks' readings
 * each stock coin's 24-hour raw volume.
 */
async function coinContextOf(
  ctx: ApiContext,
  rows: readonly Pick<CoinRow, 'mint' | 'pair'>[],
  stocks: ReadonlyMap<string, StockReading> | undefined,
  options: { readonly risk?: boolean },
): Promise<CoinContext> {
  const nativeRate = rows.some((row) => row.pair === 'native') ? await ctx.store.nativeRate() : null;
  const context: { -readonly [K in keyof CoinContext]: CoinContext[K] } = { nativePair: ctx.profile.pairs?.native, nativeRate };
  if (options.risk !== false) {
    // All at once: on a replica each read is a round trip to PostgreSQL, and a page has 50 coins.
    const mints = [...new Set(rows.map((row) => row.mint))];
    const risks = new Map<Address, RiskFigures | null>(await Promise.all(mints.map(async (mint) => [mint, await ctx.store.risk(mint)] as const)));
    context.risk = (mint) => risks.get(mint) ?? null;
  }
  if (stocks) {
    const since = BigInt(Math.floor(Date.now() / 1000)) - 86_400n;
    const mints = [...new Set(rows.filter((row) => stockKeyOf(row.pair) !== null).map((row) => row.mint))];
    const volumes = new Map<Address, bigint>(await Promise.all(mints.map(async (mint) => [mint, await ctx.store.queries.volumeSince(mint, since)] as const)));
    context.stocks = stocks;
    context.volume24h = (mint) => volumes.get(mint) ?? 0n;
  }
  return context;
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

/** The stocks' readings (at most 15 s old: the issuer status's), read only when a stock coin is among `pairs`. */
export async function stockReadingsFor(ctx: ApiContext, pairs: readonly string[]): Promise<ReadonlyMap<string, StockReading> | undefined> {
  if (!ctx.stocks || !pairs.some((pair) => stockKeyOf(pair) !== null)) return undefined;
  return new Map((await ctx.stocks.read()).stocks.map((reading) => [reading.record.key, reading]));
}

/** The coin context for these rows: with the stocks' readings and 24-hour raw volumes when a stock coin is among them. */
export async function coinContextFor(ctx: ApiContext, rows: readonly Pick<CoinRow, 'mint' | 'pair'>[], options: { readonly risk?: boolean } = {}): Promise<CoinContext> {
  return coinContextOf(ctx, rows, await stockReadingsFor(ctx, rows.map((row) => row.pair)), options);
}

/** The stream's coin context for these rows: the stocks' readings when the issuer status's answer is fresh (the hub reads it again before each range). */
export function streamCoinContext(ctx: ApiContext, rows: readonly Pick<CoinRow, 'mint' | 'pair'>[], options: { readonly risk?: boolean } = {}): Promise<CoinContext> {
  const answer = ctx.stocks?.fresh();
  return coinContextOf(ctx, rows, answer ? new Map(answer.stocks.map((reading) => [reading.record.key, reading])) : undefined, options);
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
