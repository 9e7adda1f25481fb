import { notFound } from '../api-error.js';
import { IssuerStatusAnswer } from '../schemas/stocks.js';
import type { Api, ApiContext } from '../api-context.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';

/** `GET /v1/stocks/issuers` (spec): the issuer status of every stock, at most 15 seconds old. */
export function registerStockRoutes(app: Api, ctx: ApiContext): void {
  app.get(
    '/v1/stocks/issuers',
    {
      config: READS,
      schema: {
        summary: 'Stock issuer status',
        description:
          'Each stock\'s issuer controls read from chain and compared with the review: status, open or closed and why, the changes that pause it and the notices that do not. Answers are at most 15 seconds old and never served older. 404 while stock pairs are off; `readable: false` with empty `data` when the chain cannot be read, and every stock is then treated as paused.',
        tags: ['stocks'],
        response: { 200: IssuerStatusAnswer, ...ERROR_RESPONSES },
      },
    },
    async () => {
      const stocks = ctx.stocks!;
      if (!stocks.on) throw notFound('stock pairs are off on this server');
      const answer = await stocks.read();
      if (!stocks.on) throw notFound('stock pairs are off on this server');
      return { data: answer.readable ? answer.stocks.map(({ record }) => ({ ...record, changes: [...record.changes], notices: [...record.notices] })) : [], readable: answer.readable };
    },
  );
}
