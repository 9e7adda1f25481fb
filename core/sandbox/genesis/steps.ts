import type { NetworkProfile } from '../../config/profile.js';
import type { SandboxCluster } from '../cluster.js';
import type { GenesisKeys } from './keys.js';
export type { GenesisContext, MarketChoice } from './genesis-context.js';
import { genesisAggregator } from './aggregator.js';
import { genesisAmm } from './amm.js';
import { genesisFees } from './fees.js';
import { genesisLaunchpad } from './launchpad.js';
import { genesisLookupTable, genesisLookupTableUpdate } from './lookup-table.js';
import type { GenesisContext, MarketChoice } from './genesis-context.js';
import { genesisMemo } from './memo.js';
import { genesisMarket } from '../market/market-step.js';
import { genesisMints } from './mints.js';
import { genesisNativePair } from './native-pair.js';
import { genesisNativePrice } from './native-price.js';
import { genesisStockPairs } from './stock-pairs.js';
import { genesisStocks } from './stocks.js';
import { genesisVault, genesisVaultRunEvents } from './vault.js';

/**
 * Genesis as numbered steps. A new sandbox runs them all; a sandbox made by an older version runs the
 * steps it has not seen yet (its profile records `genesisVersion`), so that extending the world never
 * asks a user to throw their sandbox away.
 */
interface GenesisStep {
  readonly version: number;
  readonly name: string;
  run(context: GenesisContext): Promise<NetworkProfile>;
}

export const GENESIS_STEPS: readonly GenesisStep[] = [
  { version: 1, name: 'mints and faucet', run: genesisMints },
  { version: 2, name: 'fee program and fee configs', run: genesisFees },
  { version: 3, name: 'launchpad, its Global and admitted quote mints', run: genesisLaunchpad },
  { version: 4, name: 'AMM, its config, the native-coin/ZEC and WSOL/ZEC pools', run: genesisAmm },
  { version: 5, name: 'aggregator (SOL <-> ZEC)', run: genesisAggregator },
  { version: 6, name: 'native pairing in the profile', run: genesisNativePair },
  { version: 7, name: 'vault (payee records)', run: genesisVault },
  { version: 8, name: 'native coin price record (conversion floor)', run: genesisNativePrice },
  { version: 9, name: 'address lookup table of the fixed accounts (frozen)', run: genesisLookupTable },
  { version: 10, name: 'lookup table holding the planting\'s fixed accounts too (frozen)', run: genesisLookupTableUpdate },
  { version: 11, name: 'SPL Memo (v2) at its live address, as mainnet runs it', run: genesisMemo },
  { version: 12, name: 'a seeded market (or none, when asked for an empty sandbox)', run: genesisMarket },
  { version: 13, name: 'vault whose holder-reward runs log their events', run: genesisVaultRunEvents },
  { version: 14, name: 'the 44 tokenized stocks, their issuers\' keys and the review of their controls', run: genesisStocks },
  { version: 15, name: 'stock pairs: the vault\'s stock rates, three stocks admitted as quote mints, a coin paired with each', run: genesisStockPairs },
];

export const GENESIS_VERSION = GENESIS_STEPS[GENESIS_STEPS.length - 1]!.version;

/** Runs the steps after the profile's version; answers the updated profile (unchanged when up to date). */
export async function runGenesisSteps(
  cluster: SandboxCluster,
  keys: GenesisKeys,
  profile: NetworkProfile | null,
  upTo: number = GENESIS_VERSION,
  market: MarketChoice = { state: 'empty' },
): Promise<NetworkProfile> {
  let current = profile;
  const done = profile?.genesisVersion ?? (profile ? 1 : 0);
  for (const step of GENESIS_STEPS) {
    if (step.version <= done || step.version > upTo) continue;
    current = { ...(await step.run({ cluster, keys, profile: current, market })), genesisVersion: step.version };
  }
  if (!current) throw new Error('genesis produced no profile');
  return current;
}
