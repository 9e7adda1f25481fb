import { Type } from 'typebox';
import { DeskError } from '../../errors.js';
import { stockKeyOf } from '../schemas/coin.js';
import type { Api, ApiContext } from '../api-context.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';

/**
 * `POST /v1/zcash/quote` and `POST /v1/zcash/orders`: the hosted service's buy orders paid from a Zcash
 * wallet. Their bodies are not shown in the spec and this server takes none: a stock coin answers the
 * spec's `404 coin_unknown`; anything else `404 not_offered`, saying so plainly.
 */
export function registerZcashRoutes(app: Api, ctx: ApiContext): void {
  for (const [path, rateGroup, what] of [
    ['/v1/zcash/quote', 'quotes', 'quote'],
    ['/v1/zcash/orders', 'builds', 'order'],
  ] as const) {
    app.post(
      path,
      {
        config: { rateGroup },
        schema: {
          summary: `A Zcash wallet buy ${what} (not offered here)`,
          description: 'Answers `404 coin_unknown` for a stock coin (spec) and `404 not_offered` otherwise: this server takes no Zcash wallet orders. Buy with ZEC on Solana through `POST /v1/trade/build`.',
          tags: ['zcash'],
          body: Type.Optional(Type.Object({ mint: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: true })),
          response: { ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const mint = (request.body as { mint?: string } | undefined)?.mint;
        const coin = typeof mint === 'string' ? await ctx.store.coin(mint as never) : null;
        if (coin && coin.listed && stockKeyOf(coin.pair) !== null) {
          throw new DeskError('coin_unknown', `${coin.mint} is paired with a tokenized stock: a Zcash wallet buy ${what} of a stock coin is not taken`);
        }
        throw new DeskError('not_offered', `Zcash wallet orders are not offered by this server: buy with ZEC on Solana through POST /v1/trade/build`);
      },
    );
  }
}
