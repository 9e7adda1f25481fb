import { getAddressCodec, getStructCodec, type Address, type Instruction } from '@solana/kit';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { encodeInstructionData } from './instruction-data.js';

/** add_quote_mint(quote_mint): fills the free slot of Global.whitelistedQuoteMints (Global.authority signs). */
export const ADD_QUOTE_MINT_DISCRIMINATOR = new Uint8Array([111, 121, 21, 56, 40, 24, 94, 209]);

const args = getStructCodec([['quoteMint', getAddressCodec()]]);

export async function addQuoteMintInstruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  readonly quoteMint: Address;
}): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: await globalAdminAccounts(input.launchpad, input.authority),
    data: encodeInstructionData(ADD_QUOTE_MINT_DISCRIMINATOR, args, { quoteMint: input.quoteMint }),
  };
}
