import { AccountRole, getAddressCodec, getStructCodec, type AccountMeta, type Address, type Instruction } from '@solana/kit';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { encodeInstructionData } from './instruction-data.js';

/**
 * set_reserved_fee_recipients(whitelist_pda): sets Global.whitelistPda; the authority signs but, unlike
 * the other Global admin instructions, is not writable. The IDL lists no account for the reserved fee
 * recipients themselves (ReservedFeeRecipientsEvent reports 1 + 7 of them): `remainingAccounts`
 * follow the listed ones unchanged, in the order the C program defines.
 */
export const SET_RESERVED_FEE_RECIPIENTS_DISCRIMINATOR = new Uint8Array([111, 172, 162, 232, 114, 89, 213, 142]);

const args = getStructCodec([['whitelistPda', getAddressCodec()]]);

export async function setReservedFeeRecipientsInstruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  readonly whitelistPda: Address;
  readonly remainingAccounts?: readonly AccountMeta[];
}): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: [
      ...(await globalAdminAccounts(input.launchpad, input.authority, AccountRole.READONLY_SIGNER)),
      ...(input.remainingAccounts ?? []),
    ],
    data: encodeInstructionData(SET_RESERVED_FEE_RECIPIENTS_DISCRIMINATOR, args, { whitelistPda: input.whitelistPda }),
  };
}
