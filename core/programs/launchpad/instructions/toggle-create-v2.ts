import { getStructCodec, type Address, type Instruction } from '@solana/kit';
import { borshBool } from '../borsh.js';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { encodeInstructionData } from './instruction-data.js';

/** toggle_create_v2(enabled): Global.createV2Enabled; create_v2 fails with CreateV2Disabled while off. */
export const TOGGLE_CREATE_V2_DISCRIMINATOR = new Uint8Array([28, 255, 230, 240, 172, 107, 203, 171]);

const args = getStructCodec([['enabled', borshBool]]);

export async function toggleCreateV2Instruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  readonly enabled: boolean;
}): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: await globalAdminAccounts(input.launchpad, input.authority),
    data: encodeInstructionData(TOGGLE_CREATE_V2_DISCRIMINATOR, args, { enabled: input.enabled }),
  };
}
