import { readFileSync } from 'node:fs';
import { generateKeyPairSigner } from '@solana/kit';
import type { NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import { SANDBOX_OWN_PROGRAMS } from './live-addresses.js';
import type { GenesisContext } from './steps.js';

/**
 * Genesis step 7: the service's vault program (declare_payee so far) and the treasury, a fresh address
 * that receives launch fees (and, with the split, the treasury's 10%). The vault's config account, with
 * the split and the planting figures, comes with the split instruction.
 */
export async function genesisVault({ cluster, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile?.programs['launchpad']) throw new Error('genesis step "vault" needs the launchpad step first');
  const vault = SANDBOX_OWN_PROGRAMS.vault;
  cluster.installProgram(vault, new Uint8Array(readFileSync(resourcePath('programs', 'vault.so'))));
  const treasury = (await generateKeyPairSigner()).address;
  return { ...profile, programs: { ...profile.programs, vault }, accounts: { ...profile.accounts, treasury } };
}
