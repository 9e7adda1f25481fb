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
export async function listedCoinOf(ctx: ApiContext, mint: string, options: { allowNative: boolean } = { allowNative: false }): Promise<CoinRow> {
  const coin = await ctx.store.coin(mint as Address);
  if (!coin) throw notFound(`no coin ${checkedMint(mint)}`);
  if (!coin.listed || (coin.kind === 'native' && !options.allowNative)) throw notFound(`no coin ${coin.mint}`);
  return coin;
}

/** The same refusal as listedCoinOf, reading only the listing, kind and pair: what a coin's trades and candles need. */
export async function listedCoinKeyOf(ctx: ApiContext, mint: string, options: { allowNative: boolean }): Promise<{ mint: Address; kind: CoinRow['kind']; pair: string }> {
  const listing = await ctx.store.queries.listing(mint as Address);
  if (!listing) throw notFound(`no coin ${checkedMint(mint)}`);
  if (!listing.listed || (listing.kind === 'native' && !options.allowNative)) throw notFound(`no coin ${mint}`);
  return { mint: mint as Address, kind: listing.kind, pair: listing.pair };
}

/**
 * The mint of a lookup that found no coin, once checked: what is not an address answers invalid_param, not
 * 404. A mint the index holds is an address (the index keeps only mints seen on chain), so a found coin
 * needs no check: decoding base58 is a tenth of a candles read.
 */
const checkedMint = (mint: string): Address => addressOf(mint, 'mint');
