import { readWorld } from '../../engine/world.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';
import { ReviewKitSchema } from '../schemas/desk.js';
import type { Api, ApiContext } from '../api-context.js';
import { reviewKitOf } from './review-context.js';

/**
 * GET /desk-api/review-kit: the cluster's public facts a review needs (programs, lookup tables' contents,
 * mints, the programs' fee recipients), which the desk keeps for reviews without network. No key and no
 * wallet in it, so it needs no token and is served by every server, a bots-only one included.
 */
export function registerReviewKitRoute(app: Api, ctx: ApiContext): void {
  app.get('/desk-api/review-kit', { schema: { hide: true, response: { 200: ReviewKitSchema, ...ERROR_RESPONSES } } }, async () => {
    const kit = await reviewKitOf(await readWorld(ctx.chain, ctx.profile));
    return { programs: { ...kit.programs }, lookupTables: kit.lookupTables.map((t) => ({ address: t.address, addresses: [...t.addresses] })), mints: [...kit.mints], labels: [...kit.labels], tokenAccounts: [...kit.tokenAccounts] };
  });
}
