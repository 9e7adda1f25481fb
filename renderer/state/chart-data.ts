import { formatCompactUnits, formatPrice } from '../../core/math/decimal-display.js';
import { marketCapZat } from '../../core/math/level-cross.js';
import type { CandleJson, TradeJson } from '../api/api-types.js';

/**
 * The one place an amount becomes a floating-point number: the chart library plots doubles. Prices go to
 * it in nano-ZEC per whole coin (priceZecE18 / 1e9: tens for a young coin, which a double holds to about
 * fifteen significant digits, far past what a screen shows); what the chart prints on its axis and
 * crosshair goes back through core/math's exact price formatting. Nothing computed from these numbers is
 * ever shown as a figure of money.
 */
const NANO_PER_E18 = 1_000_000_000n;

/** A price (ZEC per whole coin × 1e18, decimal string) as chart nano-ZEC. */
export function chartPrice(e18: string): number {
  const value = BigInt(e18);
  // Whole nano-ZEC and the rest as a fraction, so that even a huge price keeps its digits in the double.
  return Number(value / NANO_PER_E18) + Number(value % NANO_PER_E18) / 1e9;
}

/** The chart's nano-ZEC back to the desk's price text (ZEC per whole coin). */
export function chartPriceText(nano: number): string {
  if (!Number.isFinite(nano) || nano <= 0) return '0';
  const whole = Math.trunc(nano);
  const fraction = Math.round((nano - whole) * 1e9);
  return formatPrice(BigInt(whole) * NANO_PER_E18 + BigInt(fraction), 18);
}

/** zat as whole ZEC for the volume bars. */
/** A stock coin without a ZEC value has no ZEC volume: its bars are drawn at zero. */
const volumeOf = (zat: string | null): number => (zat === null ? 0 : Number(BigInt(zat)) / 1e8);

export interface ChartCandle {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** What the chart's candles show: the price, or the market cap (the whole supply at each price). */
export type ChartMetric = 'price' | 'marketCap';

/** A price (× 1e18, decimal string) as the market cap it makes with `supply` raw coins, in whole ZEC for the chart (exact in zat first). */
export function chartCap(e18: string, supply: bigint): number {
  const zat = marketCapZat(BigInt(e18), supply);
  return Number(zat / 100_000_000n) + Number(zat % 100_000_000n) / 1e8;
}

/** The chart's whole ZEC of a market cap back to the desk's compact text ("28.4K"). */
export function chartCapText(zec: number): string {
  if (!Number.isFinite(zec) || zec <= 0) return '0';
  return formatCompactUnits(BigInt(Math.round(zec * 1e8)), 8);
}

/** The colours of the orders' trigger lines: a buy's, a sale's above the price, a stop's below it. */
export const ORDER_LINE_COLOURS: Readonly<Record<'buy' | 'sell' | 'stop', string>> = Object.freeze({ buy: '#7cc4ff', sell: '#3ddc97', stop: '#ff6b6b' });

/**
 * The order levels the price scale stretches to: those within a factor of LEVEL_REACH of the candles' range
 * (a stop a few percent under the price stays in view; a line at 1000× the price would flatten the candles
 * to a line, so it is left off the scale, and the Orders panel still lists it).
 */
const LEVEL_REACH = 2;
export const levelsInReach = (levels: readonly number[], min: number, max: number): number[] => levels.filter((l) => l >= min / LEVEL_REACH && l <= max * LEVEL_REACH);

/** The letters a mark carries: B/S for your trades, D·B/D·S for the deployer's, O·B/O·S for an order's fill. */
export const markText = (m: Pick<ChartMark, 'who' | 'side'>): string => `${m.who === 'own' ? '' : m.who === 'deployer' ? 'D·' : 'O·'}${m.side === 'buy' ? 'B' : 'S'}`;

/** A price line's level on the chart: the price, or the market cap it makes with `supply`, converted as the candles are. */
export const chartLevel = (e18: string, metric: ChartMetric, supply: bigint | null): number => (metric === 'marketCap' && supply !== null ? chartCap(e18, supply) : chartPrice(e18));

export function chartCandles(candles: readonly CandleJson[], metric: ChartMetric = 'price', supply: bigint | null = null): { candles: ChartCandle[]; volume: { time: number; value: number; up: boolean }[] } {
  const at = metric === 'marketCap' && supply !== null ? (e18: string) => chartCap(e18, supply) : chartPrice;
  return {
    candles: candles.map((c) => ({ time: c.t, open: at(c.oE18), high: at(c.hE18), low: at(c.lE18), close: at(c.cE18) })),
    volume: candles.map((c) => ({ time: c.t, value: volumeOf(c.volumeZec), up: BigInt(c.cE18) >= BigInt(c.oE18) })),
  };
}

/** Whose trade a chart mark is: a fill of the person's local order, the person's own (a keychain wallet), or the coin's deployer. */
export type MarkWho = 'order' | 'own' | 'deployer';

export interface ChartMark {
  readonly time: number;
  readonly side: 'buy' | 'sell';
  readonly who: MarkWho;
  readonly signature: string;
}

/** The marks' colours, for the chart and its legend. */
export const MARK_COLOURS: Readonly<Record<MarkWho, Readonly<Record<'buy' | 'sell', string>>>> = Object.freeze({
  order: { buy: '#7cc4ff', sell: '#ff7ac6' },
  own: { buy: '#4fd1c5', sell: '#c7a6ff' },
  deployer: { buy: '#f5b942', sell: '#ff8c42' },
});

/**
 * The trades to mark on the candles: the person's own (any of `own`, the keychain wallets) and the
 * deployer's, each at the candle it fell in (the last candle starting at or before it), oldest first. A
 * trade before the first candle drawn is not marked. The deployer's own-wallet trades count as own; a fill of
 * a local order (its signature among `fills`) is marked as the order's, whoever's wallet it is.
 */
export function chartMarks(trades: readonly TradeJson[], candles: readonly CandleJson[], own: ReadonlySet<string>, deployer: string, fills: ReadonlySet<string> = new Set()): ChartMark[] {
  if (candles.length === 0) return [];
  const marks: ChartMark[] = [];
  for (const t of trades) {
    if (t.routed) continue;
    const who: MarkWho | null = fills.has(t.signature) ? 'order' : own.has(t.user) ? 'own' : t.user === deployer ? 'deployer' : null;
    if (who === null) continue;
    let candle: CandleJson | undefined;
    for (const c of candles) {
      if (c.t > t.at) break;
      candle = c;
    }
    if (candle) marks.push({ time: candle.t, side: t.side, who, signature: t.signature });
  }
  return marks.sort((a, b) => a.time - b.time);
}

const DAY_MS = 86_400_000;

/**
 * The days a daily chart spans (UTC `YYYY-MM-DD`, oldest first): every day from the first given to the
 * last, and at least `least` days ending on the last, so a short series is drawn at a readable scale.
 */
export function dayWindow(days: readonly string[], least: number): string[] {
  if (days.length === 0) return [];
  const sorted = [...days].sort();
  const last = Date.parse(`${sorted.at(-1)!}T00:00:00Z`);
  const first = Math.min(Date.parse(`${sorted[0]!}T00:00:00Z`), last - (least - 1) * DAY_MS);
  const out: string[] = [];
  for (let at = first; at <= last; at += DAY_MS) out.push(new Date(at).toISOString().slice(0, 10));
  return out;
}
