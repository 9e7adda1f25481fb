import type { Address } from '@solana/kit';
import { DeskError } from '../../errors.js';
import { formatDecimalUnits, parseDecimalUnits } from '../../math/units.js';
import { AlertWatcher } from '../../watch/alert-watcher.js';
import { LEVEL_DECIMALS, levelValue, startsArmed, type LevelMetric } from '../../math/level-cross.js';
import type { FiredAlert, LevelRule, WatchBook } from '../store/watch-book.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';
import { MintParams } from '../schemas/common.js';
import { WalletParams } from '../schemas/desk.js';
import { AlertList, AlertQuery, AlertRuleBody, AlertRuleList, AlertRuleParams, AlertRuleQuery, AlertRuleSchema, FollowBody, SeenBody, WatchSchema, WatchSettingsBody, type AlertJson, type AlertRuleJson } from '../schemas/watch.js';
import { Type } from 'typebox';
import type { Api, ApiContext } from '../api-context.js';
import type { DeskSigning } from './desk-signing.js';

const HIDE = { hide: true };
const OK = Type.Object({ ok: Type.Boolean() });
/** A level's largest value: far beyond any coin's price or market cap, small enough to stay a plain decimal. */
const LEVEL_MAX = 10n ** 40n;
const UNITS: Readonly<Record<LevelMetric, string>> = { price: 'ZEC per whole coin', marketCap: 'ZEC' };

const presentRule = (r: LevelRule): AlertRuleJson => ({
  id: r.id, mint: r.mint, metric: r.metric, direction: r.direction, level: formatDecimalUnits(r.level, LEVEL_DECIMALS[r.metric]), levelBase: r.level.toString(), armed: r.armed, createdAt: r.createdAt,
});
const presentAlert = (a: FiredAlert): AlertJson => ({ ...a, position: a.position.toString() });

/** A level typed as a decimal in ZEC, in the metric's base (a price × 1e18, a market cap in zat); refusals name the field. */
function levelOf(text: string, metric: LevelMetric): bigint {
  let level: bigint;
  try {
    level = parseDecimalUnits(text.trim(), LEVEL_DECIMALS[metric]);
  } catch {
    throw new DeskError('invalid_param', `level: ${JSON.stringify(text.slice(0, 40))} is not a decimal amount of ${UNITS[metric]} with at most ${LEVEL_DECIMALS[metric]} decimals (e.g. ${metric === 'price' ? '0.000000035' : '25000'})`);
  }
  if (level <= 0n) throw new DeskError('invalid_param', `level: a level is above zero ${UNITS[metric]}`);
  if (level >= LEVEL_MAX) throw new DeskError('invalid_param', `level: ${text.slice(0, 40)} ${UNITS[metric]} is beyond any coin's ${metric === 'price' ? 'price' : 'market cap'}`);
  return level;
}

/** A whole number id or offset from a path or query string. */
function idOf(text: string, field: string): number {
  if (!/^(0|[1-9][0-9]{0,14})$/.test(text)) throw new DeskError('invalid_param', `${field}: ${JSON.stringify(text.slice(0, 20))} is not an alert ${field === 'after' ? 'id' : 'rule id'} (a whole number)`);
  return Number(text);
}

/**
 * The desk's watchlist, followed wallets, alert rules and fired alerts (desk-only, behind the desk token):
 * kept in the data directory's WatchBook and evaluated on this server as the index takes trades in
 * (AlertWatcher), so they survive a restart and each fires once. Without a book (a server for bots only) these routes answer 404.
 */
export function registerWatchRoutes(app: Api, ctx: ApiContext, desk: DeskSigning): void {
  const book = desk.watch;
  if (!book) return;
  const watcher = new AlertWatcher(ctx.store, book, (error) => ctx.onUnexpectedError?.(error, 'alerts'));
  void watcher.start();
  app.addHook('onClose', async () => watcher.close());
  const knownCoin = async (mint: Address) => {
    const coin = await ctx.store.coin(mint);
    if (!coin || !coin.listed) throw new DeskError('not_found', `no listed coin has the mint ${mint}: check it, or wait until the index has taken its planting in`);
    return coin;
  };
  const watchOf = (b: WatchBook) => ({ coins: b.starred(), wallets: b.followed(), sound: b.setting('sound') === 'on' });
  const now = () => ctx.now?.() ?? Date.now();

  app.get('/desk-api/watch', { schema: { ...HIDE, response: { 200: WatchSchema, ...ERROR_RESPONSES } } }, async () => watchOf(book));
  app.put('/desk-api/watch/coins/:mint', { schema: { ...HIDE, params: MintParams, response: { 200: WatchSchema, ...ERROR_RESPONSES } } }, async (request) => {
    await knownCoin(request.params.mint as Address);
    book.star(request.params.mint as Address, now());
    return watchOf(book);
  });
  app.delete('/desk-api/watch/coins/:mint', { schema: { ...HIDE, params: MintParams, response: { 200: WatchSchema, ...ERROR_RESPONSES } } }, async (request) => {
    book.unstar(request.params.mint as Address);
    return watchOf(book);
  });
  app.put('/desk-api/watch/wallets/:address', { schema: { ...HIDE, params: WalletParams, body: FollowBody, response: { 200: WatchSchema, ...ERROR_RESPONSES } } }, async (request) => {
    book.follow(request.params.address as Address, (request.body.label ?? '').trim(), now());
    return watchOf(book);
  });
  app.delete('/desk-api/watch/wallets/:address', { schema: { ...HIDE, params: WalletParams, response: { 200: WatchSchema, ...ERROR_RESPONSES } } }, async (request) => {
    book.unfollow(request.params.address as Address);
    return watchOf(book);
  });
  app.put('/desk-api/watch/settings', { schema: { ...HIDE, body: WatchSettingsBody, response: { 200: WatchSchema, ...ERROR_RESPONSES } } }, async (request) => {
    book.setSetting('sound', request.body.sound ? 'on' : 'off');
    return watchOf(book);
  });

  app.get('/desk-api/alert-rules', { schema: { ...HIDE, querystring: AlertRuleQuery, response: { 200: AlertRuleList, ...ERROR_RESPONSES } } }, async (request) => ({
    rules: book.rules(request.query.mint as Address | undefined).map(presentRule),
  }));
  app.post('/desk-api/alert-rules', { schema: { ...HIDE, body: AlertRuleBody, response: { 200: AlertRuleSchema, ...ERROR_RESPONSES } } }, async (request) => {
    const { mint, metric, direction } = request.body;
    const coin = await knownCoin(mint as Address);
    if (coin.pair.startsWith('stock:')) throw new DeskError('invalid_param', 'mint: a stock coin is priced in its stock, not ZEC: its levels cannot be watched here');
    const level = levelOf(request.body.level, metric);
    // The value now decides whether it waits for a first crossing: a level already passed does not fire at once.
    const valueNow = coin.lastTradeAt === null ? null : levelValue(metric, coin.lastPriceE18, coin.tokenTotalSupply);
    const rule = book.addRule({ mint: coin.mint, metric, direction, level, armed: startsArmed(direction, level, valueNow), since: await ctx.store.stream.position(), createdAt: Math.floor(now() / 1000) });
    return presentRule(rule);
  });
  app.delete('/desk-api/alert-rules/:id', { schema: { ...HIDE, params: AlertRuleParams, response: { 200: OK, ...ERROR_RESPONSES } } }, async (request) => {
    if (!book.deleteRule(idOf(request.params.id, 'id'))) throw new DeskError('not_found', `no alert rule has the id ${request.params.id}: it was deleted, or never set`);
    return { ok: true };
  });

  app.get('/desk-api/alerts', { schema: { ...HIDE, querystring: AlertQuery, response: { 200: AlertList, ...ERROR_RESPONSES } } }, async (request) => ({
    alerts: book.alerts(idOf(request.query.after ?? '0', 'after'), request.query.limit ?? 50, request.query.unseen === true).map(presentAlert),
    last: book.lastAlertId(),
  }));
  app.post('/desk-api/alerts/seen', { schema: { ...HIDE, body: SeenBody, response: { 200: Type.Object({ marked: Type.Integer() }), ...ERROR_RESPONSES } } }, async (request) => ({ marked: book.markSeen(request.body.upTo) }));
}
