import { notFound } from '../api-error.js';
import { MintParams } from '../schemas/common.js';
import { CoinRisk, presentRisk } from '../schemas/risk.js';
import type { Api, ApiContext } from '../api-context.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';
import { listedCoinKeyOf } from '../route-kit/coin-lookup.js';

/** GET /v1/coins/{mint}/risk: a local addition (docs/api.md "Risk figures"), read as kept by the index. */
export function registerRiskRoutes(app: Api, ctx: ApiContext): void {
  app.get(
    '/v1/coins/:mint/risk',
    {
      config: READS,
      schema: {
        summary: "A coin's risk figures (local addition)",
        description: 'Not part of the hosted spec. Holders, the top-10 share, the deployer\'s holding and sales, snipers, a bundled launch and fresh wallets, each exact and kept current as the index ingests, with a one-line summary.',
        tags: ['holders'],
        params: MintParams,
        response: { 200: CoinRisk, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      // The listing alone (not the whole coin row): the figures come with their supply in one read of their own.
      const coin = await listedCoinKeyOf(ctx, request.params.mint, { allowNative: false });
      const risk = await ctx.store.risk(coin.mint);
      if (!risk) throw notFound(`no risk figures for ${coin.mint}: it is not a launchpad planting`);
      return presentRisk(coin.mint, risk);
    },
  );
}
