import type { NetworkProfile } from '../../config/profile.js';
import type { SandboxCluster } from '../cluster.js';
import type { GenesisKeys } from './keys.js';

/** What every genesis step is given (steps.ts runs them in order); below the steps, so they form no circle. */
export interface GenesisContext {
  readonly cluster: SandboxCluster;
  readonly keys: GenesisKeys;
  readonly profile: NetworkProfile | null;
  /** Whether the seeded-market step plants and trades a market ('empty' leaves the chain as it is). */
  readonly market: MarketChoice;
}

export interface MarketChoice {
  readonly state: 'seeded' | 'empty';
  readonly seed?: string;
  /** How far the market's trades have gone, for a progress line. */
  readonly onProgress?: (done: number, total: number) => void;
}
