import type { Address } from '@solana/kit';
import { DeskError } from '../../errors.js';
import { assertFaucetAmount, payFromFaucet, type FaucetAsset } from '../faucet-payment.js';
import { FaucetAnswer, FaucetRequest } from '../schemas/faucet.js';
import type { Api, ApiContext } from '../api-context.js';
import { addressOf } from '../route-kit/request-values.js';
import { ERROR_RESPONSES, BUILDS } from '../route-kit/route-config.js';

const ASSETS: readonly (readonly ['sol' | 'zec' | 'native', FaucetAsset])[] = [['sol', 'SOL'], ['zec', 'ZEC'], ['native', 'native']];

/**
 * POST /v1/sandbox/faucet: the sandbox's play money for bots, as the desk's faucet button gives it. Not part
 * of the hosted spec. It is registered only when this server runs the embedded sandbox (its faucet given and
 * the profile's cluster `sandbox`): on any other cluster the path does not exist (`404 not_found`).
 */
export function registerFaucetRoute(app: Api, ctx: ApiContext): void {
  const faucet = ctx.faucet;
  if (!faucet || ctx.profile.cluster.kind !== 'sandbox') return;
  app.post(
    '/v1/sandbox/faucet',
    {
      config: BUILDS,
      schema: {
        summary: "Sandbox only (a local addition): play SOL, ZEC and native coin for a wallet, one transaction each",
        tags: ['sandbox'],
        body: FaucetRequest,
        response: { 200: FaucetAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const wallet: Address = addressOf(request.body.wallet, 'wallet');
      const asked = ASSETS.filter(([field]) => request.body[field] !== undefined);
      if (asked.length === 0) throw new DeskError('invalid_param', 'sol, zec, native: ask for at least one (base units as decimal strings)', { field: 'sol' });
      // Every amount is checked before the first payment, so a refusal pays nothing.
      for (const [field, asset] of asked) assertFaucetAmount(asset, BigInt(request.body[field]!), field);
      const answer = { wallet, sol: null, zec: null, native: null } as { wallet: string } & Record<'sol' | 'zec' | 'native', { amount: string; signature: string } | null>;
      for (const [field, asset] of asked) {
        const amount = BigInt(request.body[field]!);
        answer[field] = { amount: String(amount), signature: await payFromFaucet(faucet, ctx.chain, wallet, asset, amount, field) };
      }
      return answer;
    },
  );
}
