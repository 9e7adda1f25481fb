import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { TriggerIndex, type IndexedOrder } from '../../core/orders/trigger-index.js';
import { evaluate, initialState, type OrderTrigger, type TriggerState } from '../../core/verify/order-trigger.js';

const A = 'So11111111111111111111111111111111111111112' as Address;
const B = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' as Address;

/** A seeded generator (xorshift), so a failure replays. */
function rng(seed: number) {
  let x = seed;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/**
 * The trigger index is only a faster way to ask core/verify/order-trigger.ts's `evaluate`: over random
 * orders (equal prices, exact hits, brackets, trailing stops, two coins) and random trades whose prices are
 * fractions landing on, just under and just over the thresholds, it fires exactly the orders `evaluate`
 * fires, on the same trade, with the same leg, and keeps the trailing stops' best prices the same.
 */
describe('TriggerIndex', () => {
  it('fires exactly what evaluate fires, trade by trade, over 5,000 random trades', () => {
    const next = rng(7);
    const price = () => BigInt(1_000 + next(200)) * 10n ** 8n; // ×1e18, a small range so prices collide
    const orders: IndexedOrder[] = [];
    for (let i = 0; i < 400; i++) {
      const k = next(6);
      const a = price();
      const b = price();
      const trigger: OrderTrigger =
        k === 0 ? { kind: 'limit_buy', atOrBelowE18: a }
        : k === 1 ? { kind: 'stop_loss', atOrBelowE18: a }
        : k === 2 ? { kind: 'take_profit', atOrAboveE18: a }
        : k === 3 ? { kind: 'limit_sell', atOrAboveE18: a }
        : k === 4 ? { kind: 'bracket', takeProfitE18: a > b ? a : b + 10n ** 8n, stopLossE18: a > b ? b : a }
        : { kind: 'trailing_stop', trailBps: 1 + next(300) };
      orders.push({ id: `o${i}`, mint: next(2) === 0 ? A : B, trigger, triggerState: initialState(0) });
    }
    const index = new TriggerIndex();
    for (const o of orders) index.add(o);
    const open = new Map<string, { order: IndexedOrder; state: TriggerState }>(orders.map((o) => [o.id, { order: o, state: o.triggerState }]));
    let fired = 0;
    for (let t = 0; t < 5_000 && open.size > 0; t++) {
      const mint = next(2) === 0 ? A : B;
      // A fraction zat/raw near a threshold: raw 10^10 ± a little, so ⌊x⌋ and ⌈x⌉ differ and exact hits happen.
      const raw = 10_000_000_000n + BigInt(next(3)) - 1n;
      const zat = (price() * raw) / 10n ** 16n + BigInt(next(3)) - 1n;
      const expected: string[] = [];
      for (const [id, o] of open) {
        if (o.order.mint !== mint) continue;
        const e = evaluate(o.order.trigger, o.state, { type: 'trade', zat, raw });
        if (e.fire) expected.push(`${id}:${e.fire}`);
        else o.state = e.state;
      }
      const outcome = index.onTrade(mint, zat, raw);
      expect(outcome.fired.map((f) => `${f.id}:${f.leg}`).sort()).toEqual(expected.sort());
      for (const [id, state] of outcome.moved) expect(state).toEqual(open.get(id)!.state);
      for (const f of outcome.fired) open.delete(f.id);
      fired += outcome.fired.length;
      expect(index.size).toBe(open.size);
    }
    expect(fired).toBeGreaterThan(300);
  });

  it('removes an order with every threshold it has (a bracket both legs), and a re-added one fires again', () => {
    const index = new TriggerIndex();
    const bracket: IndexedOrder = { id: 'b', mint: A, trigger: { kind: 'bracket', takeProfitE18: 2_000n, stopLossE18: 1_000n }, triggerState: initialState(0) };
    index.add(bracket);
    index.add({ id: 'l', mint: A, trigger: { kind: 'limit_buy', atOrBelowE18: 1_000n }, triggerState: initialState(0) });
    index.remove('b');
    expect(index.has('b')).toBe(false);
    // 1000×1e-18 ZEC per coin is zat/raw = 1000/1e16: the limit fires, the removed bracket's stop does not.
    expect(index.onTrade(A, 1_000n, 10n ** 16n).fired).toEqual([{ id: 'l', leg: 'buy' }]);
    index.add(bracket);
    expect(index.onTrade(A, 2_000n, 10n ** 16n).fired).toEqual([{ id: 'b', leg: 'take_profit' }]);
    expect(index.size).toBe(0);
  });
});
