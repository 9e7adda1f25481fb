import { AccountRole, getNullableCodec, getStructCodec, getU64Codec, type Address, type Instruction } from '@solana/kit';
import type { Bps } from '../../../math/units.js';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { encodeInstructionData } from './instruction-data.js';

/**
 * update_buyback_config(buyback_basis_points: Option<u64>): a real Borsh option (tag 0, or tag 1 and
 * the u64); null leaves Global.buybackBasisPoints as it is. Global.authority signs.
 */
export const UPDATE_BUYBACK_CONFIG_DISCRIMINATOR = new Uint8Array([251, 224, 171, 146, 160, 26, 113, 233]);

const args = getStructCodec([['buybackBasisPoints', getNullableCodec(getU64Codec())]]);

export async function updateBuybackConfigInstruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  readonly buybackBasisPoints: Bps | null;
  /**
   * The new Global.buybackFeeRecipients, exactly 8, passed as read-only accounts after the listed
   * ones; empty or absent keeps them (the program: WrongBuybackFeeRecipientsCount otherwise).
   */
  readonly buybackFeeRecipients?: readonly Address[];
}): Promise<Instruction> {
  const recipients = input.buybackFeeRecipients ?? [];
  if (recipients.length !== 0 && recipients.length !== 8) throw new RangeError('update_buyback_config takes exactly 8 buyback fee recipients, or none');
  return {
    programAddress: input.launchpad,
    accounts: [
      ...(await globalAdminAccounts(input.launchpad, input.authority)),
      ...recipients.map((address) => ({ address, role: AccountRole.READONLY })),
    ],
    data: encodeInstructionData(UPDATE_BUYBACK_CONFIG_DISCRIMINATOR, args, { buybackBasisPoints: input.buybackBasisPoints }),
  };
}
