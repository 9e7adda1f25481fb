import { readFileSync } from 'node:fs';
import type { NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import { SANDBOX_OWN_PROGRAMS } from './live-addresses.js';
import type { GenesisContext } from './genesis-context.js';

/** Genesis step 5: the aggregator (SOL <-> ZEC through the WSOL/ZEC pool), the sandbox's own program. */
export async function genesisAggregator({ cluster, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile?.programs['amm']) throw new Error('genesis step "aggregator" needs the AMM step first');
  const aggregator = SANDBOX_OWN_PROGRAMS.aggregator;
  cluster.installProgram(aggregator, new Uint8Array(readFileSync(resourcePath('programs', 'aggregator.so'))));
  return { ...profile, programs: { ...profile.programs, aggregator } };
}
