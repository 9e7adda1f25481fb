import type { Address } from '@solana/kit';
import { readCoinMarket } from '../../engine/market.js';
import { quoteTradeRequest } from '../../engine/trade.js';
import { readWorld } from '../../engine/world.js';
import { DeskError, isDeskError } from '../../errors.js';
import type { TradingBook } from '../../signer/trading-book.js';
import { venueOf } from '../../types/trading-presets.js';
import { priorityFeeLamports } from '../../verify/network-fee.js';
import { DAILY_WINDOW_MS, ONE_CLICK_CONFIRMATION, policyBreaches, slippageLeftBps, type QuickTradeFacts } from '../../verify/one-click-policy.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';
import { ReviewBody, TradeTicketBody, WalletParams } from '../schemas/desk.js';
import type { Static } from 'typebox';
import { JournalAnswer, JournalQuery, PolicyBody, PresetsSchema, QuickAnswer, TradingAnswer } from '../schemas/one-click.js';
import type { OneClickJournal } from '../store/one-click-journal.js';
import type { Api, ApiContext } from '../api-context.js';
import type { BuildReview, ReviewDeps } from './build-review.js';
import type { DeskSigning } from './desk-signing.js';
import { assertUnsent, reviewRefusals, signAndSend } from './sign-build.js';
import { reviewTradeBuild } from './trade-review.js';

const HIDE = { hide: true };

/**
 * What a reviewed quick trade is, proved on this machine: pair and venue read from chain now; the spend is
 * the ticket's amount (the review holds only if the build spends exactly that); the slippage is the larger
 * of the ticket's and what its minimum really leaves against a fresh quote at no slippage (a page that says
 * 1% and sends a minimum of 0 shows 100%); the priority fee is read from the built transactions.
 */
async function factsOf(deps: ReviewDeps, review: BuildReview, ticket: Static<typeof TradeTicketBody>): Promise<QuickTradeFacts> {
  const world = await readWorld(deps.chain, deps.profile);
  const mint = ticket.mint as Address;
  const market = await readCoinMarket(deps.chain, world, mint);
  const viaSol = ticket.side === 'buy' ? ticket.pay === 'SOL' : ticket.receive === 'SOL';
  const fresh = await quoteTradeRequest(deps.chain, world, { wallet: ticket.wallet as Address, mint, side: ticket.side, amount: BigInt(ticket.amount), slippageBps: 0n, viaSol });
  const expected = ticket.side === 'buy' ? (fresh.quote.tokensOut ?? 0n) : viaSol ? (fresh.swap?.out ?? 0n) : (fresh.quote.zecOut ?? 0n);
  const left = slippageLeftBps(expected, BigInt(ticket.minimum));
  return {
    side: ticket.side,
    pair: market.pair === 'native' ? 'native' : 'zec',
    venue: venueOf(market.pair, market.venue),
    spend: ticket.side === 'buy' ? { asset: ticket.pay, amount: BigInt(ticket.amount) } : null,
    slippageBps: Math.max(ticket.slippageBps, left),
    priorityLamports: priorityFeeLamports(review.transactions),
  };
}

/**
 * The desk's trading settings and one-click trading (/desk-api, desk token only):
 * - `GET /desk-api/wallets/:address/trading`: presets, policy, what one-click buys spent in 24 hours;
 * - `PUT /desk-api/wallets/:address/presets` and `/one-click` (turning it on needs the typed confirmation);
 * - `GET /desk-api/wallets/:address/one-click/journal`: every trade asked for without review, with its verdict;
 * - `POST /desk-api/quick/trade`: the signature without the review screen. The server reviews the build
 *   against the ticket exactly as the review screen's Approve does, proves the trade's facts from chain, and
 *   signs only inside the wallet's policy; otherwise it refuses naming each bound, and signs nothing. Both
 *   outcomes are journaled. One quick trade at a time, so the daily cap cannot be raced.
 */
export function registerQuickRoutes(app: Api, ctx: ApiContext, desk: DeskSigning & { readonly trading: TradingBook; readonly journal: OneClickJournal }): void {
  const now = () => (ctx.now ?? Date.now)();
  const keychainWallet = (address: string): Address => {
    if (!desk.wallets.list().wallets.some((w) => w.address === address)) throw new DeskError('not_found', `no wallet ${address.slice(0, 60)} in this desk: trading settings are kept for its keychain wallets`);
    return address as Address;
  };
  const spent = (wallet: Address) => {
    const since = now() - DAILY_WINDOW_MS;
    return { zec: desk.journal.spentSince(wallet, 'ZEC', since), sol: desk.journal.spentSince(wallet, 'SOL', since) };
  };
  const answer = (wallet: Address) => {
    const json = desk.trading.json(wallet);
    const s = spent(wallet);
    return { wallet, presets: json.presets, policy: json.policy, enabledAt: json.enabledAt, spent24h: { zec: String(s.zec), sol: String(s.sol) }, confirmation: ONE_CLICK_CONFIRMATION };
  };

  app.get('/desk-api/wallets/:address/trading', { schema: { ...HIDE, params: WalletParams, response: { 200: TradingAnswer, ...ERROR_RESPONSES } } }, async (request) => answer(keychainWallet(request.params.address)));
  app.put('/desk-api/wallets/:address/presets', { schema: { ...HIDE, params: WalletParams, body: PresetsSchema, response: { 200: TradingAnswer, ...ERROR_RESPONSES } } }, async (request) => {
    const wallet = keychainWallet(request.params.address);
    await desk.trading.savePresets(wallet, request.body);
    return answer(wallet);
  });
  app.put('/desk-api/wallets/:address/one-click', { schema: { ...HIDE, params: WalletParams, body: PolicyBody, response: { 200: TradingAnswer, ...ERROR_RESPONSES } } }, async (request) => {
    const wallet = keychainWallet(request.params.address);
    await desk.trading.savePolicy(wallet, request.body.policy, request.body.confirmation, new Date(now()));
    return answer(wallet);
  });
  app.get('/desk-api/wallets/:address/one-click/journal', { schema: { ...HIDE, params: WalletParams, querystring: JournalQuery, response: { 200: JournalAnswer, ...ERROR_RESPONSES } } }, async (request) => {
    const wallet = keychainWallet(request.params.address);
    const limit = request.query.limit ?? 50;
    const rows = desk.journal.entries(wallet, limit + 1, request.query.before);
    const page = rows.slice(0, limit);
    return {
      data: page.map((e) => ({ ...e, spend: e.spend === null ? null : String(e.spend), priorityLamports: e.priorityLamports === null ? null : String(e.priorityLamports), reasons: [...e.reasons], signatures: [...e.signatures] })),
      next: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  });

  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  app.post('/desk-api/quick/trade', { schema: { ...HIDE, body: ReviewBody, response: { 200: QuickAnswer, ...ERROR_RESPONSES } } }, async (request) => {
    const { buildId, ticket } = request.body;
    const wallet = keychainWallet(ticket.wallet);
    if (!ctx.relay) throw new DeskError('unavailable', 'this server has no relay: it cannot send what it signs');
    const deps: ReviewDeps = { chain: ctx.chain, profile: ctx.profile, store: ctx.store, relay: ctx.relay };
    return serial(async () => {
      await assertUnsent(deps, buildId);
      const policy = desk.trading.policy(wallet);
      const base = { at: now(), wallet, mint: ticket.mint as Address, side: ticket.side, buildId, signatures: [] as string[] };
      if (!policy.enabled) {
        // Nothing is reviewed for a wallet that never allowed it; the refusal is still journaled.
        desk.journal.write({ ...base, pair: '', venue: '', spendAsset: null, spend: null, slippageBps: null, priorityLamports: null, verdict: 'refused', reasons: ['one-click trading is off for this wallet'] });
        throw new DeskError('refused', 'not signed without review: one-click trading is off for this wallet (turn it on in Wallets, inside limits you set)');
      }
      const review = await reviewTradeBuild(deps, buildId, { ...ticket, wallet, mint: ticket.mint as Address, amount: BigInt(ticket.amount), minimum: BigInt(ticket.minimum) });
      const facts = await factsOf(deps, review, ticket);
      const row = { ...base, pair: facts.pair, venue: facts.venue, spendAsset: facts.spend?.asset ?? null, spend: facts.spend?.amount ?? null, slippageBps: facts.slippageBps, priorityLamports: facts.priorityLamports };
      const reasons = [...reviewRefusals(review), ...policyBreaches(policy, facts, spent(wallet)).map((b) => b.detail)];
      if (reasons.length > 0) {
        desk.journal.write({ ...row, verdict: 'refused', reasons });
        throw new DeskError('refused', `not signed without review: ${reasons.join('; ')}`);
      }
      // Written as signed before the send: a crash mid-send never lets the daily cap forget this spend.
      const id = desk.journal.write({ ...row, verdict: 'signed', reasons: [] });
      try {
        const sent = await signAndSend(deps, desk, review, wallet);
        desk.journal.settle(id, 'signed', [], sent.signatures);
        return { ...sent, journalId: id };
      } catch (error) {
        desk.journal.settle(id, 'failed', [isDeskError(error) ? error.message : 'the send failed'], []);
        throw error;
      }
    });
  });
}
