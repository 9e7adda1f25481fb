import { AccountRole, type AccountMeta, type Address } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { findGlobal, findQuoteControl } from '../pdas.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../spl-programs.js';

/**
 * The accounts of add/remove_quote_control_mint in IDL order: authority (QuoteControl.admin or
 * Global.authority; signs and pays any growth), global, quote control, system, event authority, program.
 */
export async function quoteControlListAccounts(launchpad: Address, authority: Address): Promise<AccountMeta[]> {
  return [
    { address: authority, role: AccountRole.WRITABLE_SIGNER },
    { address: await findGlobal(launchpad), role: AccountRole.READONLY },
    { address: await findQuoteControl(launchpad), role: AccountRole.WRITABLE },
    { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    { address: await findEventAuthority(launchpad), role: AccountRole.READONLY },
    { address: launchpad, role: AccountRole.READONLY },
  ];
}
