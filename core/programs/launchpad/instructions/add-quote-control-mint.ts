import { getAddressCodec, getStructCodec, getU64Codec, type Address, type Instruction } from '@solana/kit';
import { encodeInstructionData } from './instruction-data.js';
import { quoteControlListAccounts } from './quote-control-accounts.js';

/** add_quote_control_mint(quote_mint, initial_virtual_quote_reserves): lists a quote mint in QuoteControl. */
export interface AddQuoteControlMintArgs {
  readonly quoteMint: Address;
  /** In base units of `quoteMint`: where a new curve in it starts. */
  readonly initialVirtualQuoteReserves: bigint;
}

export const ADD_QUOTE_CONTROL_MINT_DISCRIMINATOR = new Uint8Array([2, 14, 61, 138, 170, 142, 14, 95]);

const args = getStructCodec([
  ['quoteMint', getAddressCodec()],
  ['initialVirtualQuoteReserves', getU64Codec()],
]);

export async function addQuoteControlMintInstruction(
  input: { readonly launchpad: Address; readonly authority: Address },
  a: AddQuoteControlMintArgs,
): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: await quoteControlListAccounts(input.launchpad, input.authority),
    data: encodeInstructionData(ADD_QUOTE_CONTROL_MINT_DISCRIMINATOR, args, a),
  };
}
