import { readWorld } from '../../engine/world.js';
import { ERROR_RESPONSES } from '../routes/query.js';
import { ReviewKitSchema } from '../schemas/desk.js';
import type { Api, ApiContext } from '../server.js';
import { reviewKitOf } from './review-context.js';
import { assertDeskToken } from './desk-token.js';
import type { DeskSigning } from './desk-signing.js';
import { registerSignRoutes } from './sign-routes.js';
import { registerWalletRoutes } from './wallet-routes.js';

/**
 * The desk's own routes under /desk-api: wallets and signing, each behind this run's desk token (and the
 * server's loopback Host check), and the review kit, which is public. Without a DeskSigning (a server started for bots only) they all answer 404.
 */
export async function registerDeskApi(app: Api, ctx: ApiContext, desk: DeskSigning): Promise<void> {
  // Public facts of the cluster (no key, no wallet): the desk keeps the last one for reviews without network.
  app.get('/desk-api/review-kit', { schema: { hide: true, response: { 200: ReviewKitSchema, ...ERROR_RESPONSES } } }, async () => {
    const kit = await reviewKitOf(await readWorld(ctx.chain, ctx.profile));
    return { programs: { ...kit.programs }, lookupTables: kit.lookupTables.map((t) => ({ address: t.address, addresses: [...t.addresses] })), mints: [...kit.mints], labels: [...kit.labels], tokenAccounts: [...kit.tokenAccounts] };
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => assertDeskToken(request, desk.token));
    registerWalletRoutes(scope as Api, desk);
    registerSignRoutes(scope as Api, ctx, desk);
  });
}
