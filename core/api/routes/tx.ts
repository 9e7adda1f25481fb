import { Type } from 'typebox';
import type { Address, Signature } from '@solana/kit';
import { notFound } from '../api-error.js';
import type { Api, ApiContext } from '../api-context.js';
import { registrationOf } from '../../relay/registration.js';
import { RegistrationAnswer } from '../schemas/requests.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';
import { signatureOf } from '../route-kit/request-values.js';

/** The programs whose transactions the index takes in (a landed transaction naming none is never registered). */
const FOLLOWED_PROGRAMS = ['launchpad', 'amm', 'vault'] as const;


/**
 * GET /v1/tx/{signature}: whether the index registered the transaction (spec: a planting is registered
 * once its coin is listed; clients poll this after sending). Not yet (pending, landed but not taken in)
 * and never (failed, dropped, an unlisted planting) answer 200 with `registered: false`, the status and
 * the reason; a signature that the index, the relay and the chain all do not know answers 404.
 */
export function registerTxRoutes(app: Api, ctx: ApiContext): void {
  const followed = FOLLOWED_PROGRAMS.map((name) => ctx.profile.programs[name]).filter((program): program is Address => program !== undefined);
  app.get(
    '/v1/tx/:signature',
    {
      config: READS,
      schema: {
        summary: 'Registration status of a transaction',
        tags: ['tx'],
        params: Type.Object({ signature: Type.String({ minLength: 64, maxLength: 88, description: 'base58 transaction signature' }) }),
        response: { 200: RegistrationAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const signature = signatureOf(request.params.signature, 'signature');
      const relay = ctx.relay;
      const registration = await registrationOf(signature, {
        store: ctx.store,
        chain: ctx.chain,
        followed,
        ...(relay ? { sent: (s: Signature) => relay.sentTransaction(s) } : {}),
      });
      if (!registration) throw notFound(`no transaction ${signature}: neither the chain, this relay nor the index knows it (send it first, or check the signature)`);
      return registration;
    },
  );
}
