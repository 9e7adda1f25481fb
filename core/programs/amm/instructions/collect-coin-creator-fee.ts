import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { findAssociatedTokenAccount } from '../../launchpad/pdas.js';
import { findCoinCreatorVaultAuthority } from '../pdas.js';

/**
 * collect_coin_creator_fee: moves a coin creator's fees in one quote mint from the creator vault
 * authority's quote ATA to a token account of the creator. Nobody signs in the IDL (the vault authority
 * PDA signs the transfer). No arguments.
 */
export interface CollectCoinCreatorFeeInput {
  readonly amm: Address;
  readonly coinCreator: Address;
  readonly quoteMint: Address;
  readonly quoteTokenProgram: Address;
  /** Default: the coin creator's quote ATA. */
  readonly coinCreatorTokenAccount?: Address;
}

export const COLLECT_COIN_CREATOR_FEE_DISCRIMINATOR = new Uint8Array([160, 57, 89, 42, 181, 139, 43, 66]);

export async function collectCoinCreatorFeeInstruction(input: CollectCoinCreatorFeeInput): Promise<Instruction> {
  const { amm, coinCreator, quoteMint, quoteTokenProgram } = input;
  const vaultAuthority = await findCoinCreatorVaultAuthority(amm, coinCreator);
  return {
    programAddress: amm,
    accounts: [
      { address: quoteMint, role: AccountRole.READONLY },
      { address: quoteTokenProgram, role: AccountRole.READONLY },
      { address: coinCreator, role: AccountRole.READONLY },
      { address: vaultAuthority, role: AccountRole.READONLY },
      { address: await findAssociatedTokenAccount(vaultAuthority, quoteMint, quoteTokenProgram), role: AccountRole.WRITABLE },
      {
        address: input.coinCreatorTokenAccount ?? (await findAssociatedTokenAccount(coinCreator, quoteMint, quoteTokenProgram)),
        role: AccountRole.WRITABLE,
      },
      { address: await findEventAuthority(amm), role: AccountRole.READONLY },
      { address: amm, role: AccountRole.READONLY },
    ],
    data: COLLECT_COIN_CREATOR_FEE_DISCRIMINATOR.slice(),
  };
}
