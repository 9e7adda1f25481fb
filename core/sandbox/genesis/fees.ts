import { readFileSync } from 'node:fs';
import type { NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import type { Bps } from '../../math/units.js';
import { findEventAuthority } from '../../programs/anchor/event-authority.js';
import { findFeeConfig, initializeFeeConfigInstruction, updateFeeConfigInstruction } from '../../programs/fees/fee-config.js';
import { sendInstructions } from '../admin-transaction.js';
import { signerOf } from './keys.js';
import { LIVE_PROGRAMS } from './live-addresses.js';
import type { GenesisContext } from './genesis-context.js';

/** Spec "Route fees": protocol 0.05%, creator 2.00%, graduated pool LP 0.20%. */
export const SANDBOX_FLAT_FEES = Object.freeze({ lpFeeBps: 20n as Bps, protocolFeeBps: 5n as Bps, creatorFeeBps: 200n as Bps });

/** Genesis step 2: the fee program at its live address, and the fee configs of the launchpad and the AMM. */
export async function genesisFees({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile) throw new Error('genesis step "fees" needs the mints step first');
  const admin = await signerOf(keys.faucetAuthority);
  const feeProgram = LIVE_PROGRAMS.fees;
  cluster.installProgram(feeProgram, new Uint8Array(readFileSync(resourcePath('programs', 'fees.so'))));
  const eventAuthority = await findEventAuthority(feeProgram);
  const accounts: Record<string, string> = {};
  for (const [name, configProgram] of [['launchpad', LIVE_PROGRAMS.launchpad], ['amm', LIVE_PROGRAMS.amm]] as const) {
    const feeConfig = await findFeeConfig(feeProgram, configProgram);
    await sendInstructions(cluster, admin, [
      initializeFeeConfigInstruction({ feeProgram, feeConfig, configProgram, eventAuthority, admin: admin.address }),
      updateFeeConfigInstruction({ feeProgram, feeConfig, configProgram, eventAuthority, admin: admin.address, flatFees: SANDBOX_FLAT_FEES }),
    ]);
    accounts[`${name}FeeConfig`] = feeConfig;
  }
  return {
    ...profile,
    programs: { ...profile.programs, fees: feeProgram },
    accounts: { ...profile.accounts, ...accounts, feesAdmin: admin.address },
  } as NetworkProfile;
}
