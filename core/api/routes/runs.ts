import { Type } from 'typebox';
import type { Address } from '@solana/kit';
import { invalidParam, notFound } from '../api-error.js';
import { AddressString, Cursor, Limit, MintParams, Page } from '../schemas/common.js';
import { CoinSchedule, Holders, presentHolder, presentPayout, presentPayment, presentRing, presentRun, presentScheduled, RewardRun, Ring, RunDetail, shareOfSupply } from '../schemas/runs.js';
import type { Api, ApiContext } from '../api-context.js';
import { findBondingCurve } from '../../programs/launchpad/pdas.js';
import { addressOf, signatureOf } from '../route-kit/request-values.js';
import { coinContextFor, holdingValuer } from '../route-kit/coin-context.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';
import { listedCoinOf } from '../route-kit/coin-lookup.js';
import { nextOffset, offsetOf } from '../route-kit/page-cursors.js';
import { placeSupply } from '../../math/supply-parts.js';
import { readPayoutFacts } from '../payout-facts.js';
import { stockKeyOf } from '../schemas/coin.js';
import { AnswerCache } from '../answer-cache.js';

/** Holder pages kept (the holders route's cache): a page of 50 holders is about 20 KB. */
const HOLDER_PAGES_KEPT = 128;

/** Pages of the vault's movements: the last row's (seq, position), newest first. */
function ringCursorOf(cursor: string | undefined): { seq: bigint; position: bigint } | null {
  if (cursor === undefined) return null;
  const m = /^([0-9]{1,15})\.([0-9]{1,6})$/.exec(cursor);
  if (!m) throw invalidParam('cursor', 'not a cursor of this list (pass the `next` of the previous page)');
  return { seq: BigInt(m[1]!), position: BigInt(m[2]!) };
}

/**
 * Holders, holder-reward runs, the vault's movements (the spec's "rings") and a coin's schedule of
 * service runs. The spec does not show these paths; they are ours and documented at /v1/docs.
 */
export function registerRunRoutes(app: Api, ctx: ApiContext): void {
  const { store } = ctx;
  /**
   * A coin's holder pages, kept while the index does not move (answer-cache.ts): a busy coin's holders are asked
   * for by every client watching it between two batches, and each page counts and sums all of its holdings.
   */
  const holderPages = new AnswerCache(HOLDER_PAGES_KEPT);

  app.get(
    '/v1/coins/:mint/holders',
    {
      config: READS,
      schema: {
        summary: "A coin's holders",
        description: 'Wallets holding the coin, largest first, with their share of the supply, first holding, cost basis and PnL. Balances follow every change of the coin\'s token accounts (trades, plain transfers, burns, closed accounts). The bonding curve (its coins for sale, and the part kept for its pool) or the pool are listed apart under `vaults`, never as holders; `held` + `vaults` + `unplaced` is the whole supply.',
        tags: ['holders'],
        params: MintParams,
        querystring: Type.Object({ limit: Limit, cursor: Cursor }),
        response: { 200: Holders, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const key = JSON.stringify([request.params.mint, request.query.limit ?? null, request.query.cursor ?? null]);
      const mark = await store.queries.version();
      const kept = holderPages.sendKept(reply, key, mark);
      if (kept) return kept;
      const coin = await listedCoinOf(ctx, request.params.mint);
      const limit = request.query.limit ?? 50;
      const offset = offsetOf(request.query.cursor);
      const supply = coin.tokenTotalSupply;
      const value = holdingValuer(coin, await coinContextFor(ctx, [coin], { risk: false }));
      const rows = await store.holders(coin.mint, limit, offset);
      const totals = await store.holderTotals(coin.mint);
      // The curve as the coin's planting named it (the program checks it is this PDA): deriving it again is a tenth of this read.
      const curve = coin.stage !== 'pool' ? (coin.curve ?? (await findBondingCurve(ctx.profile.programs['launchpad']!, coin.mint))) : null;
      const parts = placeSupply({ supply, held: totals.held, stage: coin.stage, realToken: coin.realToken, poolBase: coin.pool ? (coin.poolBase ?? 0n) : null });
      const vaults = parts.vaults.map((v) => ({ role: v.role, address: v.role === 'pool' ? coin.pool! : curve!, balance: String(v.balance), shareOfSupply: shareOfSupply(v.balance, supply) }));
      const part = (balance: bigint) => ({ balance: String(balance), shareOfSupply: shareOfSupply(balance, supply) });
      const answer = {
        data: rows.map((h) => presentHolder(h, supply, value)),
        next: nextOffset(offset, limit, rows.length),
        holders: Number(totals.holders),
        supply: String(supply),
        held: part(totals.held),
        vaults,
        unplaced: part(parts.unplaced),
      };
      // A stock coin's holdings are valued at its stock's reading now; any other coin's page is a function of the index alone: it is kept.
      return stockKeyOf(coin.pair) !== null ? answer : holderPages.keepAndSend(reply, key, mark, answer);
    },
  );

  app.get(
    '/v1/coins/:mint/runs',
    {
      config: READS,
      schema: {
        summary: "A coin's holder-reward runs, newest first",
        description: 'Only a coin whose payee is holder rewards has runs. A stock coin\'s runs are not listed (spec).',
        tags: ['holders'],
        params: MintParams,
        querystring: Type.Object({ limit: Limit, cursor: Cursor }),
        response: { 200: Page(RewardRun, 'newest first'), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const coin = await listedCoinOf(ctx, request.params.mint);
      const limit = request.query.limit ?? 50;
      const offset = offsetOf(request.query.cursor);
      if (coin.pair !== 'zec' && coin.pair !== 'native') return { data: [], next: null };
      const rows = await store.runs.runsOf(coin.mint, limit, offset);
      return { data: rows.map(presentRun), next: nextOffset(offset, limit, rows.length) };
    },
  );

  app.get(
    '/v1/runs/:id',
    {
      config: READS,
      schema: {
        summary: 'One holder-reward run and its payments',
        tags: ['holders'],
        params: Type.Object({ id: AddressString('the run\'s id (its RewardRun account)') }),
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'payments per page, 1 to 1000 (default 100)' })), cursor: Cursor }),
        response: { 200: RunDetail, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const id = addressOf(request.params.id, 'id');
      const run = await store.runs.run(id);
      const coin = run ? await store.coin(run.mint) : null;
      if (!run || !coin?.listed) throw notFound(`no holder-reward run ${id}`);
      const limit = request.query.limit ?? 100;
      const offset = offsetOf(request.query.cursor);
      const payments = await store.runs.payments(run.mint, run.run, limit, offset);
      return { ...presentRun(run), payments: payments.map(presentPayment), next: nextOffset(offset, limit, payments.length) };
    },
  );

  app.get(
    '/v1/coins/:mint/rings',
    {
      config: READS,
      schema: {
        summary: "A coin's fee movements (rings), newest first",
        description: 'Every split, payout, payee change, native collect, burn, conversion, holder-reward run and payment the vault made for the coin, each with its transaction, from the events the programs emit.',
        tags: ['fees'],
        params: MintParams,
        querystring: Type.Object({ limit: Limit, cursor: Cursor }),
        response: { 200: Page(Ring, 'newest first'), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const coin = await listedCoinOf(ctx, request.params.mint);
      const limit = request.query.limit ?? 50;
      const page = await store.feeEventsPage(coin.mint, limit, ringCursorOf(request.query.cursor));
      return { data: page.rows.map(presentRing), next: page.last && page.rows.length === limit ? `${page.last.seq}.${page.last.position}` : null };
    },
  );

  app.get(
    '/v1/tx/:signature/rings',
    {
      config: READS,
      schema: {
        summary: 'The fee movements (rings) of one transaction',
        description: 'In the order they happened; an empty list for a transaction the index holds that moved no fees. 404 when the index does not hold the transaction.',
        tags: ['fees'],
        params: Type.Object({ signature: Type.String({ minLength: 64, maxLength: 88, description: 'base58 transaction signature' }) }),
        response: { 200: Type.Object({ signature: Type.String(), data: Type.Array(Ring) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const signature = signatureOf(request.params.signature, 'signature');
      if (!(await store.hasProcessed(signature))) throw notFound(`the index holds no transaction ${signature}`);
      const data = [];
      for (const e of await store.feeEventsOfTransaction(signature)) if ((await store.coin(e.mint))?.listed) data.push(presentRing(e));
      return { signature, data };
    },
  );

  app.get(
    '/v1/coins/:mint/schedule',
    {
      config: READS,
      schema: {
        summary: "What the service will run next for a coin",
        description: "This machine's service runs for the coin (split, native conversion, claim, holder-reward run, migration): when each is due, what it last did, and why its last try failed; for a wallet payee, `payout`: what waits, whether a split is due, whether the payee has a ZEC account and the latest payout.",
        tags: ['fees'],
        params: MintParams,
        response: { 200: CoinSchedule, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const coin = await listedCoinOf(ctx, request.params.mint);
      const runs = ctx.runs ?? null;
      const mint: Address = coin.mint;
      const payout = stockKeyOf(coin.pair) === null ? presentPayout(await readPayoutFacts(ctx, mint)) : null;
      if (!runs) return { mint, runs: 'off' as const, reason: 'this server does not send the service\'s runs (it follows another cluster, or runs without them)', scheduled: [], payout };
      const state = runs.state;
      return { mint, runs: state.on ? ('on' as const) : ('off' as const), reason: state.on ? null : state.reason, scheduled: runs.jobs(mint).map(presentScheduled), payout };
    },
  );
}
