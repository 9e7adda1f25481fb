import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { findQuoteControl } from '../pdas.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../spl-programs.js';

/**
 * initialize_quote_control: creates the QuoteControl PDA with room for QUOTE_CONTROL_INITIAL_ENTRIES;
 * anyone may call it, once; `user` pays. No event.
 */
export const INITIALIZE_QUOTE_CONTROL_DISCRIMINATOR = new Uint8Array([239, 73, 245, 173, 209, 177, 84, 66]);

export async function initializeQuoteControlInstruction(input: { readonly launchpad: Address; readonly user: Address }): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: [
      { address: await findQuoteControl(input.launchpad), role: AccountRole.WRITABLE },
      { address: input.user, role: AccountRole.WRITABLE_SIGNER },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data: INITIALIZE_QUOTE_CONTROL_DISCRIMINATOR.slice(),
  };
}
