import { getStructCodec, getU64Codec, type Address, type Instruction } from '@solana/kit';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { encodeInstructionData } from './instruction-data.js';

/** set_virtual_quote_reserves(initial_virtual_quote_reserves): where curves quoted in Global's whitelisted mint start. */
export const SET_VIRTUAL_QUOTE_RESERVES_DISCRIMINATOR = new Uint8Array([101, 135, 191, 104, 9, 88, 20, 96]);

const args = getStructCodec([['initialVirtualQuoteReserves', getU64Codec()]]);

export async function setVirtualQuoteReservesInstruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  /** In base units of the whitelisted quote mint. */
  readonly initialVirtualQuoteReserves: bigint;
}): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: await globalAdminAccounts(input.launchpad, input.authority),
    data: encodeInstructionData(SET_VIRTUAL_QUOTE_RESERVES_DISCRIMINATOR, args, { initialVirtualQuoteReserves: input.initialVirtualQuoteReserves }),
  };
}
