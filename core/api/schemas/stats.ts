import { Type, type Static } from 'typebox';
import type { DailyStatsRow, StatsRow } from '../../index/store/index-store.js';
import { Amount } from './common.js';

const figures = {
  coins: Type.Integer({ minimum: 0, description: 'listed ZEC-paired coins planted' }),
  trades: Type.Integer({ minimum: 0 }),
  buys: Type.Integer({ minimum: 0 }),
  sells: Type.Integer({ minimum: 0 }),
  volumeZec: Amount('counted volume in zat'),
  creatorFeesZec: Amount('creator fees in zat'),
  graduations: Type.Integer({ minimum: 0 }),
  traders: Type.Integer({ minimum: 0, description: 'distinct wallets that traded' }),
};

export const Stats = Type.Object(figures, { description: 'Totals over listed ZEC-paired coins; the routed side of a route is never counted.' });
export const DailyStats = Type.Object({ day: Type.String({ format: 'date', description: 'UTC day, YYYY-MM-DD' }), ...figures });

export function presentStats(s: StatsRow): Static<typeof Stats> {
  return {
    coins: Number(s.coins),
    trades: Number(s.trades),
    buys: Number(s.buys),
    sells: Number(s.sells),
    volumeZec: String(s.volumeZec),
    creatorFeesZec: String(s.creatorFeesZec),
    graduations: Number(s.graduations),
    traders: Number(s.traders),
  };
}

export function presentDaily(d: DailyStatsRow): Static<typeof DailyStats> {
  return { day: new Date(Number(d.day) * 1000).toISOString().slice(0, 10), ...presentStats(d) };
}
