import type { Address } from '@solana/kit';
import { addressSeed, derivePda } from '../derive-address.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { findFeeConfig } from '../fees/fee-config.js';

/**
 * The program-derived addresses of the launchpad (`pump` interface). Program ids are parameters: they
 * come from the network profile.
 */
export interface LaunchpadPrograms {
  /** The launchpad program (`pump` interface). */
  readonly launchpad: Address;
  /** The fee program (`pump_fees` interface): fee config and sharing configs live under it. */
  readonly fees: Address;
  /** The mayhem program: create_v2 lists its accounts whether or not the coin is in mayhem mode. */
  readonly mayhem: Address;
}

/** An address seed: decoded once and kept (core/programs/derive-address.ts). */
const addressBytes = addressSeed;

const pda = derivePda;

/** ["global"] */
export const findGlobal = (launchpad: Address) => pda(launchpad, ['global']);

/** ["bonding-curve", mint] */
export const findBondingCurve = (launchpad: Address, mint: Address) => pda(launchpad, ['bonding-curve', addressBytes(mint)]);

/** ["creator-vault", creator]: holds the coin creator's unclaimed fees (lamports, or quote tokens via its ATA). */
export const findCreatorVault = (launchpad: Address, creator: Address) => pda(launchpad, ['creator-vault', addressBytes(creator)]);

/** ["mint-authority"]: the mint authority of every coin while it trades on its curve. */
export const findMintAuthority = (launchpad: Address) => pda(launchpad, ['mint-authority']);

/** ["quote-control"]: the admin-managed list of extra quote mints create_v2 accepts. */
export const findQuoteControl = (launchpad: Address) => pda(launchpad, ['quote-control']);

/** ["global_volume_accumulator"] (underscores, unlike the other seeds). */
export const findGlobalVolumeAccumulator = (launchpad: Address) => pda(launchpad, ['global_volume_accumulator']);

/** ["user_volume_accumulator", user] */
export const findUserVolumeAccumulator = (launchpad: Address, user: Address) =>
  pda(launchpad, ['user_volume_accumulator', addressBytes(user)]);

/** ["holder-rewards", mint]: the creator of a holder-reward coin. */
export const findHolderRewards = (launchpad: Address, mint: Address) => pda(launchpad, ['holder-rewards', addressBytes(mint)]);

/** ["sharing-config", mint] under the fee program. */
export const findSharingConfig = (fees: Address, mint: Address) => pda(fees, ['sharing-config', addressBytes(mint)]);

/** ["fee_config", launchpad] under the fee program: the fee schedule the launchpad reads. */
export const findLaunchpadFeeConfig = (programs: Pick<LaunchpadPrograms, 'fees' | 'launchpad'>) =>
  findFeeConfig(programs.fees, programs.launchpad);

/** The associated token account of `owner` for `mint` under `tokenProgram` (owner may be a PDA). */
export function findAssociatedTokenAccount(owner: Address, mint: Address, tokenProgram: Address): Promise<Address> {
  return pda(ASSOCIATED_TOKEN_PROGRAM_ADDRESS, [addressBytes(owner), addressBytes(tokenProgram), addressBytes(mint)]);
}
