import { isAddress } from '@solana/kit';
import type { Static } from 'typebox';
import type { OrderBody } from '../api/schemas/orders.js';
import { DeskError } from '../errors.js';
import { KIND_FIELDS, type OrderField } from '../types/order-kinds.js';
import { formatDecimalUnits, parseDecimalUnits } from '../math/units.js';
import { textOf, type CommandValues } from './command-values.js';
import { ORDER_KIND_WORDS } from './order-usage.js';
import { amountIn, priorityFeeOf, ZEC } from './trade-amounts.js';

/**
 * `launchdesk order add`'s flags read into the server's order body (core/api/schemas/orders.ts), exactly:
 * prices stay decimal text (normalised, never a float), ZEC becomes zat with the decimal helpers, durations
 * whole seconds. A flag the kind does not take, or one it needs and lacks, is a usage error naming it; a
 * value it cannot take is refused naming the flag, as the trading commands refuse theirs.
 */

export type OrderBodyJson = Static<typeof OrderBody>;
export type OrderKind = OrderBodyJson['kind'];

/** What a price may carry: the server keeps 18 decimals of ZEC per whole coin, at most 20 whole digits. */
const PRICE_DECIMALS = 18;
const PRICE_MAX_WHOLE_DIGITS = 20;
/** The body's bounds (core/api/schemas/orders.ts; test/cli/order-flags.test.ts holds them equal). */
export const ORDER_BOUNDS = { trailBps: [1, 9_999], count: [1, 1_000], everySeconds: [1, 31_536_000], percent: [1, 100], slippageBps: [0, 2_000] } as const;

/** The flag of each body field a kind may take. */
const FLAG_OF: Readonly<Record<OrderField, string>> = { price: 'price', takeProfit: 'take-profit', stopLoss: 'stop-loss', trailBps: 'trail', count: 'count', everySeconds: 'every', amount: 'amount', percent: 'percent' };
/** The flags each kind needs, beyond those every order may take; it takes no other kind flag (the server's rule, core/types/order-kinds.ts). */
const kindFlags = (kind: OrderKind): readonly string[] => KIND_FIELDS[kind].map((f) => FLAG_OF[f]);
/** Flags that say what the order does, checked against its kind (`trail-bps` counts as `trail`). */
const KIND_SPECIFIC = ['price', 'take-profit', 'stop-loss', 'trail', 'trail-bps', 'count', 'every', 'amount', 'percent'] as const;

const usage = (message: string) => new DeskError('usage', `order add: ${message}`);
const shown = (text: string) => JSON.stringify(text.slice(0, 40));

/** `limit-buy` or `limit_buy`, any case. */
export function orderKindOf(text: string): OrderKind {
  const word = text.trim().toLowerCase().replaceAll('_', '-');
  if (!(ORDER_KIND_WORDS as readonly string[]).includes(word)) throw usage(`--kind takes ${ORDER_KIND_WORDS.join(', ')}; got ${shown(text)}`);
  return word.replaceAll('-', '_') as OrderKind;
}

/** A price in ZEC per whole coin, as the server keeps it: more than zero, up to 18 decimals, written without spare zeros. */
export function priceOf(text: string, flag: string): string {
  const trimmed = text.trim();
  let scaled: bigint;
  try {
    scaled = parseDecimalUnits(trimmed, PRICE_DECIMALS);
  } catch {
    const fraction = /^\d*\.(\d+)$/.exec(trimmed)?.[1];
    if (fraction !== undefined && fraction.length > PRICE_DECIMALS) throw new DeskError('invalid_param', `${flag}: a price has at most ${PRICE_DECIMALS} decimal places, and ${shown(trimmed)} has ${fraction.length}`);
    throw new DeskError('invalid_param', `${flag}: ${shown(trimmed)} is not a price: ZEC per whole coin, in digits with at most one decimal point (0.000000045)`);
  }
  if (scaled === 0n) throw new DeskError('invalid_param', `${flag}: the price must be more than zero`);
  const price = formatDecimalUnits(scaled, PRICE_DECIMALS);
  if (price.split('.')[0]!.length > PRICE_MAX_WHOLE_DIGITS) throw new DeskError('invalid_param', `${flag}: ${shown(trimmed)} is more than any price the server keeps`);
  return price;
}

/** A whole number within bounds, naming the flag otherwise. */
export function wholeOf(text: string, flag: string, [least, most]: readonly [number, number], what: string): number {
  const trimmed = text.trim();
  if (!/^[0-9]{1,9}$/.test(trimmed) || Number(trimmed) < least || Number(trimmed) > most) throw new DeskError('invalid_param', `${flag}: ${shown(trimmed)} is not ${what} from ${least} to ${most}`);
  return Number(trimmed);
}

/** `5%`, `5` or `0.25%` as basis points, exactly (500, 500, 25). */
export function trailBpsOf(text: string): number {
  const trimmed = text.trim().replace(/%$/, '');
  let bps: bigint;
  try {
    bps = parseDecimalUnits(trimmed, 2);
  } catch {
    throw new DeskError('invalid_param', `--trail: ${shown(text)} is not a percentage with at most 2 decimals (5% or 0.25%)`);
  }
  const [least, most] = ORDER_BOUNDS.trailBps;
  if (bps < BigInt(least) || bps > BigInt(most)) throw new DeskError('invalid_param', `--trail: ${shown(text)} must be from 0.01% to 99.99%`);
  return Number(bps);
}

const SECONDS = { s: 1, m: 60, h: 3_600, d: 86_400, w: 604_800 } as const;

/** `30s`, `5m`, `1h`, `2d`, `1w` or a run of them (`1h30m`) in whole seconds; null when the text is no duration. */
export function durationSecondsOf(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (!/^([0-9]{1,9}[smhdw])+$/.test(trimmed)) return null;
  let total = 0;
  for (const [, count, unit] of trimmed.matchAll(/([0-9]+)([smhdw])/g)) total += Number(count) * SECONDS[unit as keyof typeof SECONDS];
  return total;
}

/** `--every`: a duration within the body's bounds. */
export function everySecondsOf(text: string): number {
  const seconds = durationSecondsOf(text);
  const [least, most] = ORDER_BOUNDS.everySeconds;
  if (seconds === null) throw new DeskError('invalid_param', `--every: ${shown(text)} is not a duration: 30s, 5m, 1h, 2d, or a run of them (1h30m)`);
  if (seconds < least || seconds > most) throw new DeskError('invalid_param', `--every: ${shown(text)} must be from 1 second to 365 days`);
  return seconds;
}

/** `--expires`: an ISO 8601 time in the future, or a duration from `now`, as ISO text. */
export function expiresAtOf(text: string, now: number): string {
  const seconds = durationSecondsOf(text);
  if (seconds !== null) {
    if (seconds === 0) throw new DeskError('invalid_param', '--expires: a duration of zero has passed already');
    return new Date(now + seconds * 1000).toISOString();
  }
  const trimmed = text.trim();
  const at = /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? Date.parse(trimmed) : NaN;
  if (Number.isNaN(at)) throw new DeskError('invalid_param', `--expires: ${shown(text)} is neither an ISO 8601 time (2026-12-01T12:00:00Z) nor a duration (2h, 7d)`);
  if (at <= now) throw new DeskError('invalid_param', `--expires: ${trimmed} has passed already`);
  return new Date(at).toISOString();
}

/** A mint's address, or a refusal naming the flag. */
export function mintAddressOf(text: string, flag: string): string {
  if (!isAddress(text.trim())) throw new DeskError('invalid_param', `${flag}: ${JSON.stringify(text.slice(0, 60))} is not a coin's mint address`);
  return text.trim();
}

/** Which flags the kind takes: a usage error names the first one given that it does not take, or the first one it needs and lacks. */
function checkKindFlags(kind: OrderKind, values: CommandValues): void {
  const given = (flag: string) => textOf(values, flag) !== undefined;
  const takes = kindFlags(kind);
  const word = kind.replaceAll('_', '-');
  if (given('trail') && given('trail-bps')) throw usage('give --trail or --trail-bps, not both');
  for (const flag of KIND_SPECIFIC) {
    const as = flag === 'trail-bps' ? 'trail' : flag;
    if (given(flag) && !takes.includes(as)) throw usage(`a ${word} order does not take --${flag} (it takes ${takes.map((f) => `--${f}`).join(', ')})`);
  }
  for (const flag of takes) {
    if (!given(flag) && !(flag === 'trail' && given('trail-bps'))) throw usage(`a ${word} order needs --${flag}`);
  }
}

/**
 * The order body from `order add`'s flags, less the wallet (the caller resolves it from the book). `now`
 * turns a duration given to --expires into a time.
 */
export function orderBodyOf(values: CommandValues, now: number): Omit<OrderBodyJson, 'wallet'> {
  const mintText = textOf(values, 'mint');
  if (mintText === undefined) throw usage('--mint is needed');
  const kindText = textOf(values, 'kind');
  if (kindText === undefined) throw usage(`--kind is needed: ${ORDER_KIND_WORDS.join(', ')}`);
  const kind = orderKindOf(kindText);
  checkKindFlags(kind, values);
  const mint = mintAddressOf(mintText, '--mint');
  const text = (flag: string) => textOf(values, flag);
  const body: Record<string, unknown> = { mint, kind };
  if (text('price') !== undefined) body['price'] = priceOf(text('price')!, '--price');
  if (text('take-profit') !== undefined) body['takeProfit'] = priceOf(text('take-profit')!, '--take-profit');
  if (text('stop-loss') !== undefined) body['stopLoss'] = priceOf(text('stop-loss')!, '--stop-loss');
  if (text('trail') !== undefined) body['trailBps'] = trailBpsOf(text('trail')!);
  if (text('trail-bps') !== undefined) body['trailBps'] = wholeOf(text('trail-bps')!, '--trail-bps', ORDER_BOUNDS.trailBps, 'a number of basis points');
  if (text('count') !== undefined) body['count'] = wholeOf(text('count')!, '--count', ORDER_BOUNDS.count, 'a number of buys');
  if (text('every') !== undefined) body['everySeconds'] = everySecondsOf(text('every')!);
  if (text('amount') !== undefined) body['amount'] = amountIn(text('amount')!, ZEC, '--amount').toString();
  if (text('percent') !== undefined) body['percent'] = wholeOf(text('percent')!.trim().replace(/%$/, ''), '--percent', ORDER_BOUNDS.percent, 'a percentage');
  if (text('slippage-bps') !== undefined) body['slippageBps'] = wholeOf(text('slippage-bps')!, '--slippage-bps', ORDER_BOUNDS.slippageBps, 'a number of basis points');
  Object.assign(body, priorityFeeOf(values));
  if (text('expires') !== undefined) body['expiresAt'] = expiresAtOf(text('expires')!, now);
  if (kind === 'bracket' && parseDecimalUnits(body['stopLoss'] as string, PRICE_DECIMALS) >= parseDecimalUnits(body['takeProfit'] as string, PRICE_DECIMALS)) {
    throw new DeskError('invalid_param', '--stop-loss: must be below --take-profit');
  }
  return body as Omit<OrderBodyJson, 'wallet'>;
}
