import { Type, type Static } from 'typebox';
import type { CandleRow } from '../../index/store/index-store.js';
import { Amount, UnixSeconds } from './common.js';

/** The intervals a chart asks for, by name (the store keeps every one). */
export const CANDLE_INTERVAL_NAMES = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;

export const Candle = Type.Object(
  {
    t: UnixSeconds("the bucket's start"),
    o: Amount('open, price in ZEC times 1e9'),
    h: Amount('high'),
    l: Amount('low'),
    c: Amount('close'),
    volumeZec: Amount('counted volume in zat (a route\'s pool side moves the price, never the volume)'),
    trades: Type.Integer({ minimum: 0, description: 'counted trades' }),
  },
  { description: 'One candle of a ZEC-valued chart.' },
);

export function presentCandle(c: CandleRow): Static<typeof Candle> {
  return { t: Number(c.bucket), o: String(c.open), h: String(c.high), l: String(c.low), c: String(c.close), volumeZec: String(c.volumeZec), trades: Number(c.trades) };
}
