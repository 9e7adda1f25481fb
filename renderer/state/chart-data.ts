import { formatPrice } from '../../core/math/decimal-display.js';
import type { CandleJson } from '../api/api-types.js';

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

export function chartCandles(candles: readonly CandleJson[]): { candles: ChartCandle[]; volume: { time: number; value: number; up: boolean }[] } {
  return {
    candles: candles.map((c) => ({ time: c.t, open: chartPrice(c.oE18), high: chartPrice(c.hE18), low: chartPrice(c.lE18), close: chartPrice(c.cE18) })),
    volume: candles.map((c) => ({ time: c.t, value: volumeOf(c.volumeZec), up: BigInt(c.cE18) >= BigInt(c.oE18) })),
  };
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
