import { Type, type Static } from 'typebox';
import { priceE9OfE18, priceE9TextOfE18, stockRawPriceE9OfStored } from '../../index/candles.js';
import type { CandleRow } from '../../index/store/index-store.js';
import { Amount, UnixSeconds } from './common.js';

/** The intervals a chart asks for, by name (the store keeps every one). */
export const CANDLE_INTERVAL_NAMES = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;

export const Candle = Type.Object(
  {
    t: UnixSeconds("the bucket's start"),
    o: Amount('open: the first trade\'s priceZecE9 in the bucket'),
    h: Amount('high: the highest priceZecE9'),
    l: Amount('low: the lowest priceZecE9'),
    c: Amount('close: the last trade\'s priceZecE9'),
    oE18: Amount('open at full precision: the first trade\'s priceZecE18 (ZEC per whole coin times 1e18)'),
    hE18: Amount('high at full precision'),
    lE18: Amount('low at full precision'),
    cE18: Amount('close at full precision'),
    volumeZec: Type.Union([Amount('counted volume in zat (a route\'s pool side moves the price, never the volume)'), Type.Null()]),
    trades: Type.Integer({ minimum: 0, description: 'counted trades' }),
    raw: Type.Optional(
      Type.Object(
        { o: Amount('raw units per whole coin, times 1e9'), h: Amount('raw'), l: Amount('raw'), c: Amount('raw'), volume: Amount('counted volume, raw units') },
        { description: "a stock coin's candle in the stock's raw base units (prices per whole coin times 1e9); o..c and volumeZec are then valued at the stock's ZEC value now" },
      ),
    ),
  },
  {
    description:
      'One candle of a ZEC-valued chart: the trades of `GET /v1/coins/{mint}/trades` whose block time falls in [t, t + interval), oldest first. ' +
      'Prices are every shown trade\'s (the native coin\'s own chart includes its routed pool side); volume and trades count counted trades only. ' +
      'The E18 fields are an addition: a young coin\'s priceZecE9 is a two-digit number, too coarse to chart.',
  },
);

/** `zatPerRawE12`: a stock coin's rate now (undefined for any other coin; null when its stock has no ZEC value). */
export function presentCandle(c: CandleRow, stockRate?: bigint | null): Static<typeof Candle> {
  if (stockRate !== undefined) {
    const raw = (p: bigint) => String(stockRawPriceE9OfStored(p));
    const valued = (p: bigint) => (stockRate === null ? '0' : String(priceE9OfE18((p * stockRate) / 10n ** 12n)));
    const valuedE18 = (p: bigint) => (stockRate === null ? '0' : String((p * stockRate) / 10n ** 12n));
    return {
      t: Number(c.bucket), o: valued(c.open), h: valued(c.high), l: valued(c.low), c: valued(c.close),
      oE18: valuedE18(c.open), hE18: valuedE18(c.high), lE18: valuedE18(c.low), cE18: valuedE18(c.close),
      volumeZec: stockRate === null ? null : String((c.volumeZec * stockRate) / 10n ** 12n), trades: Number(c.trades),
      raw: { o: raw(c.open), h: raw(c.high), l: raw(c.low), c: raw(c.close), volume: String(c.volumeZec) },
    };
  }
  const [o, h, l, cl] = [String(c.open), String(c.high), String(c.low), String(c.close)];
  return {
    t: Number(c.bucket), o: priceE9TextOfE18(o), h: priceE9TextOfE18(h), l: priceE9TextOfE18(l), c: priceE9TextOfE18(cl),
    oE18: o, hE18: h, lE18: l, cE18: cl,
    volumeZec: String(c.volumeZec), trades: Number(c.trades),
  };
}

