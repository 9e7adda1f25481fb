import { getStructCodec, getU64Codec, type Address, type Instruction } from '@solana/kit';
import type { Bps } from '../../../math/units.js';
import { borshBool } from '../borsh.js';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { encodeInstructionData } from './instruction-data.js';

/** update_creator_fee_config(creator_fee_configurable, max_configurable_creator_fee_bps): lets coins carry their own creator rate. */
export const UPDATE_CREATOR_FEE_CONFIG_DISCRIMINATOR = new Uint8Array([61, 175, 160, 249, 66, 66, 136, 175]);

const args = getStructCodec([
  ['creatorFeeConfigurable', borshBool],
  ['maxConfigurableCreatorFeeBps', getU64Codec()],
]);

export async function updateCreatorFeeConfigInstruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  readonly creatorFeeConfigurable: boolean;
  readonly maxConfigurableCreatorFeeBps: Bps;
}): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: await globalAdminAccounts(input.launchpad, input.authority),
    data: encodeInstructionData(UPDATE_CREATOR_FEE_CONFIG_DISCRIMINATOR, args, {
      creatorFeeConfigurable: input.creatorFeeConfigurable,
      maxConfigurableCreatorFeeBps: input.maxConfigurableCreatorFeeBps,
    }),
  };
}
