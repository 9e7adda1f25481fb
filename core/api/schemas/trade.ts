import { Type, type Static } from 'typebox';
import { priceE9OfE18, priceE9TextOfE18, stockRawPriceE9OfStored } from '../../index/candles.js';
import type { TradeRow } from '../../index/store/index-store.js';
import { scaleDown } from '../../math/multiplier.js';
import { formatDecimalUnits } from '../../math/units.js';
import { stockListing } from '../../stocks/catalog.js';
import type { StockReading } from '../../stocks/issuer-status.js';
import { AddressString, Amount, UnixSeconds } from './common.js';
import { stockValueZec } from './stock-pair.js';

const ZecOrNull = (description: string) => Type.Union([Amount(description), Type.Null()]);

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
    zec: ZecOrNull('what the trader paid or received in all, from the same transaction, in zat (a stock coin\'s valued at the stock\'s ZEC value now; null when none)'),
    creatorFeeZec: ZecOrNull("the coin's 2% creator fee in zat (a native-paired coin's at the route's rate)"),
    protocolFeeZec: ZecOrNull('the protocol fee in zat'),
    priceZecE9: ZecOrNull('price in ZEC times 1e9: the ZEC the trade paid its venue (before fees) per whole coin (a native-paired coin\'s at its route\'s rate), floored'),
    priceZecE18: ZecOrNull('an addition: the same price times 1e18, floored (priceZecE9 is this divided by 1e9); exact enough to chart a young coin'),
    routed: Type.Boolean({ description: "true only on the native-coin/ZEC pool side row of a route (the native coin's own list); never counted" }),
    stock: Type.Optional(
      Type.Object(
        {
          key: Type.String(),
          symbol: Type.String(),
          decimals: Type.Integer(),
          raw: Type.Object({ amount: Amount("what the trader paid or received in all, the stock's raw units"), creatorFee: Amount('raw units'), priceE9: Amount('raw units per whole coin, times 1e9') }),
          display: Type.Union([
            Type.Object({ amount: Type.String(), creatorFee: Type.String(), price: Type.String() }, { description: 'raw times the share multiplier, in whole shares, rounded down' }),
            Type.Null(),
          ]),
        },
        { description: 'stock coin trades only' },
      ),
    ),
  },
  { description: 'A trade (spec, "Trade (read shape)").' },
);

export type TradeJson = Static<typeof Trade>;

/** A stock coin's trade: its stock's key and reading (rate and multiplier now). */
export interface TradeStock {
  readonly key: string;
  readonly reading: StockReading | undefined;
}

/** What every trade shows whatever its pair: where, who, which side and how many coins. */
function tradeFacts(t: TradeRow) {
  return {
    signature: t.signature,
    slot: String(t.slot),
    at: Number(t.at),
    mint: t.mint,
    venue: t.venue,
    side: t.side,
    user: t.user,
    tokens: String(t.tokens),
  };
}

export function presentTrade(t: TradeRow, stock: TradeStock | null = null): TradeJson {
  if (stock) return presentStockTrade(t, stock);
  const priceE18 = String(t.priceE18);
  return {
    ...tradeFacts(t),
    zec: String(t.zec),
    creatorFeeZec: String(t.creatorFee),
    protocolFeeZec: String(t.protocolFee),
    priceZecE9: priceE9TextOfE18(priceE18),
    priceZecE18: priceE18,
    routed: t.routed,
  };
}

function presentStockTrade(t: TradeRow, { key, reading }: TradeStock): TradeJson {
  const listing = stockListing(key);
  const decimals = reading?.decimals ?? listing?.decimals ?? 0;
  const value = (raw: bigint) => {
    const zat = stockValueZec(raw, reading);
    return zat === null ? null : String(zat);
  };
  const rate = reading?.zec.zatPerWholeRawE12 ?? null;
  const priceE18 = rate === null ? null : (t.priceE18 * rate) / 10n ** 12n;
  const rawPriceE9 = stockRawPriceE9OfStored(t.priceE18);
  const multiplier = reading?.multiplier ?? null;
  const shown = (raw: bigint, places: number) => formatDecimalUnits(scaleDown(raw, multiplier!), places);
  return {
    ...tradeFacts(t),
    zec: value(t.zec),
    creatorFeeZec: value(t.creatorFee),
    protocolFeeZec: value(t.protocolFee),
    priceZecE9: priceE18 === null ? null : String(priceE9OfE18(priceE18)),
    priceZecE18: priceE18 === null ? null : String(priceE18),
    routed: t.routed,
    stock: {
      key,
      symbol: listing?.symbol ?? key,
      decimals,
      raw: { amount: String(t.zec), creatorFee: String(t.creatorFee), priceE9: String(rawPriceE9) },
      display: multiplier === null ? null : { amount: shown(t.zec, decimals), creatorFee: shown(t.creatorFee, decimals), price: shown(rawPriceE9, decimals + 9) },
    },
  };
}
