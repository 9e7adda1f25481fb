import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { findEventAuthority } from '../anchor/event-authority.js';
import { findCoinCreatorVaultAuthority } from '../amm/pdas.js';
import { findAssociatedTokenAccount, findCreatorVault } from '../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';
import { findVaultConfig, type VaultSettings } from './config.js';
import { findCoinAuthority, findPayeeRecord } from './pdas.js';

/**
 * split (permissionless): a ZEC-paired coin's creator fees, collected from the launchpad (signed by the
 * coin's coin-authority PDA) and from the AMM once migrated, and split four ways by the vault's config (core/math/split). Return data: amount,
 * liquidity, rootstock, treasury, payee (u64 LE each); nothing collected returns no data.
 */
export const SPLIT_DISCRIMINATOR = new Uint8Array([124, 189, 27, 43, 216, 40, 147, 66]);

export interface SplitFeesInput {
  readonly vault: Address;
  readonly launchpad: Address;
  readonly amm: Address;
  readonly zecMint: Address;
  readonly mint: Address;
  /** Pays the transaction (and, the first time, the coin authority's ZEC account); receives nothing. */
  readonly sender: Address;
  /** The config's destinations (decodeVaultConfig). */
  readonly config: Pick<VaultSettings, 'treasury' | 'rootstock' | 'liquidityPot'>;
}

export async function splitFeesInstruction(input: SplitFeesInput): Promise<Instruction> {
  const zecAccount = (owner: Address) => findAssociatedTokenAccount(owner, input.zecMint, TOKEN_PROGRAM_ADDRESS);
  const authority = await findCoinAuthority(input.vault, input.mint);
  const record = await findPayeeRecord(input.vault, input.mint);
  const creatorVault = await findCreatorVault(input.launchpad, authority);
  const ammVaultAuthority = await findCoinCreatorVaultAuthority(input.amm, authority);
  const W = AccountRole.WRITABLE;
  const R = AccountRole.READONLY;
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.sender, role: AccountRole.WRITABLE_SIGNER },
      { address: await findVaultConfig(input.vault), role: R },
      { address: input.mint, role: R },
      // Writable: the launchpad's collect_creator_fee_v2 lists the creator writable (it may pay for an account).
      { address: authority, role: W },
      { address: await zecAccount(authority), role: W },
      { address: record, role: R },
      { address: await zecAccount(record), role: W },
      { address: await zecAccount(input.config.liquidityPot), role: W },
      { address: await zecAccount(input.config.rootstock), role: W },
      { address: await zecAccount(input.config.treasury), role: W },
      { address: input.zecMint, role: R },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      { address: input.launchpad, role: R },
      { address: creatorVault, role: W },
      { address: await zecAccount(creatorVault), role: W },
      { address: await findEventAuthority(input.launchpad), role: R },
      { address: input.amm, role: R },
      { address: ammVaultAuthority, role: R },
      { address: await zecAccount(ammVaultAuthority), role: W },
      { address: await findEventAuthority(input.amm), role: R },
    ],
    data: SPLIT_DISCRIMINATOR,
  };
}
