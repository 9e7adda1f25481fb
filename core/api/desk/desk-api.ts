import type { Api, ApiContext } from '../api-context.js';
import { assertFieldBounds } from './field-bounds.js';
import { assertDeskToken } from './desk-token.js';
import type { DeskSigning } from './desk-signing.js';
import { registerQuickRoutes } from './quick-routes.js';
import { registerSignRoutes } from './sign-routes.js';
import { registerWalletRoutes } from './wallet-routes.js';
import { registerWatchRoutes } from './watch-routes.js';

/**
 * The desk's own routes under /desk-api: wallets and signing, each behind this run's desk token (and the
 * server's loopback Host check). Without a DeskSigning (a server started for bots only) they all answer 404.
 */
export async function registerDeskApi(app: Api, ctx: ApiContext, desk: DeskSigning): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => assertDeskToken(request, desk.token));
    scope.addHook('preHandler', assertFieldBounds);
    registerWalletRoutes(scope as Api, ctx, desk);
    registerSignRoutes(scope as Api, ctx, desk);
    registerQuickRoutes(scope as Api, ctx, desk);
    registerWatchRoutes(scope as Api, ctx, desk);
  });
}
