import { Type, type Static } from 'typebox';
import type { TradeRow } from '../../index/store/index-store.js';
import { AddressString, Amount, UnixSeconds } from './common.js';

export const Trade = Type.Object(
  {
    signature: Type.String(),
    slot: Amount('the slot it landed in'),
    at: UnixSeconds('block time'),
    mint: AddressString(),
    venue: Type.Union([Type.Literal('curve'), Type.Literal('pool')]),
    side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    user: AddressString('the trader'),
    tokens: Amount('raw coin units bought or sold'),
    zec: Amount('what the trader paid or received in all, from the same transaction, in zat'),
    creatorFeeZec: Amount("the coin's 2% creator fee in zat (a native-paired coin's at the route's rate)"),
    protocolFeeZec: Amount('the protocol fee in zat'),
    priceZecE9: Amount('price in ZEC times 1e9'),
    routed: Type.Boolean({ description: "true only on the native-coin/ZEC pool side row of a route (the native coin's own list); never counted" }),
  },
  { description: 'A trade (spec, "Trade (read shape)").' },
);

export type TradeJson = Static<typeof Trade>;

export function presentTrade(t: TradeRow): TradeJson {
  return {
    signature: t.signature,
    slot: String(t.slot),
    at: Number(t.at),
    mint: t.mint,
    venue: t.venue,
    side: t.side,
    user: t.user,
    tokens: String(t.tokens),
    zec: String(t.zec),
    creatorFeeZec: String(t.creatorFee),
    protocolFeeZec: String(t.protocolFee),
    priceZecE9: String(t.priceE9),
    routed: t.routed,
  };
}
