import { stockListing, STOCK_KEYS } from '../../stocks/catalog.js';
import type { StockReading } from '../../stocks/issuer-status.js';
import type { TradeStock } from '../schemas/trade.js';
import { stockKeyOf } from '../schemas/coin.js';
import type { Address, Signature } from '@solana/kit';
import { base58Decode } from '../../programs/address-text.js';
import { isSignatureText } from '../../programs/signature-text.js';
import type { TradeCursor } from '../../index/store/index-queries.js';
import type { CoinRow } from '../../index/store/index-store.js';
import { invalidParam, notFound } from '../api-error.js';
import type { CoinContext } from '../schemas/coin.js';
import { ErrorBody } from '../schemas/common.js';
import type { ApiContext } from '../server.js';

/** A string enum with a plain JSON-schema `enum`, so a wrong value is refused naming the allowed ones. */
export { StringEnum } from '../schemas/common.js';

/** Pages of lists whose order moves (coins): the offset, as an opaque decimal string. */
export function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^(0|[1-9][0-9]{0,8})$/.test(cursor)) throw invalidParam('cursor', 'not a cursor of this list (pass the `next` of the previous page)');
  return Number(cursor);
}

export const nextOffset = (offset: number, limit: number, got: number): string | null => (got < limit ? null : String(offset + limit));

/** Pages of trades: the last row's (slot, seq, position), newest first. */
export function tradeCursorOf(cursor: string | undefined): TradeCursor | null {
  if (cursor === undefined) return null;
  const m = /^([0-9]{1,15})\.([0-9]{1,15})\.([0-9]{1,4})$/.exec(cursor); // all within SQLite's 64-bit integers
  if (!m) throw invalidParam('cursor', 'not a cursor of this list (pass the `next` of the previous page)');
  return { slot: BigInt(m[1]!), seq: BigInt(m[2]!), position: BigInt(m[3]!) };
}

export const tradeCursorText = (c: TradeCursor | null, limit: number, got: number): string | null =>
  c === null || got < limit ? null : `${c.slot}.${c.seq}.${c.position}`;

/** A path or query address: base58 of 32 bytes, else `invalid_param` naming the field. */
export function addressOf(value: string, field: string): Address {
  // kit's isAddress decodes through a BigInt: a sixth of a coin detail's time; the same test without one.
  if (value.length < 32 || value.length > 44 || base58Decode(value)?.length !== 32) throw invalidParam(field, `${JSON.stringify(value.slice(0, 64))} is not a base58 address of 32 bytes`);
  return value as Address;
}

/** A path signature: base58 of 64 bytes (core/programs/signature-text.ts), else `invalid_param` naming the field. */
export function signatureOf(value: string, field: string): Signature {
  if (!isSignatureText(value)) throw invalidParam(field, 'is not a base58 transaction signature of 64 bytes');
  return value;
}

/** The error answers every route documents. */
export const ERROR_RESPONSES = { '4xx': ErrorBody, '5xx': ErrorBody };
/** Route config of the spec's reads group. */
export const READS = { rateGroup: 'reads' as const };

/**
 * The list reads' pair filter as the index's pattern (spec, "stock filters"): `quote` zec, native or
 * stocks (every stock coin), `stock` one of the 44 keys exactly as written (a stock not open yet is taken
 * too), alone or with `quote=stocks`.
 */
export function pairFilterOf(quote: 'zec' | 'native' | 'stocks' | undefined, stock: string | undefined): string | null {
  if (stock !== undefined) {
    if (stockListing(stock) === null) throw invalidParam('stock', `${JSON.stringify(stock.slice(0, 32))} is not a stock key: the keys are ${STOCK_KEYS.join(', ')}`);
    if (quote !== undefined && quote !== 'stocks') throw invalidParam('stock', `a stock key goes alone or with quote=stocks, not with quote=${quote}`);
    return `stock:${stock}`;
  }
  return quote === 'stocks' ? 'stock:*' : (quote ?? null);
}

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

/**
 * A coin the index lists, for every endpoint that takes a mint (reads and builds alike). Spec, Errors:
 * "A hidden coin answers exactly like a missing one": an unknown mint, an unlisted (hidden) planting
 * and, unless asked for, the native coin itself all answer this same 404 body.
 */
export function listedCoinOf(ctx: ApiContext, mint: string, options: { allowNative: boolean } = { allowNative: false }): CoinRow {
  const address = addressOf(mint, 'mint');
  const coin = ctx.store.coin(address);
  if (!coin || !coin.listed || (coin.kind === 'native' && !options.allowNative)) throw notFound(`no coin ${address}`);
  return coin;
}

/** The same refusal as listedCoinOf, reading only the listing, kind and pair: what a coin's trades and candles need. */
export function listedCoinKeyOf(ctx: ApiContext, mint: string, options: { allowNative: boolean }): { mint: Address; kind: CoinRow['kind']; pair: string } {
  const address = addressOf(mint, 'mint');
  const listing = ctx.store.queries.listing(address);
  if (!listing || !listing.listed || (listing.kind === 'native' && !options.allowNative)) throw notFound(`no coin ${address}`);
  return { mint: address, kind: listing.kind, pair: listing.pair };
}
