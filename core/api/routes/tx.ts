import { Type } from 'typebox';
import { isSignature, type Signature } from '@solana/kit';
import { invalidParam } from '../api-error.js';
import type { Api, ApiContext } from '../server.js';
import { ERROR_RESPONSES, READS } from './query.js';

/**
 * GET /v1/tx/{signature}: whether the index has taken the transaction in (a planting's coin is then at
 * GET /v1/coins/{mint}, a trade in the lists). Not yet landed, or not yet followed, reads `registered:
 * false`: clients poll it after sending.
 */
export function registerTxRoutes(app: Api, ctx: ApiContext): void {
  app.get(
    '/v1/tx/:signature',
    {
      config: READS,
      schema: {
        summary: 'Registration status of a transaction',
        tags: ['tx'],
        params: Type.Object({ signature: Type.String({ minLength: 64, maxLength: 88, description: 'base58 transaction signature' }) }),
        response: { 200: Type.Object({ signature: Type.String(), registered: Type.Boolean({ description: 'the index holds it' }) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const text = request.params.signature;
      if (!isSignature(text)) throw invalidParam('signature', 'is not a base58 transaction signature of 64 bytes');
      const signature: Signature = text;
      return { signature, registered: ctx.store.hasProcessed(signature) };
    },
  );
}
