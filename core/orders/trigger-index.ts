import type { Address } from '@solana/kit';
import { evaluate, type FiredLeg, type OrderTrigger, type TriggerState } from '../verify/order-trigger.js';

/** ZEC per whole coin ×1e18 is zat × 10^16 per raw unit (as core/verify/order-trigger.ts). */
const SCALE = 10n ** 16n;

/** What the index needs of an order: its id, coin, trigger and the trigger's state. */
export interface IndexedOrder {
  readonly id: string;
  readonly mint: Address;
  readonly trigger: OrderTrigger;
  readonly triggerState: TriggerState;
}

interface Threshold {
  readonly price: bigint;
  readonly id: string;
  readonly leg: FiredLeg;
}

interface MintTriggers {
  /** Fire at or below: ascending by price. A trade at x fires every entry with price ≥ x. */
  readonly below: Threshold[];
  /** Fire at or above: ascending by price. A trade at x fires every entry with price ≤ x. */
  readonly above: Threshold[];
  /** Trailing stops move with every trade: evaluated one by one (their number is what a trader sets, not thousands). */
  readonly trailing: Map<string, IndexedOrder>;
}

/** What one trade did: the orders it fired (with their leg) and the trailing stops whose best price moved. */
export interface TradeOutcome {
  readonly fired: { readonly id: string; readonly leg: FiredLeg }[];
  readonly moved: Map<string, TriggerState>;
}

/** First index whose price is ≥ `price` (ascending array). */
function lowerBound(list: readonly Threshold[], price: bigint): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.price < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose price is > `price` (ascending array). */
function upperBound(list: readonly Threshold[], price: bigint): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.price <= price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The open price orders of every coin, kept so that a landed trade costs a lookup, not a pass over every
 * order: per coin, the "at or below" thresholds and the "at or above" ones, each sorted. A trade at the
 * rational price x = zat × 1e16 / raw fires the below-entries with price ≥ ⌈x⌉ and the above-entries with
 * price ≤ ⌊x⌋: for an integer threshold T, T ≥ x ⟺ T ≥ ⌈x⌉ and T ≤ x ⟺ T ≤ ⌊x⌋, so this is exactly
 * core/verify/order-trigger.ts's `evaluate` (the tests check both agree), found by binary search.
 * DCA and sell-on-graduation orders are not here: a clock and a graduation fire them.
 */
export class TriggerIndex {
  private readonly byMint = new Map<Address, MintTriggers>();
  private readonly mintOf = new Map<string, Address>();
  /** Each indexed order's thresholds, so removing one is a binary search, not a scan. */
  private readonly entriesOf = new Map<string, readonly { readonly side: 'below' | 'above'; readonly price: bigint }[]>();

  get size(): number {
    return this.mintOf.size;
  }

  has(id: string): boolean {
    return this.mintOf.has(id);
  }

  /** Adds a price order (limit, take-profit, stop-loss, bracket, trailing stop); other kinds are ignored. */
  add(order: IndexedOrder): void {
    const t = order.trigger;
    const entries: { side: 'below' | 'above'; price: bigint; leg: FiredLeg }[] = [];
    switch (t.kind) {
      case 'limit_buy':
        entries.push({ side: 'below', price: t.atOrBelowE18, leg: 'buy' });
        break;
      case 'stop_loss':
        entries.push({ side: 'below', price: t.atOrBelowE18, leg: 'sell' });
        break;
      case 'limit_sell':
      case 'take_profit':
        entries.push({ side: 'above', price: t.atOrAboveE18, leg: 'sell' });
        break;
      case 'bracket':
        entries.push({ side: 'above', price: t.takeProfitE18, leg: 'take_profit' }, { side: 'below', price: t.stopLossE18, leg: 'stop_loss' });
        break;
      case 'trailing_stop':
        break;
      default:
        return;
    }
    this.remove(order.id);
    const mint = this.triggersOf(order.mint);
    if (t.kind === 'trailing_stop') mint.trailing.set(order.id, order);
    for (const e of entries) {
      const list = mint[e.side];
      // Equal prices keep placing order (oldest first), so a tie fires in the order they were placed.
      list.splice(upperBound(list, e.price), 0, { price: e.price, id: order.id, leg: e.leg });
    }
    this.mintOf.set(order.id, order.mint);
    this.entriesOf.set(order.id, entries.map((e) => ({ side: e.side, price: e.price })));
  }

  remove(id: string): void {
    const mintAddress = this.mintOf.get(id);
    if (mintAddress === undefined) return;
    this.mintOf.delete(id);
    const mint = this.byMint.get(mintAddress)!;
    for (const entry of this.entriesOf.get(id) ?? []) this.drop(mint[entry.side], entry.price, id);
    this.entriesOf.delete(id);
    mint.trailing.delete(id);
    if (mint.below.length === 0 && mint.above.length === 0 && mint.trailing.size === 0) this.byMint.delete(mintAddress);
  }

  /** Removes `id`'s entry at `price`: a binary search to the run of equal prices, then a scan of that run only. */
  private drop(list: Threshold[], price: bigint, id: string): void {
    for (let i = lowerBound(list, price); i < list.length && list[i]!.price === price; i++) {
      if (list[i]!.id === id) {
        list.splice(i, 1);
        return;
      }
    }
  }

  /**
   * One landed trade of `mint` at `zat / raw`: the orders it fires, removed from the index (the runner puts
   * back one whose fill must be retried), and the trailing stops whose best price rose.
   */
  onTrade(mintAddress: Address, zat: bigint, raw: bigint): TradeOutcome {
    const moved = new Map<string, TriggerState>();
    const mint = this.byMint.get(mintAddress);
    if (!mint || raw <= 0n) return { fired: [], moved };
    const scaled = zat * SCALE;
    const floor = scaled / raw;
    const ceil = scaled % raw === 0n ? floor : floor + 1n;
    const fired: { id: string; leg: FiredLeg }[] = [];
    const firedIds = new Set<string>();
    // Below: every price ≥ ⌈x⌉ (the tail). Above: every price ≤ ⌊x⌋ (the head). Both cut off in one splice.
    const from = lowerBound(mint.below, ceil);
    const to = upperBound(mint.above, floor);
    const crossed = [...mint.below.splice(from), ...mint.above.splice(0, to)];
    for (const t of crossed) {
      if (firedIds.has(t.id)) continue;
      firedIds.add(t.id);
      fired.push({ id: t.id, leg: t.leg });
    }
    for (const order of mint.trailing.values()) {
      const e = evaluate(order.trigger, order.triggerState, { type: 'trade', zat, raw });
      if (e.fire) {
        firedIds.add(order.id);
        fired.push({ id: order.id, leg: e.fire });
      } else if (e.state !== order.triggerState) {
        mint.trailing.set(order.id, { ...order, triggerState: e.state });
        moved.set(order.id, e.state);
      }
    }
    // What is left of a fired order: a bracket's other leg (still in its list), a trailing stop's entry.
    for (const id of firedIds) {
      for (const entry of this.entriesOf.get(id) ?? []) {
        const list = mint[entry.side];
        const cut = entry.side === 'below' ? entry.price >= ceil : entry.price <= floor;
        if (!cut) this.drop(list, entry.price, id);
      }
      this.entriesOf.delete(id);
      this.mintOf.delete(id);
      mint.trailing.delete(id);
      moved.delete(id);
    }
    if (mint.below.length === 0 && mint.above.length === 0 && mint.trailing.size === 0) this.byMint.delete(mintAddress);
    return { fired, moved };
  }

  private triggersOf(mintAddress: Address): MintTriggers {
    let mint = this.byMint.get(mintAddress);
    if (!mint) {
      mint = { below: [], above: [], trailing: new Map() };
      this.byMint.set(mintAddress, mint);
    }
    return mint;
  }
}
