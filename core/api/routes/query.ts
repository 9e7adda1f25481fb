import { Type } from 'typebox';
import { isAddress, type Address, type Signature } from '@solana/kit';
import { isSignatureText } from '../../programs/signature-text.js';
import type { TradeCursor } from '../../index/store/index-queries.js';
import type { CoinRow } from '../../index/store/index-store.js';
import { invalidParam, notFound } from '../api-error.js';
import type { CoinContext } from '../schemas/coin.js';
import { ErrorBody } from '../schemas/common.js';
import type { ApiContext } from '../server.js';

/** A string enum with a plain JSON-schema `enum`, so a wrong value is refused naming the allowed ones. */
export const StringEnum = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

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
  if (!isAddress(value)) throw invalidParam(field, `${JSON.stringify(value.slice(0, 64))} is not a base58 address of 32 bytes`);
  return value;
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

/** The `stock` filter: refused while stock pairs are off (no stock key is known here yet). */
export function refuseStock(stock: string | undefined): void {
  if (stock !== undefined) throw invalidParam('stock', `${JSON.stringify(stock.slice(0, 32))} is not a stock key: stock pairs are not switched on here`);
}

/** What coin presentation needs besides the row: the native pair and its ZEC rate now. */
export const coinContext = (ctx: ApiContext): CoinContext => ({ nativePair: ctx.profile.pairs?.native, nativeRate: ctx.store.nativeRate() });

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
