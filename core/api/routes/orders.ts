import type { Address } from '@solana/kit';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { DeskError } from '../../errors.js';
import { formatDecimalUnits, parseDecimalUnits } from '../../math/units.js';
import { computeUnitPriceOf } from '../../engine/priority-fee.js';
import { OrderRunner } from '../../orders/order-runner.js';
import { venueOf } from '../../types/trading-presets.js';
import { triggerProblem, type OrderTrigger } from '../../verify/order-trigger.js';
import { stockKeyOf } from '../schemas/coin.js';
import { assertFieldBounds } from '../desk/field-bounds.js';
import { assertDeskToken, DESK_TOKEN_HEADER } from '../desk/desk-token.js';
import type { DeskSigning } from '../desk/desk-signing.js';
import { OrderBody, OrderDetailAnswer, OrderListAnswer, OrderListQuery, OrderParams } from '../schemas/orders.js';
import { buysWith, KIND_FIELDS, ORDER_FIELDS } from '../../types/order-kinds.js';
import type { Fill, Order, OrderAmount, OrderBook } from '../store/order-book.js';
import type { Api, ApiContext } from '../api-context.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';
import { listedCoinOf } from '../route-kit/coin-lookup.js';

const TAGS = { tags: ['local orders (not in the hosted spec)'] };
const PRICE_DECIMALS = 18;

/** Who may act on orders: the desk (any of its wallets) or an API key signed in with one wallet (that one only). */
type Access = { readonly by: 'desk' } | { readonly by: 'key'; readonly wallet: Address };

const RULE = "local orders spend this desk's keychain wallets: send the desk token (x-desk-token, from the URL launchdesk printed), or an API key signed in with the order's own wallet (Authorization: Bearer …)";

function accessOf(request: FastifyRequest, desk: DeskSigning): Access {
  if (request.headers[DESK_TOKEN_HEADER] !== undefined) {
    assertDeskToken(request, desk.token);
    return { by: 'desk' };
  }
  if (request.apiKey) return { by: 'key', wallet: request.apiKey.wallet };
  throw new DeskError('unauthorized', RULE);
}

function assertMayAct(access: Access, wallet: Address): void {
  if (access.by === 'key' && access.wallet !== wallet) {
    throw new DeskError('forbidden', `this API key was signed in with wallet ${access.wallet}: it may place, see and cancel only that wallet's orders, not ${wallet}'s`);
  }
}

const price = (e18: bigint | null) => (e18 === null ? null : formatDecimalUnits(e18, PRICE_DECIMALS));
const iso = (ms: number) => new Date(ms).toISOString();

function fillAnswer(f: Fill) {
  return { seq: f.seq, state: f.state, buildId: f.buildId, signatures: [...f.signatures], at: iso(f.at), detail: f.detail };
}

/** An order as the API answers it: prices as decimal ZEC per whole coin, times as ISO text. */
export function orderAnswer(order: Order, fills: readonly Fill[]) {
  const t = order.trigger;
  const best = t.kind === 'trailing_stop' && order.triggerState.best ? order.triggerState.best : null;
  const bestE18 = best ? (best.zat * 10n ** 16n) / best.raw : null;
  return {
    id: order.id,
    wallet: order.wallet,
    mint: order.mint,
    kind: t.kind,
    price: price(t.kind === 'limit_buy' || t.kind === 'stop_loss' ? t.atOrBelowE18 : t.kind === 'limit_sell' || t.kind === 'take_profit' ? t.atOrAboveE18 : null),
    takeProfit: price(t.kind === 'bracket' ? t.takeProfitE18 : null),
    stopLoss: price(t.kind === 'bracket' ? t.stopLossE18 : null),
    trailBps: t.kind === 'trailing_stop' ? t.trailBps : null,
    best: price(bestE18),
    // The level it sells at now, floored like the best: best × (10000 − trail) / 10000.
    stopAt: price(t.kind === 'trailing_stop' && best ? (best.zat * 10n ** 16n * BigInt(10_000 - t.trailBps)) / (best.raw * 10_000n) : null),
    count: t.kind === 'dca' ? t.count : null,
    everySeconds: t.kind === 'dca' ? t.everyMs / 1000 : null,
    fired: fills.length,
    nextAt: t.kind === 'dca' && order.triggerState.fired < t.count && (order.state === 'open' || order.state === 'paused') ? iso(order.triggerState.placedAt + order.triggerState.fired * t.everyMs) : null,
    amount: order.amount.kind === 'zat' ? String(order.amount.zat) : null,
    percent: order.amount.kind === 'percent' ? order.amount.percent : null,
    slippageBps: order.slippageBps,
    computeUnitPrice: String(order.computeUnitPrice),
    expiresAt: order.expiresAt === null ? null : iso(order.expiresAt),
    state: order.state,
    reason: order.reason,
    createdAt: iso(order.createdAt),
    fills: fills.map(fillAnswer),
  };
}

type Body = Static<typeof OrderBody>;
function priceOf(body: Body, field: 'price' | 'takeProfit' | 'stopLoss'): bigint {
  const text = body[field]!;
  const value = parseDecimalUnits(text, PRICE_DECIMALS);
  if (value === 0n) throw new DeskError('invalid_param', `${field}: a price above 0 ZEC per coin`, { field });
  return value;
}

/** The body read into an order: each field the kind needs present, every other refused by name. */
function triggerOf(body: Body): { trigger: OrderTrigger; amount: OrderAmount } {
  const kind = body.kind;
  const takes = KIND_FIELDS[kind];
  for (const field of ORDER_FIELDS) {
    if (body[field] !== undefined && !takes.includes(field)) throw new DeskError('invalid_param', `${field}: a ${kind} order takes no ${field} (it takes ${takes.join(', ')})`, { field });
  }
  for (const field of takes) if (body[field] === undefined) throw new DeskError('invalid_param', `${field}: a ${kind} order needs it`, { field });
  let trigger: OrderTrigger;
  switch (kind) {
    case 'limit_buy':
    case 'stop_loss':
      trigger = { kind, atOrBelowE18: priceOf(body, 'price') };
      break;
    case 'limit_sell':
    case 'take_profit':
      trigger = { kind, atOrAboveE18: priceOf(body, 'price') };
      break;
    case 'trailing_stop':
      trigger = { kind, trailBps: body.trailBps! };
      break;
    case 'bracket':
      trigger = { kind, takeProfitE18: priceOf(body, 'takeProfit'), stopLossE18: priceOf(body, 'stopLoss') };
      break;
    case 'dca':
      trigger = { kind, count: body.count!, everyMs: body.everySeconds! * 1000 };
      break;
    case 'sell_on_graduation':
      trigger = { kind };
      break;
  }
  const problem = triggerProblem(trigger);
  if (problem !== null) throw new DeskError('invalid_param', problem);
  if (buysWith(kind)) {
    const zat = BigInt(body.amount!);
    if (zat === 0n) throw new DeskError('invalid_param', 'amount: a buy spends more than 0 zat', { field: 'amount' });
    return { trigger, amount: { kind: 'zat', zat } };
  }
  return { trigger, amount: { kind: 'percent', percent: body.percent! } };
}

/**
 * The local orders (a local addition, not part of the hosted /v1): list, place, show, cancel and resume
 * orders that this machine runs (core/orders/order-runner.ts), each for a keychain wallet of this desk.
 * The rule is strict: the desk token acts for any wallet of this desk; an API key only for the wallet it
 * was signed in with; anything else is refused (401 without either, 403 for another wallet's orders).
 */
export async function registerOrderRoutes(app: Api, ctx: ApiContext, desk: DeskSigning & { readonly orders: { readonly book: OrderBook; readonly clock?: () => number; readonly tickMs?: number; readonly backoffMs?: number } }): Promise<OrderRunner | null> {
  const book = desk.orders.book;
  const relay = ctx.relay;
  if (!relay) return null;
  const clock = desk.orders.clock ?? Date.now;
  const runner = new OrderRunner({
    store: ctx.store,
    book,
    fill: { chain: ctx.chain, profile: ctx.profile, store: ctx.store, relay, wallets: desk.wallets, guard: desk.guard },
    clock,
    ...(desk.orders.tickMs !== undefined ? { tickMs: desk.orders.tickMs } : {}),
    ...(desk.orders.backoffMs !== undefined ? { backoffMs: desk.orders.backoffMs } : {}),
    ...(desk.watch ? { notify: (alert) => void desk.watch!.notify(alert) } : {}),
    onError: (error, where) => ctx.onUnexpectedError?.(error, where),
  });
  await runner.start();
  app.addHook('onClose', async () => runner.close());

  const keychainWallet = (address: string): Address => {
    if (!desk.wallets.list().wallets.some((w) => w.address === address)) throw new DeskError('not_found', `no wallet ${address.slice(0, 60)} in this desk's keychain: orders are filled with the keys held here`);
    return address as Address;
  };
  const withFills = (orders: readonly Order[]) => {
    const fills = book.fillsOf(orders.map((o) => o.id));
    return orders.map((o) => orderAnswer(o, fills.get(o.id) ?? []));
  };
  const owned = (request: FastifyRequest, id: string): Order => {
    const access = accessOf(request, desk);
    const order = book.get(id);
    if (!order) throw new DeskError('not_found', `no order ${id}`);
    assertMayAct(access, order.wallet);
    return order;
  };
  const detail = (order: Order) => ({ ...orderAnswer(order, book.fills(order.id)), journal: book.journal(order.id).map((l) => ({ at: iso(l.at), step: l.step, line: l.line })) });

  await app.register(async (plugin) => {
    const scope = plugin as Api;
    // Who asks first (401, 403), then whether each address is 32 bytes and each amount fits 64 bits (the schema checks only the characters).
    scope.addHook('preHandler', async (request) => {
      accessOf(request, desk);
      await assertFieldBounds(request);
    });
    scope.get('/local/orders', { schema: { ...TAGS, summary: 'List local orders (local addition)', querystring: OrderListQuery, response: { 200: OrderListAnswer, ...ERROR_RESPONSES } } }, async (request) => {
      const access = accessOf(request, desk);
      const q = request.query;
      if (q.wallet !== undefined) assertMayAct(access, q.wallet as Address);
      const wallet = access.by === 'key' ? access.wallet : ((q.wallet as Address | undefined) ?? null);
      const states = q.state === undefined ? null : q.state === 'active' ? ['open', 'filling', 'paused'] : [q.state];
      const orders = (wallet ? book.ofWallet(wallet) : book.all()).filter((o) => (q.mint === undefined || o.mint === q.mint) && (states === null || states.includes(o.state)));
      return { data: withFills(orders) };
    });

    scope.post('/local/orders', { schema: { ...TAGS, summary: 'Place a local order (local addition)', body: OrderBody, response: { 200: OrderDetailAnswer, ...ERROR_RESPONSES } } }, async (request) => {
      const access = accessOf(request, desk);
      const body = request.body;
      assertMayAct(access, body.wallet as Address);
      const wallet = keychainWallet(body.wallet);
      const coin = await listedCoinOf(ctx, body.mint);
      if (stockKeyOf(coin.pair) !== null) throw new DeskError('refused', `${coin.mint} is paired with a tokenized stock: local orders trade launchpad coins on their own venue, and a stock coin has no trade route here`);
      const { trigger, amount } = triggerOf(body);
      const graduated = (await ctx.store.graduation(coin.mint)) !== null;
      if (trigger.kind === 'sell_on_graduation' && graduated) throw new DeskError('refused', `${coin.symbol || coin.mint} has graduated already: sell it on its pool now instead`);
      const presets = desk.trading.presets(wallet);
      const slippageBps = body.slippageBps ?? presets.slippageBps[venueOf(coin.pair, graduated ? 'pool' : 'curve')];
      const computeUnitPrice = body.computeUnitPrice !== undefined ? computeUnitPriceOf(body.computeUnitPrice) : presets.priority.microLamports;
      let expiresAt: number | null = null;
      if (body.expiresAt !== undefined && body.expiresAt !== null) {
        expiresAt = Date.parse(body.expiresAt);
        if (!Number.isFinite(expiresAt) || !/^\d{4}-\d{2}-\d{2}T/.test(body.expiresAt)) throw new DeskError('invalid_param', `expiresAt: ${JSON.stringify(body.expiresAt.slice(0, 40))} is not an ISO 8601 time (e.g. 2026-12-01T12:00:00Z)`, { field: 'expiresAt' });
        if (expiresAt <= clock()) throw new DeskError('invalid_param', `expiresAt: ${body.expiresAt} is not in the future`, { field: 'expiresAt' });
      }
      const order = await runner.place({ wallet, mint: coin.mint, trigger, amount, slippageBps, computeUnitPrice, expiresAt });
      return detail(order);
    });

    scope.get('/local/orders/:id', { schema: { ...TAGS, summary: 'One local order with its fills and journal (local addition)', params: OrderParams, response: { 200: OrderDetailAnswer, ...ERROR_RESPONSES } } }, async (request) => detail(owned(request, request.params.id)));

    scope.delete('/local/orders/:id', { schema: { ...TAGS, summary: 'Cancel a local order (local addition)', params: OrderParams, response: { 200: OrderDetailAnswer, ...ERROR_RESPONSES } } }, async (request) => {
      const order = owned(request, request.params.id);
      return detail(runner.cancel(order.id));
    });

    scope.post('/local/orders/:id/resume', { schema: { ...TAGS, summary: 'Resume a paused local order (local addition)', params: OrderParams, response: { 200: OrderDetailAnswer, ...ERROR_RESPONSES } } }, async (request) => {
      const order = owned(request, request.params.id);
      return detail(await runner.resume(order.id));
    });
  });
  return runner;
}
