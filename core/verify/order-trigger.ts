/**
 * When a local order fires (issue "Orders that run on your machine"): the trigger rule of every kind, pure
 * and exact. A trade's price is the rational `zat / raw` (ZEC base units over raw coin units), compared with
 * an order's price in ZEC per whole coin ×1e18 (the scale of core/math/position.ts's average entry) by
 * cross-multiplying: no division, no rounding, so "at or below" means exactly that. Browser-safe: the desk
 * draws the same triggers on the chart that the runner fires on.
 */

/** ZEC per whole coin ×1e18 is zat × 10^16 per raw unit (8 ZEC decimals, 6 coin decimals). */
const SCALE = 10n ** 16n;

export type OrderKind = 'limit_buy' | 'limit_sell' | 'take_profit' | 'stop_loss' | 'trailing_stop' | 'bracket' | 'dca' | 'sell_on_graduation';

/** What an order waits for, by kind. Prices in ZEC per whole coin ×1e18. */
export type OrderTrigger =
  | { readonly kind: 'limit_buy'; readonly atOrBelowE18: bigint }
  | { readonly kind: 'limit_sell'; readonly atOrAboveE18: bigint }
  | { readonly kind: 'take_profit'; readonly atOrAboveE18: bigint }
  | { readonly kind: 'stop_loss'; readonly atOrBelowE18: bigint }
  /** A sale once the price falls `trailBps` below the best price seen since the order was placed. */
  | { readonly kind: 'trailing_stop'; readonly trailBps: number }
  /** A take-profit and a stop-loss on one position: whichever comes first fires, the other is cancelled. */
  | { readonly kind: 'bracket'; readonly takeProfitE18: bigint; readonly stopLossE18: bigint }
  /** `count` buys, one every `everyMs`, the first when placed. */
  | { readonly kind: 'dca'; readonly count: number; readonly everyMs: number }
  | { readonly kind: 'sell_on_graduation' };

/** What the runner keeps of an order between events. */
export interface TriggerState {
  /** Trailing stop: the best (highest) price seen since placing, as a rational `zat / raw`; null before any trade. */
  readonly best: { readonly zat: bigint; readonly raw: bigint } | null;
  /** DCA: how many buys have fired. */
  readonly fired: number;
  /** DCA: when the order was placed (ms); the i-th buy is due at placedAt + i × everyMs. */
  readonly placedAt: number;
}

/** What the index saw, in the order it saw it. */
export type OrderEvent =
  | { readonly type: 'trade'; readonly zat: bigint; readonly raw: bigint }
  | { readonly type: 'graduation' }
  /** The clock: a DCA falls due by time, not by a trade. */
  | { readonly type: 'tick'; readonly now: number };

/** The leg that fires: the sale or buy the order implies (a bracket names which side of it). */
export type FiredLeg = 'buy' | 'sell' | 'take_profit' | 'stop_loss';

export interface Evaluation {
  readonly fire: FiredLeg | null;
  readonly state: TriggerState;
  /** The order has nothing left to wait for once this fires (every kind but a DCA with buys to go). */
  readonly done: boolean;
}

/** `zat / raw` compared with a price ×1e18: negative below, 0 equal, positive above. */
export function comparePrice(zat: bigint, raw: bigint, priceE18: bigint): number {
  if (raw <= 0n) throw new RangeError('a trade moves at least one raw coin unit');
  const left = zat * SCALE;
  const right = priceE18 * raw;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The price of a trade as ZEC per whole coin ×1e18, floored (for display and for the chart's trigger line). */
export const priceE18Of = (zat: bigint, raw: bigint): bigint => (zat * SCALE) / raw;

export const initialState = (placedAt: number): TriggerState => ({ best: null, fired: 0, placedAt });

const stay = (state: TriggerState): Evaluation => ({ fire: null, state, done: false });

/**
 * One event against one order. A price order looks only at trades; a trailing stop moves its best price up
 * with every higher trade and fires on the first trade at or below best × (10000 − trailBps) / 10000; a
 * DCA looks only at the clock; sell-on-graduation only at the graduation.
 */
export function evaluate(trigger: OrderTrigger, state: TriggerState, event: OrderEvent): Evaluation {
  switch (trigger.kind) {
    case 'limit_buy':
      return event.type === 'trade' && comparePrice(event.zat, event.raw, trigger.atOrBelowE18) <= 0 ? { fire: 'buy', state, done: true } : stay(state);
    case 'limit_sell':
    case 'take_profit':
      return event.type === 'trade' && comparePrice(event.zat, event.raw, trigger.atOrAboveE18) >= 0 ? { fire: 'sell', state, done: true } : stay(state);
    case 'stop_loss':
      return event.type === 'trade' && comparePrice(event.zat, event.raw, trigger.atOrBelowE18) <= 0 ? { fire: 'sell', state, done: true } : stay(state);
    case 'bracket': {
      if (event.type !== 'trade') return stay(state);
      if (comparePrice(event.zat, event.raw, trigger.takeProfitE18) >= 0) return { fire: 'take_profit', state, done: true };
      if (comparePrice(event.zat, event.raw, trigger.stopLossE18) <= 0) return { fire: 'stop_loss', state, done: true };
      return stay(state);
    }
    case 'trailing_stop': {
      if (event.type !== 'trade') return stay(state);
      const best = state.best;
      // Higher than the best so far (zat/raw > best.zat/best.raw): the new best; a stop never fires on a rise.
      if (best === null || event.zat * best.raw > best.zat * event.raw) return stay({ ...state, best: { zat: event.zat, raw: event.raw } });
      // At or below best × (10000 − trail) / 10000, cross-multiplied: zat × best.raw × 10000 ≤ best.zat × raw × (10000 − trail).
      const keep = BigInt(10_000 - trigger.trailBps);
      return event.zat * best.raw * 10_000n <= best.zat * event.raw * keep ? { fire: 'sell', state, done: true } : stay(state);
    }
    case 'dca': {
      if (event.type !== 'tick' || state.fired >= trigger.count) return stay(state);
      const due = state.placedAt + state.fired * trigger.everyMs;
      if (event.now < due) return stay(state);
      const fired = state.fired + 1;
      return { fire: 'buy', state: { ...state, fired }, done: fired >= trigger.count };
    }
    case 'sell_on_graduation':
      return event.type === 'graduation' ? { fire: 'sell', state, done: true } : stay(state);
  }
}

/** Why a trigger cannot be placed, in words naming the field; null when it can. */
export function triggerProblem(trigger: OrderTrigger): string | null {
  const positive = (field: string, v: bigint) => (v > 0n ? null : `${field}: a price above 0`);
  switch (trigger.kind) {
    case 'limit_buy':
    case 'stop_loss':
      return positive('atOrBelow', trigger.atOrBelowE18);
    case 'limit_sell':
    case 'take_profit':
      return positive('atOrAbove', trigger.atOrAboveE18);
    case 'bracket':
      return positive('takeProfit', trigger.takeProfitE18) ?? positive('stopLoss', trigger.stopLossE18) ?? (trigger.stopLossE18 < trigger.takeProfitE18 ? null : 'stopLoss: below the take-profit price');
    case 'trailing_stop':
      return Number.isInteger(trigger.trailBps) && trigger.trailBps > 0 && trigger.trailBps < 10_000 ? null : 'trailBps: a whole number of bps from 1 to 9999';
    case 'dca':
      if (!Number.isInteger(trigger.count) || trigger.count < 1 || trigger.count > 1_000) return 'count: from 1 to 1000 buys';
      return Number.isInteger(trigger.everyMs) && trigger.everyMs >= 1_000 ? null : 'everyMs: at least one second between buys';
    case 'sell_on_graduation':
      return null;
  }
}
