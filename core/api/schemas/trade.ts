import { Type, type Static } from 'typebox';
import { priceE9OfE18 } from '../../index/candles.js';
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
    priceZecE9: Amount('price in ZEC times 1e9: the ZEC the trade paid its venue (before fees) per whole coin (a native-paired coin\'s at its route\'s rate), floored'),
    priceZecE18: Amount('an addition: the same price times 1e18, floored (priceZecE9 is this divided by 1e9); exact enough to chart a young coin'),
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
    priceZecE9: String(priceE9OfE18(t.priceE18)),
    priceZecE18: String(t.priceE18),
    routed: t.routed,
  };
}
