import type { Address } from '@solana/kit';
import type { CoinRow } from '../../index/store/index-store.js';
import type { ApiContext } from '../api-context.js';
import { notFound } from '../api-error.js';
import { addressOf } from './request-values.js';

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
