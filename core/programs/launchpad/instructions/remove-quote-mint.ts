import { getAddressCodec, getStructCodec, type Address, type Instruction } from '@solana/kit';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { encodeInstructionData } from './instruction-data.js';

/** remove_quote_mint(quote_mint): empties its Global.whitelistedQuoteMints slot (Global.authority signs). */
export const REMOVE_QUOTE_MINT_DISCRIMINATOR = new Uint8Array([177, 65, 223, 38, 88, 209, 158, 155]);

const args = getStructCodec([['quoteMint', getAddressCodec()]]);

export async function removeQuoteMintInstruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  readonly quoteMint: Address;
}): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: await globalAdminAccounts(input.launchpad, input.authority),
    data: encodeInstructionData(REMOVE_QUOTE_MINT_DISCRIMINATOR, args, { quoteMint: input.quoteMint }),
  };
}
