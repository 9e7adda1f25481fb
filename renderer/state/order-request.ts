import { formatDecimalUnits, parseDecimalUnits, ZEC_DECIMALS } from '../../core/math/units.js';
import type { OrderKindName, OrderRequest } from '../api/order-api.js';
import { kindFields } from './order-figures.js';

/**
 * The order form's text as the body of POST /local/orders. Only the decimals are read here, exactly (a
 * price to 18 places, ZEC to 8, a trail's percent to 2); every rule about what an order may be is the
 * server's, which refuses a field by name.
 */

export type EveryUnit = 'seconds' | 'minutes' | 'hours' | 'days';
export const EVERY_UNIT_SECONDS: Readonly<Record<EveryUnit, number>> = Object.freeze({ seconds: 1, minutes: 60, hours: 3_600, days: 86_400 });

/** How long an order waits before it expires unfilled. */
export type ExpiryChoice = 'never' | '1h' | '1d' | '7d';
export const EXPIRY_MS: Readonly<Record<Exclude<ExpiryChoice, 'never'>, number>> = Object.freeze({ '1h': 3_600_000, '1d': 86_400_000, '7d': 604_800_000 });
export const EXPIRY_LABELS: Readonly<Record<ExpiryChoice, string>> = Object.freeze({ never: 'until cancelled', '1h': '1 hour', '1d': '1 day', '7d': '7 days' });

export interface OrderFormText {
  readonly wallet: string;
  readonly mint: string;
  readonly kind: OrderKindName;
  readonly price: string;
  readonly takeProfit: string;
  readonly stopLoss: string;
  /** The trailing stop's distance, percent ("10", "2.5"). */
  readonly trailPercent: string;
  readonly count: string;
  readonly every: string;
  readonly everyUnit: EveryUnit;
  /** ZEC each buy spends. */
  readonly amount: string;
  /** Whole percent of the position a sale sells. */
  readonly percent: string;
  /** Empty: the server takes the wallet's preset. */
  readonly slippageBps: string;
  /** Micro-lamports per compute unit (the wallet's priority preset). */
  readonly computeUnitPrice: string;
  readonly expiry: ExpiryChoice;
}

export type OrderRequestResult = { readonly body: OrderRequest; readonly problem: null } | { readonly body: null; readonly problem: string };

const refuse = (problem: string): OrderRequestResult => ({ body: null, problem });

/** A decimal read exactly at `decimals`, or the words of why not. */
function decimal(text: string, decimals: number, field: string, what: string): bigint | string {
  try {
    return parseDecimalUnits(text, decimals);
  } catch {
    return `${field}: "${text.trim()}" is not ${what} (digits and one point, up to ${decimals} decimals)`;
  }
}

const WHOLE = /^\d{1,9}$/;

/** The form as a request body, or the first field that is not a number at all. `now` dates the expiry. */
export function orderRequestOf(form: OrderFormText, now: number): OrderRequestResult {
  const fields = kindFields(form.kind);
  const body: { -readonly [K in keyof OrderRequest]: OrderRequest[K] } = { wallet: form.wallet, mint: form.mint, kind: form.kind };
  const price = (text: string, field: string): string | null => {
    const value = decimal(text, 18, field, 'a price in ZEC per whole coin');
    if (typeof value === 'string') return value;
    body[field as 'price' | 'takeProfit' | 'stopLoss'] = formatDecimalUnits(value, 18);
    return null;
  };
  if (form.wallet === '') return refuse('wallet: choose or create a wallet on the Wallets page first');
  if (fields.price !== null) {
    const problem = price(form.price, 'price');
    if (problem) return refuse(problem);
  }
  if (fields.bracket) {
    const problem = price(form.takeProfit, 'takeProfit') ?? price(form.stopLoss, 'stopLoss');
    if (problem) return refuse(problem);
  }
  if (fields.trail) {
    const bps = decimal(form.trailPercent, 2, 'trail', 'a percent');
    if (typeof bps === 'string') return refuse(bps);
    body.trailBps = Number(bps);
  }
  if (fields.dca) {
    if (!WHOLE.test(form.count.trim())) return refuse(`count: "${form.count.trim()}" is not a whole number of buys`);
    if (!WHOLE.test(form.every.trim())) return refuse(`every: "${form.every.trim()}" is not a whole number of ${form.everyUnit}`);
    body.count = Number(form.count.trim());
    body.everySeconds = Number(form.every.trim()) * EVERY_UNIT_SECONDS[form.everyUnit];
  }
  if (fields.spends === 'amount') {
    const zat = decimal(form.amount, ZEC_DECIMALS, 'amount', 'an amount of ZEC');
    if (typeof zat === 'string') return refuse(zat);
    body.amount = zat.toString();
  } else {
    if (!WHOLE.test(form.percent.trim())) return refuse(`percent: "${form.percent.trim()}" is not a whole percent of the position`);
    body.percent = Number(form.percent.trim());
  }
  if (form.slippageBps.trim() !== '') {
    if (!WHOLE.test(form.slippageBps.trim())) return refuse(`slippageBps: "${form.slippageBps.trim()}" is not a whole number of bps`);
    body.slippageBps = Number(form.slippageBps.trim());
  }
  if (form.computeUnitPrice !== '') body.computeUnitPrice = form.computeUnitPrice;
  if (form.expiry !== 'never') body.expiresAt = new Date(now + EXPIRY_MS[form.expiry]).toISOString();
  return { body, problem: null };
}
