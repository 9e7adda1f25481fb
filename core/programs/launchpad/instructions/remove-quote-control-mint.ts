import { getAddressCodec, getStructCodec, type Address, type Instruction } from '@solana/kit';
import { encodeInstructionData } from './instruction-data.js';
import { quoteControlListAccounts } from './quote-control-accounts.js';

/** remove_quote_control_mint(quote_mint): de-lists a quote mint; existing curves in it keep trading. */
export const REMOVE_QUOTE_CONTROL_MINT_DISCRIMINATOR = new Uint8Array([223, 7, 253, 26, 81, 165, 218, 166]);

const args = getStructCodec([['quoteMint', getAddressCodec()]]);

export async function removeQuoteControlMintInstruction(input: {
  readonly launchpad: Address;
  readonly authority: Address;
  readonly quoteMint: Address;
}): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: await quoteControlListAccounts(input.launchpad, input.authority),
    data: encodeInstructionData(REMOVE_QUOTE_CONTROL_MINT_DISCRIMINATOR, args, { quoteMint: input.quoteMint }),
  };
}
