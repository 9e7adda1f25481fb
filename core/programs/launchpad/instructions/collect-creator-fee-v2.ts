import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { findAssociatedTokenAccount, findCreatorVault } from '../pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from '../spl-programs.js';

/**
 * collect_creator_fee_v2: moves a creator's fees in one quote mint from the creator vault's quote ATA
 * to the creator's. The IDL has nobody sign; the sandbox's launchpad requires the creator's signature
 * (the vault program's coin-authority PDA signs through CPI), so `creatorSigns` marks it a signer.
 */
export interface CollectCreatorFeeV2Input {
  readonly launchpad: Address;
  /** Mark the creator as a signer (the sandbox's launchpad requires it; the IDL does not). */
  readonly creatorSigns?: boolean;
  readonly creator: Address;
  readonly quoteMint: Address;
  readonly quoteTokenProgram: Address;
}

export const COLLECT_CREATOR_FEE_V2_DISCRIMINATOR = new Uint8Array([207, 17, 138, 242, 4, 34, 19, 56]);

export async function collectCreatorFeeV2Instruction(input: CollectCreatorFeeV2Input): Promise<Instruction> {
  const { launchpad, creator, quoteMint, quoteTokenProgram } = input;
  const creatorVault = await findCreatorVault(launchpad, creator);
  return {
    programAddress: launchpad,
    accounts: [
      { address: creator, role: input.creatorSigns ? AccountRole.WRITABLE_SIGNER : AccountRole.WRITABLE },
      { address: await findAssociatedTokenAccount(creator, quoteMint, quoteTokenProgram), role: AccountRole.WRITABLE },
      { address: creatorVault, role: AccountRole.WRITABLE },
      { address: await findAssociatedTokenAccount(creatorVault, quoteMint, quoteTokenProgram), role: AccountRole.WRITABLE },
      { address: quoteMint, role: AccountRole.READONLY },
      { address: quoteTokenProgram, role: AccountRole.READONLY },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: await findEventAuthority(launchpad), role: AccountRole.READONLY },
      { address: launchpad, role: AccountRole.READONLY },
    ],
    data: COLLECT_CREATOR_FEE_V2_DISCRIMINATOR.slice(),
  };
}
