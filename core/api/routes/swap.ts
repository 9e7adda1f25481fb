import { buildSwap, type SwapRequest } from '../../engine/swap.js';
import { readWorld } from '../../engine/world.js';
import { buildAnswerOf, buildAnswerWith } from '../schemas/build.js';
import { EXPECTED } from '../schemas/expected.js';
import { SwapBuildBody } from '../schemas/requests.js';
import type { Api, ApiContext } from '../api-context.js';
import { addressOf, amountOf, computeUnitPriceField, slippageOf } from '../route-kit/request-values.js';
import { BUILDS, ERROR_RESPONSES } from '../route-kit/route-config.js';


/** POST /v1/swap/build (spec "POST /v1/swap/build"): SOL to ZEC or ZEC to SOL through the cluster's aggregator. */
export function registerSwapRoutes(app: Api, ctx: ApiContext): void {
  app.post(
    '/v1/swap/build',
    {
      config: BUILDS,
      schema: {
        summary: 'Build a SOL/ZEC swap through the aggregator (unsigned, simulated)',
        description:
          'Quoted exactly on the aggregator\'s WSOL/ZEC pool. `expected` carries `zecOut`/`minZecOut` (and `solIn`) for sol_to_zec, ' +
          '`solOut`/`minSolOut` (and `zecIn`) for zec_to_sol. Refused when the simulation fails or when it would cost the wallet more SOL ' +
          'than the amount swapped plus a margin of 0.01 SOL for fees and rent.',
        tags: ['trade'],
        body: SwapBuildBody,
        response: { 200: buildAnswerWith(EXPECTED.swap), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const body = request.body;
      const swap: SwapRequest = {
        wallet: addressOf(body.wallet, 'wallet'),
        direction: body.direction,
        amount: amountOf(body.amount, 'amount') as bigint, // `all` is not allowed here, so never answered
        slippageBps: slippageOf(body.slippageBps),
        ...computeUnitPriceField(body.computeUnitPrice),
      };
      const world = await readWorld(ctx.chain, ctx.profile);
      const build = await buildSwap(ctx.chain, swap, world, (ctx.now ?? Date.now)());
      await ctx.relay?.record(build);
      return buildAnswerOf(build);
    },
  );
}
