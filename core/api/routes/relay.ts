import { DeskError } from '../../errors.js';
import { BUILD_ID_PATTERN } from '../../engine/build.js';
import { signedTransactionsOf } from '../../relay/signed-input.js';
import { invalidParam } from '../api-error.js';
import type { Api, ApiContext } from '../api-context.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';
import { SendAnswer, SendBody } from '../schemas/requests.js';

const RELAY = { rateGroup: 'relay' as const };

/** POST /v1/tx/send: the relay (core/relay) behind the spec's error model. */
export function registerRelayRoutes(app: Api, ctx: ApiContext): void {
  app.post(
    '/v1/tx/send',
    {
      config: RELAY,
      schema: {
        summary: 'Relay the signed transactions of a build (sent once, only if they are what was built)',
        tags: ['tx'],
        body: SendBody,
        response: { 200: SendAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { buildId, signed } = request.body;
      if (!BUILD_ID_PATTERN.test(buildId)) throw invalidParam('buildId', `${JSON.stringify(buildId.slice(0, 40))} is not a build id (b_ and 32 hex digits)`);
      const relay = ctx.relay;
      if (!relay) throw new DeskError('unavailable', 'the relay is not running in this server');
      const sent = await relay.send(buildId, signedTransactionsOf(signed));
      return { buildId: sent.buildId, signatures: [...sent.signatures] };
    },
  );
}
