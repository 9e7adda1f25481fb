import { isLaunchdeskError, LaunchdeskError } from '../client/client-error.js';
import { DeskError } from '../errors.js';
import { textOf, type CommandValues } from './command-values.js';
import { orderDesk, type OrderDesk, type OrderDetailJson, type OrderJson } from './order-connection.js';
import { mintAddressOf, orderBodyOf, type OrderBodyJson } from './order-flags.js';
import { percentOf, unitsText, ZEC } from './trade-amounts.js';

/**
 * `launchdesk order add|list|show|cancel|resume`: the local orders of the server on this machine. With
 * --json stdout carries the server's answer exactly; otherwise a person's lines (list as a compact table,
 * show with the fills and the journal). Amounts in the answers are zat, shown here as ZEC.
 */

const ORDER_ID = /^o_[0-9a-f]{24}$/;
const STATES = ['open', 'filling', 'filled', 'cancelled', 'expired', 'paused', 'active'] as const;

function orderIdOf(text: string): string {
  const id = text.trim();
  if (!ORDER_ID.test(id)) throw new DeskError('invalid_param', `<id>: ${JSON.stringify(id.slice(0, 40))} is not an order id (o_ and 24 hex digits, as \`launchdesk order list\` shows them)`);
  return id;
}

function write(values: CommandValues, json: unknown, lines: () => readonly string[]): void {
  process.stdout.write(values['json'] ? `${JSON.stringify(json)}\n` : `${lines().join('\n')}\n`);
}

const shortAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address);
/** ISO time to the minute, as a table shows it. */
const minute = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** `1h30m`, `45s`: whole seconds as the shortest duration words. */
function durationWords(seconds: number): string {
  const parts: string[] = [];
  let left = seconds;
  for (const [unit, size] of [['d', 86_400], ['h', 3_600], ['m', 60], ['s', 1]] as const) {
    if (left >= size) {
      parts.push(`${Math.floor(left / size)}${unit}`);
      left %= size;
    }
  }
  return parts.join('') || '0s';
}

/** What the order waits for, in a few words (the table's column, and show's line). */
export function triggerWords(order: OrderJson): string {
  switch (order.kind) {
    case 'limit_buy':
    case 'stop_loss':
      return `at or below ${order.price} ZEC`;
    case 'limit_sell':
    case 'take_profit':
      return `at or above ${order.price} ZEC`;
    case 'bracket':
      return `at or above ${order.takeProfit} ZEC, or at or below ${order.stopLoss} ZEC`;
    case 'trailing_stop':
      return `${percentOf(order.trailBps ?? 0)} below the best${order.stopAt === null ? ' (no trade yet)' : `, now at or below ${order.stopAt} ZEC`}`;
    case 'dca':
      return `${order.count} buys, every ${durationWords(order.everySeconds ?? 0)}`;
    case 'sell_on_graduation':
      return 'when the coin graduates';
  }
}

/** What each fill spends or sells. */
export function sizeWords(order: Pick<OrderJson, 'amount' | 'percent'>): string {
  if (order.amount !== null) return `${unitsText(order.amount, ZEC)} ZEC`;
  if (order.percent !== null) return `${order.percent}% of the position`;
  return '-';
}

/**
 * The fills begun and landed. The server's `fired` counts every fill begun, retries of one leg included,
 * so it is no count of buys made: the landed ones say that.
 */
const fillsWords = (order: OrderJson) => (order.fired === 0 ? '0' : `${order.fired}, ${order.fills.filter((f) => f.state === 'landed').length} landed`);

/** The orders as a compact table, newest first as the server gives them. */
export function orderTable(orders: readonly OrderJson[]): string[] {
  if (orders.length === 0) return ['no orders'];
  const rows = [
    ['ID', 'KIND', 'STATE', 'TRIGGER', 'EACH FILL', 'FILLS', 'WALLET', 'COIN', 'PLACED'],
    ...orders.map((o) => [o.id, o.kind, o.state, triggerWords(o), sizeWords(o), fillsWords(o), shortAddress(o.wallet), shortAddress(o.mint), minute(o.createdAt)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
}

/** One order in lines: its fields, its fills, and (from show) its journal. */
export function orderLines(order: OrderJson | OrderDetailJson): string[] {
  const lines = [
    `order ${order.id}  ${order.kind}  ${order.state}${order.reason ? ` (${order.reason})` : ''}`,
    `  wallet        ${order.wallet}`,
    `  coin          ${order.mint}`,
    `  trigger       ${triggerWords(order)}`,
    `  each fill     ${sizeWords(order)}`,
    `  slippage      ${percentOf(order.slippageBps)}, priority fee ${order.computeUnitPrice} micro-lamports per compute unit`,
    `  fills         ${order.fired === 0 ? 'none yet' : `${fillsWords(order)}`}${order.nextAt ? `; the next falls due at ${order.nextAt}` : ''}`,
    `  placed        ${order.createdAt}`,
    `  expires       ${order.expiresAt ?? 'never (until cancelled)'}`,
  ];
  if (order.kind === 'trailing_stop') lines.push(`  best price    ${order.best === null ? 'no trade yet' : `${order.best} ZEC`}`);
  if (order.fills.length > 0) lines.push('fills:');
  for (const fill of order.fills) {
    lines.push(`  #${fill.seq}  ${fill.state.padEnd(7)}  ${fill.at}  ${fill.signatures.length > 0 ? fill.signatures.join(', ') : 'no signature yet'}${fill.detail ? `  ${fill.detail}` : ''}`);
  }
  if ('journal' in order) {
    lines.push(order.journal.length === 0 ? 'journal: empty' : 'journal:');
    const width = Math.max(0, ...order.journal.map((j) => j.step.length));
    for (const entry of order.journal) lines.push(`  ${entry.at}  ${entry.step.padEnd(width)}  ${entry.line}`);
  }
  return lines;
}

export async function orderAdd(values: CommandValues): Promise<void> {
  // The flags are read before anything is asked of the keychain or the server.
  const body = orderBodyOf(values, Date.now());
  const { orders, wallet, close } = await orderDesk(values, true);
  const order = await orders.add({ ...body, wallet: wallet! } as OrderBodyJson).finally(close);
  write(values, order, () => [`placed order ${order.id} (${order.kind}) for ${shortAddress(order.mint)}: ${triggerWords(order)}, each fill ${sizeWords(order)}; wallet ${order.wallet}`]);
}

export async function orderList(values: CommandValues): Promise<void> {
  const mintText = textOf(values, 'mint');
  const mint = mintText === undefined ? undefined : mintAddressOf(mintText, '--mint');
  const stateText = textOf(values, 'state');
  const state = stateText === undefined ? undefined : STATES.find((s) => s === stateText.trim().toLowerCase());
  if (stateText !== undefined && state === undefined) throw new DeskError('usage', `order list: --state takes ${STATES.join(', ')}; got ${JSON.stringify(stateText.slice(0, 40))}`);
  const { orders, wallet, close } = await orderDesk(values, false);
  const answer = await orders.list({ ...(wallet ? { wallet } : {}), ...(mint ? { mint } : {}), ...(state ? { state } : {}) }).finally(close);
  write(values, answer, () => orderTable(answer.data));
}

/**
 * One order by its id. Signed in, the CLI sees one wallet's orders: another wallet's order is refused as
 * not found or not this key's, so the refusal says which wallet asked and how to name another.
 */
async function onOrder<T>(positionals: readonly string[], values: CommandValues, work: (orders: OrderDesk['orders'], id: string) => Promise<T>): Promise<T> {
  const id = orderIdOf(positionals[0]!);
  const { orders, wallet, signedIn, close } = await orderDesk(values, false);
  try {
    return await work(orders, id);
  } catch (error) {
    if (signedIn && isLaunchdeskError(error) && (error.status === 403 || error.status === 404)) {
      throw new LaunchdeskError(error.code, `${error.message} (asked as wallet ${wallet}: if the order is another wallet's, name it with --wallet or --key-file)`, error.status);
    }
    throw error;
  } finally {
    await close();
  }
}

export async function orderShow(positionals: readonly string[], values: CommandValues): Promise<void> {
  const order = await onOrder(positionals, values, (orders, id) => orders.show(id));
  write(values, order, () => orderLines(order));
}

export async function orderCancel(positionals: readonly string[], values: CommandValues): Promise<void> {
  const order = await onOrder(positionals, values, (orders, id) => orders.cancel(id));
  write(values, order, () => [`cancelled order ${order.id} (${order.kind}): it fires no more${order.fills.length > 0 ? `; ${order.fills.length} fill(s) began before, \`launchdesk order show ${order.id}\` shows them` : ''}`]);
}

export async function orderResume(positionals: readonly string[], values: CommandValues): Promise<void> {
  const order = await onOrder(positionals, values, (orders, id) => orders.resume(id));
  // A price already met when it is resumed fires at once (the server's journal says so).
  write(values, order, () => [`resumed order ${order.id} (${order.kind}): ${order.state === 'open' ? `waits again, ${triggerWords(order)}` : `${order.state} now (\`launchdesk order show ${order.id}\` tells why)`}`]);
}
