import { AccountRole, type AccountMeta, type Address } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { findGlobal } from '../pdas.js';

/**
 * The accounts of the instructions that change `Global` under its authority, in IDL order: global
 * (writable), authority (signer; writable unless the IDL says otherwise), event authority, program.
 */
export async function globalAdminAccounts(
  launchpad: Address,
  authority: Address,
  authorityRole: AccountRole.WRITABLE_SIGNER | AccountRole.READONLY_SIGNER = AccountRole.WRITABLE_SIGNER,
): Promise<AccountMeta[]> {
  return [
    { address: await findGlobal(launchpad), role: AccountRole.WRITABLE },
    { address: authority, role: authorityRole },
    { address: await findEventAuthority(launchpad), role: AccountRole.READONLY },
    { address: launchpad, role: AccountRole.READONLY },
  ];
}
