import { describe, expect, it } from 'vitest';
import { comparePrice, evaluate, initialState, priceE18Of, triggerProblem, type OrderEvent, type OrderTrigger, type TriggerState } from '../../core/verify/order-trigger.js';

/** 1 ZEC per whole coin ×1e18. */
const ONE = 10n ** 18n;
/** A trade at exactly `priceE18` for `raw` coin units: zat = price × raw / 1e16 (chosen to divide exactly). */
const tradeAt = (priceE18: bigint, raw = 10n ** 6n): OrderEvent => ({ type: 'trade', zat: (priceE18 * raw) / 10n ** 16n, raw });

function run(trigger: OrderTrigger, events: readonly OrderEvent[], placedAt = 0): { fired: (string | null)[]; state: TriggerState } {
  let state = initialState(placedAt);
  const fired: (string | null)[] = [];
  for (const e of events) {
    const r = evaluate(trigger, state, e);
    state = r.state;
    fired.push(r.fire);
  }
  return { fired, state };
}

/** The trigger rule of each kind of local order: exact at the boundary, never before its condition holds. */
describe('order triggers', () => {
  it('compares a trade price with an order price exactly, by cross-multiplying', () => {
    // 1 zat for 3 raw units is 0.333…×1e16: never equal to a floored ×1e18 figure.
    expect(comparePrice(1n, 3n, priceE18Of(1n, 3n))).toBe(1);
    expect(comparePrice(1n, 3n, priceE18Of(1n, 3n) + 1n)).toBe(-1);
    expect(comparePrice(5n, 1n, 5n * 10n ** 16n)).toBe(0);
  });

  it('a limit buy fires at or below its price, not a base unit above', () => {
    const t: OrderTrigger = { kind: 'limit_buy', atOrBelowE18: ONE };
    expect(run(t, [tradeAt(ONE + 10n ** 10n), tradeAt(ONE)]).fired).toEqual([null, 'buy']);
    expect(run(t, [{ type: 'trade', zat: 100_000_001n, raw: 1_000_000n }]).fired).toEqual([null]);
  });

  it('a limit sell and a take-profit fire at or above; a stop-loss at or below; none on the clock or a graduation', () => {
    expect(run({ kind: 'limit_sell', atOrAboveE18: 2n * ONE }, [tradeAt(ONE), tradeAt(2n * ONE)]).fired).toEqual([null, 'sell']);
    expect(run({ kind: 'take_profit', atOrAboveE18: 2n * ONE }, [{ type: 'tick', now: 10 }, { type: 'graduation' }, tradeAt(3n * ONE)]).fired).toEqual([null, null, 'sell']);
    expect(run({ kind: 'stop_loss', atOrBelowE18: ONE / 2n }, [tradeAt(ONE), tradeAt(ONE / 2n + 10n ** 10n), tradeAt(ONE / 2n)]).fired).toEqual([null, null, 'sell']);
  });

  it('a bracket fires the leg reached first, once', () => {
    const t: OrderTrigger = { kind: 'bracket', takeProfitE18: 2n * ONE, stopLossE18: ONE / 2n };
    expect(run(t, [tradeAt(ONE), tradeAt(ONE / 2n)]).fired).toEqual([null, 'stop_loss']);
    expect(evaluate(t, initialState(0), tradeAt(2n * ONE))).toMatchObject({ fire: 'take_profit', done: true });
  });

  it('a trailing stop follows the best price up and fires at trail below it, exactly', () => {
    const t: OrderTrigger = { kind: 'trailing_stop', trailBps: 1_000 };
    // Up to 2, then down: 1.81 is above 2 × 0.9 = 1.8, 1.8 fires.
    const { fired, state } = run(t, [tradeAt(ONE), tradeAt(2n * ONE), tradeAt((181n * ONE) / 100n), tradeAt((18n * ONE) / 10n)]);
    expect(fired).toEqual([null, null, null, 'sell']);
    expect(state.best).toEqual({ zat: 200_000_000n, raw: 1_000_000n });
    // A fall from the first trade alone: the first trade is the best so far, not a fall.
    expect(run(t, [tradeAt(ONE), tradeAt((9n * ONE) / 10n)]).fired).toEqual([null, 'sell']);
  });

  it('a DCA buys when each is due by the clock, count times, then is done', () => {
    const t: OrderTrigger = { kind: 'dca', count: 3, everyMs: 60_000 };
    let state = initialState(1_000);
    const at = (now: number) => {
      const r = evaluate(t, state, { type: 'tick', now });
      state = r.state;
      return [r.fire, r.done];
    };
    expect(at(1_000)).toEqual(['buy', false]);
    expect(at(60_999)).toEqual([null, false]);
    expect(at(61_000)).toEqual(['buy', false]);
    expect(at(200_000)).toEqual(['buy', true]);
    expect(at(999_000)).toEqual([null, false]);
    expect(state.fired).toBe(3);
  });

  it('sell-on-graduation waits for the graduation alone', () => {
    expect(run({ kind: 'sell_on_graduation' }, [tradeAt(ONE), { type: 'tick', now: 5 }, { type: 'graduation' }]).fired).toEqual([null, null, 'sell']);
  });

  it('names the field of a trigger that cannot be placed', () => {
    expect(triggerProblem({ kind: 'limit_buy', atOrBelowE18: 0n })).toBe('atOrBelow: a price above 0');
    expect(triggerProblem({ kind: 'bracket', takeProfitE18: ONE, stopLossE18: ONE })).toBe('stopLoss: below the take-profit price');
    expect(triggerProblem({ kind: 'trailing_stop', trailBps: 10_000 })).toBe('trailBps: a whole number of bps from 1 to 9999');
    expect(triggerProblem({ kind: 'dca', count: 3, everyMs: 10 })).toBe('everyMs: at least one second between buys');
    expect(triggerProblem({ kind: 'sell_on_graduation' })).toBeNull();
  });
});
