import { getTransactionDecoder, getTransactionEncoder, partiallySignTransaction, type Address } from '@solana/kit';
import { DeskError } from '../../errors.js';
import type { Static } from 'typebox';
import { ERROR_RESPONSES } from '../routes/query.js';
import type { GuardState } from '../../signer/program-guard.js';
import { GuardAnswer, ReviewAnswer, ReviewBody, SignAnswer } from '../schemas/desk.js';
import type { Api, ApiContext } from '../server.js';
import type { DeskSigning } from './desk-signing.js';
import { reviewTradeBuild, type DeskTradeTicket, type ReviewDeps, type TradeReview } from './trade-review.js';



function ticketOf(body: Static<typeof ReviewBody>): DeskTradeTicket {
  const t = body.ticket;
  return { wallet: t.wallet as Address, mint: t.mint as Address, side: t.side, amount: BigInt(t.amount), pay: t.pay, receive: t.receive, slippageBps: t.slippageBps, minimum: BigInt(t.minimum) };
}

function answerOf(review: TradeReview) {
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
    balanceChanges: review.balanceChanges.map((c) => ({ ...c, before: c.before.toString(), after: c.after.toString(), change: (c.after - c.before).toString() })),
    simulated: review.simulated,
    expiresAt: new Date(review.build.expiresAt).toISOString(),
    lastValidBlockHeight: review.build.transactions[0]!.lastValidBlockHeight.toString(),
    blockHeight: review.blockHeight.toString(),
    signable: review.signable,
  };
}

/**
 * The review and the signature behind it. `POST /desk-api/review` answers a build in words against the
 * person's own ticket; `POST /desk-api/sign` runs the same review again on the server (the desk's page is
 * not trusted to have checked), and only when every verdict line holds and nothing is flagged signs each
 * transaction with the wallet's keychain key and sends them through the relay, which checks them again
 * against the build. Nothing is signed for a build that does not pass.
 */
export function registerSignRoutes(app: Api, ctx: ApiContext, desk: DeskSigning): void {
  const deps = (): ReviewDeps => {
    if (!ctx.relay) throw new DeskError('unavailable', 'this server has no relay: it cannot send what it signs');
    return { chain: ctx.chain, profile: ctx.profile, store: ctx.store, relay: ctx.relay };
  };
  const guardAnswer = (state: GuardState) => ({ changes: state.changes.map((c) => ({ ...c })), checkedAt: state.checkedAt });
  app.get('/desk-api/program-guard', { schema: { hide: true, response: { 200: GuardAnswer, ...ERROR_RESPONSES } } }, async () => guardAnswer(await desk.guard.check()));
  app.post('/desk-api/program-guard/accept', { schema: { hide: true, response: { 200: GuardAnswer, ...ERROR_RESPONSES } } }, async () => guardAnswer(await desk.guard.accept()));
  app.post('/desk-api/review', { schema: { hide: true, body: ReviewBody, response: { 200: ReviewAnswer, ...ERROR_RESPONSES } } }, async (request) => answerOf(await reviewTradeBuild(deps(), request.body.buildId, ticketOf(request.body))));
  app.post('/desk-api/sign', { schema: { hide: true, body: ReviewBody, response: { 200: SignAnswer, ...ERROR_RESPONSES } } }, async (request) => {
    const ticket = ticketOf(request.body);
    const d = deps();
    const sent = d.relay.build(request.body.buildId);
    if (sent && sent.state !== 'built') throw new DeskError('refused', `build ${sent.id} was sent before (a build is signed and sent once); build again to trade again`);
    const review = await reviewTradeBuild(d, request.body.buildId, ticket);
    if (!review.signable) {
      const why = [...review.flags.map((f) => f.text), ...review.verdict.filter((l) => !l.ok).map((l) => `${l.field}: ${l.detail}`)];
      throw new DeskError('refused', `not signed: the review does not pass (${why.join('; ')})`);
    }
    await desk.guard.assertUnchanged();
    const signer = await desk.wallets.signer(ticket.wallet);
    const decoder = getTransactionDecoder();
    const encoder = getTransactionEncoder();
    const signed: Uint8Array[] = [];
    for (const t of review.build.transactions) {
      const tx = await partiallySignTransaction([signer.keyPair], decoder.decode(t.wire));
      signed.push(new Uint8Array(encoder.encode(tx)));
    }
    const result = await d.relay.send(review.build.id, signed);
    return { buildId: result.buildId, signatures: [...result.signatures] };
  });
}
