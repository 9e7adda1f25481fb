import { formatPrice, roundToSignificant } from '../../core/math/decimal-display.js';
import { formatDecimalUnits, parseDecimalUnits, ZEC_DECIMALS } from '../../core/math/units.js';
import { buysWith, KIND_FIELDS } from '../../core/types/order-kinds.js';
import type { FillJson, OrderJson, OrderKindName, OrderStateName } from '../api/order-api.js';

/**
 * Local orders as the desk shows them: what each kind is called, an order in one line, the trigger lines
 * drawn on the chart and the signatures of the fills the tape and the chart mark. Pure (no DOM, no state):
 * prices stay exact decimal text ×1e18 until the chart's edge (state/chart-data.ts).
 */

/** Prices are ZEC per whole coin ×1e18, as the candles' and trades' `…E18` fields. */
const PRICE_DECIMALS = 18;

export const ORDER_KIND_LABELS: Readonly<Record<OrderKindName, string>> = Object.freeze({
  limit_buy: 'Limit buy',
  limit_sell: 'Limit sell',
  take_profit: 'Take-profit',
  stop_loss: 'Stop-loss',
  trailing_stop: 'Trailing stop',
  bracket: 'Bracket',
  dca: 'DCA',
  sell_on_graduation: 'Sell on graduation',
});

/** The order form's button: "Place the limit buy", "Start the DCA". */
export const placeText = (kind: OrderKindName): string => (kind === 'dca' ? 'Start the DCA' : `Place the ${ORDER_KIND_LABELS[kind].toLowerCase()}`);

/** The kinds in the order the picker lists them: buys first. */
export const ORDER_KIND_ORDER: readonly OrderKindName[] = Object.freeze(['limit_buy', 'dca', 'limit_sell', 'take_profit', 'stop_loss', 'trailing_stop', 'bracket', 'sell_on_graduation']);

/** What a kind asks for in the order form. */
export interface KindFields {
  /** One price: at or below (`below`) or at or above (`above`) fires. */
  readonly price: 'below' | 'above' | null;
  readonly bracket: boolean;
  readonly trail: boolean;
  readonly dca: boolean;
  /** A buy spends ZEC (`amount`); a sale sells a share of the position (`percent`). */
  readonly spends: 'amount' | 'percent';
}

/** Which side of its price fires a one-price kind. */
const FIRES_AT: Partial<Record<OrderKindName, 'below' | 'above'>> = { limit_buy: 'below', stop_loss: 'below', limit_sell: 'above', take_profit: 'above' };

/** The form's fields of a kind, read from the one rule of what each kind takes (core/types/order-kinds.ts). */
export function kindFields(kind: OrderKindName): KindFields {
  const takes = KIND_FIELDS[kind];
  return {
    price: takes.includes('price') ? FIRES_AT[kind]! : null,
    bracket: takes.includes('takeProfit'),
    trail: takes.includes('trailBps'),
    dca: takes.includes('count'),
    spends: buysWith(kind) ? 'amount' : 'percent',
  };
}

/** States in which an order still waits, or is at work (its lines stay on the chart). */
export const LIVE_STATES: ReadonlySet<OrderStateName> = new Set<OrderStateName>(['open', 'filling', 'paused']);

/** A price ×1e18 (decimal text of the order's own ZEC-per-coin price) for display: "0.0₇35". */
export const orderPriceText = (priceText: string): string => formatPrice(priceE18OfText(priceText), PRICE_DECIMALS);

/** The order's price text (ZEC per whole coin, as the server keeps it, up to 18 decimals) as ×1e18, exactly. */
export const priceE18OfText = (priceText: string): bigint => parseDecimalUnits(priceText, PRICE_DECIMALS);

/** A price ×1e18 as the order form takes it, for a field's placeholder: plain decimal text to four significant digits ("0.00000002833"). */
export const priceFieldText = (e18: string): string => formatDecimalUnits(roundToSignificant(BigInt(e18), 4), PRICE_DECIMALS);

/** Basis points as a percent: 1000 → "10%", 250 → "2.5%". */
export const bpsPercentText = (bps: number): string => `${formatDecimalUnits(BigInt(bps), 2)}%`;

const zecAmountText = (zat: string): string => `${formatDecimalUnits(BigInt(zat), ZEC_DECIMALS)} ZEC`;

/** A duration in seconds as the largest whole unit it is: "90s", "5 min", "2 h", "1 d". */
export function everyText(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds}s`;
}

/** What the order does, in one line without its kind's name: "0.5 ZEC at or below 0.0₇35", "100% at or above 0.0₆12". */
export function orderTermsText(order: OrderJson): string {
  const spend = order.amount !== null ? zecAmountText(order.amount) : `${order.percent ?? 100}%`;
  switch (order.kind) {
    case 'limit_buy':
    case 'stop_loss':
      return `${spend} at or below ${order.price === null ? '—' : orderPriceText(order.price)}`;
    case 'limit_sell':
    case 'take_profit':
      return `${spend} at or above ${order.price === null ? '—' : orderPriceText(order.price)}`;
    case 'bracket':
      return `${spend}: up to ${order.takeProfit === null ? '—' : orderPriceText(order.takeProfit)} or down to ${order.stopLoss === null ? '—' : orderPriceText(order.stopLoss)}`;
    case 'trailing_stop': {
      const trail = order.trailBps === null ? '—' : bpsPercentText(order.trailBps);
      const best = order.best !== null ? `, best ${orderPriceText(order.best)}` : '';
      return `${spend}, ${trail} below the best${order.stopAt !== null ? ` (stops at ${orderPriceText(order.stopAt)}${best})` : ' (no trade seen yet)'}`;
    }
    case 'dca':
      return `${spend} × ${order.count ?? '—'}, every ${order.everySeconds === null ? '—' : everyText(order.everySeconds)} (${order.fired} of ${order.count ?? '—'} done)`;
    case 'sell_on_graduation':
      return `${spend} when it moves to its pool`;
  }
}

/** A horizontal line on the chart at an order's trigger. */
export interface OrderLine {
  readonly orderId: string;
  /** ZEC per whole coin ×1e18, decimal text (the chart converts it as it converts the candles). */
  readonly priceE18: string;
  readonly label: string;
  readonly tone: 'buy' | 'sell' | 'stop';
  /** A paused order waits for the person: its line is drawn dashed. */
  readonly paused: boolean;
}

/**
 * The lines of a coin's orders that still wait: a limit, take-profit or stop-loss at its price, both legs of
 * a bracket, a trailing stop at the price it stops at now (none before its first trade). DCA and
 * sell-on-graduation wait for the clock and the pool, not a price: no line.
 */
export function orderLines(orders: readonly OrderJson[], mint: string): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const o of orders) {
    if (o.mint !== mint || !LIVE_STATES.has(o.state)) continue;
    const paused = o.state === 'paused';
    const at = (price: string | null, label: string, tone: OrderLine['tone']) => {
      if (price !== null) lines.push({ orderId: o.id, priceE18: priceE18OfText(price).toString(), label: paused ? `${label} (paused)` : label, tone, paused });
    };
    switch (o.kind) {
      case 'limit_buy':
        at(o.price, 'Limit buy', 'buy');
        break;
      case 'limit_sell':
        at(o.price, 'Limit sell', 'sell');
        break;
      case 'take_profit':
        at(o.price, 'Take-profit', 'sell');
        break;
      case 'stop_loss':
        at(o.price, 'Stop', 'stop');
        break;
      case 'bracket':
        at(o.takeProfit, 'Bracket TP', 'sell');
        at(o.stopLoss, 'Bracket stop', 'stop');
        break;
      case 'trailing_stop':
        at(o.stopAt, 'Trailing stop', 'stop');
        break;
      case 'dca':
      case 'sell_on_graduation':
        break;
    }
  }
  return lines;
}

/** Every signature of every fill of these orders: the tape's and the chart's "order" marks. */
export function fillSignatures(orders: readonly OrderJson[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const o of orders) for (const f of o.fills) for (const s of f.signatures) out.add(s);
  return out;
}

const FILL_STATE_TEXT: Readonly<Record<FillJson['state'], string>> = Object.freeze({ pending: 'pending', sent: 'sent', landed: 'landed', failed: 'failed' });
export const fillStateText = (fill: FillJson): string => FILL_STATE_TEXT[fill.state];

/** What the Orders page lists: every order, the active ones (open, filling, paused) or one state. */
export type OrderFilter = OrderStateName | 'active' | 'all';
export const ORDER_FILTERS: readonly OrderFilter[] = Object.freeze(['all', 'active', 'open', 'filling', 'paused', 'filled', 'cancelled', 'expired']);

/** Which orders a filter keeps. */
export function ordersIn(orders: readonly OrderJson[], filter: OrderFilter): OrderJson[] {
  if (filter === 'all') return [...orders];
  if (filter === 'active') return orders.filter((o) => LIVE_STATES.has(o.state));
  return orders.filter((o) => o.state === filter);
}
