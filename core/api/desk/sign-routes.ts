import { generateKeyPairSigner, type Address } from '@solana/kit';
import { assertUnsent, signAndSend } from './sign-build.js';
import { formatExactUnits } from '../../math/decimal-display.js';
import { networkFeeLamports } from '../../verify/network-fee.js';
import type { Static, TObject, TSchema } from 'typebox';
import { DeskError } from '../../errors.js';
import type { GuardState } from '../../signer/program-guard.js';
import { payeeOf, amountOf } from '../route-kit/request-values.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';
import { freshCoinMarket } from '../../engine/market.js';
import { quoteTrade } from '../../engine/quote.js';
import { quoteSwap } from '../../engine/swap.js';
import { readWorld } from '../../engine/world.js';
import { findCoinAuthority } from '../../programs/vault/pdas.js';
import { SwapQuoteAnswer, SwapQuoteQuery, PlantQuoteAnswer, PlantQuoteQuery, ClaimReviewBody, GuardAnswer, MintAnswer, PayeeReviewBody, PlantReviewBody, ReviewAnswer, ReviewBody, SignAnswer, SwapReviewBody } from '../schemas/desk.js';
import type { Api, ApiContext } from '../api-context.js';
import type { BuildReview, ReviewDeps } from './build-review.js';
import type { DeskSigning } from './desk-signing.js';
import { MintKeys } from './mint-keys.js';
import { reviewClaimBuild, reviewPayeeBuild } from './payee-review.js';
import { reviewPlantBuild } from './plant-review.js';
import { reviewSwapBuild } from './swap-review.js';
import { reviewTradeBuild } from './trade-review.js';

function answerOf(review: BuildReview) {
  return {
    buildId: review.build.id,
    transactions: review.transactions.map((t) => ({
      feePayer: t.feePayer,
      signers: [...t.signers],
      blockhash: t.blockhash,
      lookupTables: [...t.lookupTables],
      instructions: t.instructions.map((w) => ({ program: w.program, programName: w.programName, instruction: w.instruction, summary: w.summary, accounts: [...w.accounts], rawData: w.rawData })),
    })),
    flags: [...review.flags],
    verdict: [...review.verdict],
    balanceChanges: review.balanceChanges.map((c) => ({ ...c, before: c.before.toString(), after: c.after.toString(), change: (c.after - c.before).toString(), exact: formatExactUnits(c.after > c.before ? c.after - c.before : c.before - c.after, c.decimals) })),
    simulated: review.simulated,
    expiresAt: new Date(review.build.expiresAt).toISOString(),
    lastValidBlockHeight: review.build.transactions[0]!.lastValidBlockHeight.toString(),
    blockHeight: review.blockHeight.toString(),
    signable: review.signable,
    networkFeeLamports: networkFeeLamports(review.transactions).toString(),
  };
}

/** One kind of build the desk signs: its ticket's schema, its review, and who signs besides the wallet. */
interface SignedKind<S extends TObject> {
  readonly body: S;
  review(deps: ReviewDeps, body: Static<S>): Promise<BuildReview>;
  readonly wallet: (body: Static<S>) => Address;
  /** Signers after the wallet, in slot order (a planting's mint key). */
  readonly others?: (body: Static<S>) => Address[];
}
const kind = <S extends TObject>(k: SignedKind<S>): SignedKind<S> => k;

/**
 * The review and the signature behind it, for every kind of build the desk makes: `POST /desk-api/review/<kind>`
 * answers the build in words against the person's own ticket; `POST /desk-api/sign/<kind>` runs the same review
 * again on the server (the page is not trusted to have checked) and only when every line holds, nothing is
 * flagged and no guarded program changed, signs with the keychain key (then a planting's mint key) and sends
 * through the relay, which checks each transaction against its build once more. `/desk-api/review` and
 * `/desk-api/sign` are the trade's.
 */
export function registerSignRoutes(app: Api, ctx: ApiContext, desk: DeskSigning): void {
  const mints = new MintKeys();
  const deps = (): ReviewDeps => {
    if (!ctx.relay) throw new DeskError('unavailable', 'this server has no relay: it cannot send what it signs');
    return { chain: ctx.chain, profile: ctx.profile, store: ctx.store, relay: ctx.relay };
  };
  const kinds = {
    trade: kind({
      body: ReviewBody,
      review: (d, b) => reviewTradeBuild(d, b.buildId, { ...b.ticket, wallet: b.ticket.wallet as Address, mint: b.ticket.mint as Address, amount: BigInt(b.ticket.amount), minimum: BigInt(b.ticket.minimum) }),
      wallet: (b) => b.ticket.wallet as Address,
    }),
    claim: kind({ body: ClaimReviewBody, review: (d, b) => reviewClaimBuild(d, b.buildId, { wallet: b.ticket.wallet as Address, mint: b.ticket.mint as Address }), wallet: (b) => b.ticket.wallet as Address }),
    payee: kind({
      body: PayeeReviewBody,
      review: (d, b) => reviewPayeeBuild(d, b.buildId, { wallet: b.ticket.wallet as Address, mint: b.ticket.mint as Address, payee: payeeOf(b.ticket.payee, 'ticket.payee', b.ticket.wallet as Address) }),
      wallet: (b) => b.ticket.wallet as Address,
    }),
    swap: kind({
      body: SwapReviewBody,
      review: (d, b) => reviewSwapBuild(d, b.buildId, { wallet: b.ticket.wallet as Address, direction: b.ticket.direction, amount: BigInt(b.ticket.amount), minimum: BigInt(b.ticket.minimum), ...(b.ticket.amountFrom ? { amountFrom: b.ticket.amountFrom } : {}), ...(b.ticket.computeUnitPrice !== undefined ? { computeUnitPrice: b.ticket.computeUnitPrice } : {}) }),
      wallet: (b) => b.ticket.wallet as Address,
    }),
    plant: kind({
      body: PlantReviewBody,
      review: (d, b) =>
        reviewPlantBuild(d, b.buildId, {
          wallet: b.ticket.wallet as Address,
          mint: b.ticket.mint as Address,
          name: b.ticket.name,
          symbol: b.ticket.symbol,
          payee: payeeOf(b.ticket.payee, 'ticket.payee', b.ticket.wallet as Address),
          pair: b.ticket.pair,
          firstBuyZec: b.ticket.firstBuyZec === undefined ? null : BigInt(b.ticket.firstBuyZec),
        }),
      wallet: (b) => b.ticket.wallet as Address,
      others: (b) => [b.ticket.mint as Address],
    }),
  };

  const guardAnswer = (state: GuardState) => ({ changes: state.changes.map((c) => ({ ...c })), checkedAt: state.checkedAt });
  app.get('/desk-api/program-guard', { schema: { hide: true, response: { 200: GuardAnswer, ...ERROR_RESPONSES } } }, async () => guardAnswer(await desk.guard.check()));
  app.post('/desk-api/program-guard/accept', { schema: { hide: true, response: { 200: GuardAnswer, ...ERROR_RESPONSES } } }, async () => guardAnswer(await desk.guard.accept()));
  // The first buy of a coin that does not exist yet, quoted on the fresh curve exactly as the planting's build will be.
  app.get('/desk-api/plant/quote', { schema: { hide: true, querystring: PlantQuoteQuery, response: { 200: PlantQuoteAnswer, ...ERROR_RESPONSES } } }, async (request) => {
    const world = await readWorld(ctx.chain, ctx.profile);
    const probe = (await generateKeyPairSigner()).address;
    const creator = await findCoinAuthority(world.programs.vault, probe);
    const market = await freshCoinMarket(ctx.chain, world, { mint: probe, pair: request.query.pair, creator, creatorFeeBps: world.vault.creatorFeeBps });
    const slippage = request.query.slippageBps === undefined ? null : BigInt(request.query.slippageBps);
    const quote = quoteTrade(market, { side: 'buy', amount: amountOf(request.query.zec, 'zec') as bigint, slippageBps: slippage });
    return { zecIn: String(quote.zecIn ?? quote.amountIn), tokensOut: String(quote.tokensOut ?? 0n), minTokensOut: String(quote.minTokensOut ?? 0n), priceImpactBps: Number(quote.priceImpactBps), feeBps: Number(quote.feeBps) };
  });
  // A SOL⇄ZEC swap quoted exactly as its build will be (the spec has no swap quote read; the desk's panel needs one live).
  app.get('/desk-api/swap/quote', { schema: { hide: true, querystring: SwapQuoteQuery, response: { 200: SwapQuoteAnswer, ...ERROR_RESPONSES } } }, async (request) => {
    const world = await readWorld(ctx.chain, ctx.profile);
    const q = await quoteSwap(ctx.chain, world, { direction: request.query.direction, amount: amountOf(request.query.amount, 'amount') as bigint, slippageBps: request.query.slippageBps === undefined ? null : BigInt(request.query.slippageBps) });
    return { amountIn: String(q.amountIn), out: String(q.out), minOut: String(q.minOut), slippageBps: Number(q.slippageBps), feeBps: Number(q.feeBps), priceImpactBps: Number(q.priceImpactBps) };
  });
  app.post('/desk-api/plant/mint', { schema: { hide: true, response: { 200: MintAnswer, ...ERROR_RESPONSES } } }, async () => ({ mint: await mints.make() }));

  function register<S extends TObject>(k: SignedKind<S>, paths: { review: string; sign: string }): void {
    app.post(paths.review, { schema: { hide: true, body: k.body as TSchema as S, response: { 200: ReviewAnswer, ...ERROR_RESPONSES } } }, async (request) => answerOf(await k.review(deps(), request.body as Static<S>)));
    app.post(paths.sign, { schema: { hide: true, body: k.body as TSchema as S, response: { 200: SignAnswer, ...ERROR_RESPONSES } } }, async (request) => {
      const body = request.body as Static<S> & { buildId: string };
      const d = deps();
      await assertUnsent(d, body.buildId);
      const review = await k.review(d, body);
      const mintsOf = () => k.others?.(body) ?? [];
      const result = await signAndSend(d, desk, review, k.wallet(body), () => mintsOf().map((mint) => mints.signer(mint)));
      for (const mint of mintsOf()) mints.forget(mint);
      return { buildId: result.buildId, signatures: [...result.signatures] };
    });
  }
  register(kinds.trade, { review: '/desk-api/review', sign: '/desk-api/sign' });
  for (const name of ['claim', 'payee', 'swap', 'plant'] as const) register(kinds[name] as SignedKind<TObject>, { review: `/desk-api/review/${name}`, sign: `/desk-api/sign/${name}` });
}
