import { AccountRole, type AccountMeta, type Address, type Instruction } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { findGlobalConfig, findLpMint, findLpTokenAccount, findPool, findPoolTokenAccount, findPumpPoolAuthority } from '../../amm/pdas.js';
import { findAssociatedTokenAccount, findBondingCurve, findGlobal } from '../pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '../spl-programs.js';

/**
 * migrate_v2: a completed curve becomes its coin's canonical AMM pool (index 0, created by the
 * launchpad's pool authority ["pool-authority", mint]). Permissionless: `user` signs and pays.
 */
export const MIGRATE_V2_DISCRIMINATOR = new Uint8Array([187, 203, 18, 31, 206, 237, 254, 41]);
/**
 * The compute units to ask for with migrate_v2: it creates the pool and its accounts in one instruction,
 * measured at 147,000 to 196,000 units over a few sandboxes (the addresses' bump searches differ with
 * each cluster's keys), too near the 200,000 an instruction gets by default.
 */
export const MIGRATE_V2_COMPUTE_UNITS = 600_000;
const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111' as Address;

export interface MigrateV2Input {
  readonly launchpad: Address;
  readonly amm: Address;
  readonly mint: Address;
  readonly quoteMint: Address;
  readonly quoteTokenProgram: Address;
  readonly user: Address;
  /** Global.withdrawAuthority. */
  readonly withdrawAuthority: Address;
}

export async function migrateV2Instruction(input: MigrateV2Input): Promise<Instruction> {
  const { launchpad, amm, mint, quoteMint, quoteTokenProgram, user } = input;
  const base = TOKEN_2022_PROGRAM_ADDRESS;
  const curve = await findBondingCurve(launchpad, mint);
  const authority = await findPumpPoolAuthority(launchpad, mint);
  const pool = await findPool(amm, 0, authority, mint, quoteMint);
  const lpMint = await findLpMint(amm, pool);
  const W = AccountRole.WRITABLE;
  const R = AccountRole.READONLY;
  const accounts: AccountMeta[] = [
    { address: await findGlobal(launchpad), role: R },
    { address: input.withdrawAuthority, role: W },
    { address: mint, role: R },
    { address: quoteMint, role: R },
    { address: curve, role: W },
    { address: await findAssociatedTokenAccount(curve, mint, base), role: W },
    { address: await findAssociatedTokenAccount(curve, quoteMint, quoteTokenProgram), role: W },
    { address: user, role: AccountRole.WRITABLE_SIGNER },
    { address: SYSTEM_PROGRAM_ADDRESS, role: R },
    { address: amm, role: R },
    { address: pool, role: W },
    { address: authority, role: W },
    { address: await findAssociatedTokenAccount(authority, mint, base), role: W },
    { address: await findAssociatedTokenAccount(authority, quoteMint, quoteTokenProgram), role: W },
    { address: await findGlobalConfig(amm), role: R },
    { address: lpMint, role: W },
    { address: await findLpTokenAccount(authority, lpMint), role: W },
    { address: await findPoolTokenAccount(pool, mint, base), role: W },
    { address: await findPoolTokenAccount(pool, quoteMint, quoteTokenProgram), role: W },
    { address: base, role: R },
    { address: quoteTokenProgram, role: R },
    { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
    { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
    { address: await findEventAuthority(amm), role: R },
    { address: RENT_SYSVAR, role: R },
    { address: await findEventAuthority(launchpad), role: R },
    { address: launchpad, role: R },
  ];
  return { programAddress: launchpad, accounts, data: MIGRATE_V2_DISCRIMINATOR.slice() };
}
