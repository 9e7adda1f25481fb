import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { findGlobal } from '../pdas.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../spl-programs.js';

/** initialize: creates `Global`; `user` signs, pays and becomes its authority. No event. */
export const INITIALIZE_DISCRIMINATOR = new Uint8Array([175, 175, 109, 31, 13, 152, 155, 237]);

export async function initializeInstruction(input: { readonly launchpad: Address; readonly user: Address }): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: [
      { address: await findGlobal(input.launchpad), role: AccountRole.WRITABLE },
      { address: input.user, role: AccountRole.WRITABLE_SIGNER },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data: INITIALIZE_DISCRIMINATOR.slice(),
  };
}
