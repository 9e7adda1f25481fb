import { Type, type Static } from 'typebox';
import type { CoinRow, GraduationRow } from '../../index/store/index-store.js';
import { Coin, presentCoin, type CoinContext } from './coin.js';
import { AddressString, Amount, UnixSeconds } from './common.js';

/** A graduated coin: the coin as it reads now, and its migration to its canonical pool. */
export const Graduated = Type.Object({
  ...Coin.properties,
  graduation: Type.Object({
    signature: Type.String(),
    at: UnixSeconds('block time of the migration'),
    pool: AddressString(),
    baseAmount: Amount('raw coin units moved to the pool'),
    quoteAmount: Amount("the pair's quote base units moved to the pool"),
  }),
});

export function presentGraduated(coin: CoinRow, g: GraduationRow, ctx: CoinContext): Static<typeof Graduated> {
  return { ...presentCoin(coin, ctx), graduation: { signature: g.signature, at: Number(g.at), pool: g.pool, baseAmount: String(g.baseAmount), quoteAmount: String(g.quoteAmount) } };
}
