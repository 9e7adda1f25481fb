import type { NetworkProfile } from '../../config/profile.js';
import { signerOf } from '../genesis/keys.js';
import type { GenesisContext } from '../genesis/genesis-context.js';
import { DEFAULT_MARKET_SEED, seedMarket } from './seeded-market.js';

/**
 * Genesis step 12: the seeded market, when asked for (the CLI's default), else a note that this sandbox
 * was made empty, so that a later open does not seed it behind its owner's back. A sandbox from before
 * this step gains its market like any other new step.
 */
export async function genesisMarket({ cluster, keys, profile, market }: GenesisContext): Promise<NetworkProfile> {
  if (!profile) throw new Error('genesis step "seeded market" needs the steps before it');
  if (market.state === 'empty') return { ...profile, market: { state: 'empty' } };
  const seed = market.seed ?? DEFAULT_MARKET_SEED;
  const seeded = await seedMarket(cluster, await signerOf(keys.faucetAuthority), profile, { seed, ...(market.onProgress ? { onProgress: market.onProgress } : {}) });
  if (seeded.refused > 0) throw new Error(`the seeded market had ${seeded.refused} refused transactions: its plan is wrong (${seeded.refusals.join('; ')})`);
  if (seeded.retried > 0) process.stderr.write(`seeded market: ${seeded.retried} transactions were refused once and landed in the next slot (${seeded.refusals.join('; ')})\n`);
  return { ...profile, market: { state: 'seeded', seed, traders: seeded.traders } };
}
