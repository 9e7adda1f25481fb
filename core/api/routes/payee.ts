import { buildClaim, buildPayeeChange } from '../../engine/payee.js';
import { readWorld } from '../../engine/world.js';
import { buildAnswerOf, buildAnswerWith } from '../schemas/build.js';
import { EXPECTED } from '../schemas/expected.js';
import { ClaimBuildBody, PayeeBuildBody } from '../schemas/requests.js';
import type { Api, ApiContext } from '../api-context.js';
import { addressOf, payeeOf, computeUnitPriceField } from '../route-kit/request-values.js';
import { ERROR_RESPONSES, BUILDS } from '../route-kit/route-config.js';
import { listedCoinOf } from '../route-kit/coin-lookup.js';
import { readPayoutFacts } from '../payout-facts.js';
import { nothingToClaimDetail, nothingToClaimText, payoutStatus } from '../../types/payee-payout.js';
import { formatDecimalUnits, ZEC_DECIMALS } from '../../math/units.js';

const zecWords = (zat: bigint): string => `${formatDecimalUnits(zat, ZEC_DECIMALS)} ZEC`;

/** POST /v1/claim/build and POST /v1/payee/build: the deployer share's payout and its payee. */
export function registerPayeeRoutes(app: Api, ctx: ApiContext): void {
  app.post(
    '/v1/claim/build',
    {
      config: BUILDS,
      schema: {
        summary: 'Build a payout of the deployer share waiting in a coin\'s fee account (pays the recorded payee; any wallet may send it)',
        tags: ['payee'],
        body: ClaimBuildBody,
        response: { 200: buildAnswerWith(EXPECTED.payout), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const wallet = addressOf(request.body.wallet, 'wallet');
      const mint = (await listedCoinOf(ctx, request.body.mint)).mint;
      const world = await readWorld(ctx.chain, ctx.profile);
      const build = await buildClaim(ctx.chain, { wallet, mint, ...computeUnitPriceField(request.body.computeUnitPrice) }, world, (ctx.now ?? Date.now)(), async () => {
        const facts = await readPayoutFacts(ctx, mint);
        if (!facts) return null;
        // The chain's fee account is empty: a share the index still counts as waiting is being paid right now.
        const status = payoutStatus({ ...facts, waitingZec: 0n });
        return { message: nothingToClaimText(mint, status, Date.now(), zecWords, facts.payee), detail: nothingToClaimDetail(status, facts.payee) };
      });
      await ctx.relay?.record(build);
      return buildAnswerOf(build);
    },
  );

  app.post(
    '/v1/payee/build',
    {
      config: BUILDS,
      schema: {
        summary: 'Build a payee change, signed by the current payee (what waits is paid to it first; `holders` is permanent)',
        tags: ['payee'],
        body: PayeeBuildBody,
        response: { 200: buildAnswerWith(EXPECTED.payout), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const wallet = addressOf(request.body.wallet, 'wallet');
      const mint = (await listedCoinOf(ctx, request.body.mint)).mint;
      const payee = payeeOf(request.body.payee, 'payee', null);
      const world = await readWorld(ctx.chain, ctx.profile);
      const build = await buildPayeeChange(ctx.chain, { wallet, mint, payee, ...computeUnitPriceField(request.body.computeUnitPrice) }, world, (ctx.now ?? Date.now)());
      await ctx.relay?.record(build);
      return buildAnswerOf(build);
    },
  );
}
