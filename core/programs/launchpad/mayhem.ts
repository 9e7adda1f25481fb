import { getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';
import { findAssociatedTokenAccount } from './pdas.js';
import { TOKEN_2022_PROGRAM_ADDRESS } from './spl-programs.js';

/** The mayhem program's accounts that create_v2 lists (seeds from the `pump` IDL). */

/** ["global-params"] under the mayhem program. */
export async function findMayhemGlobalParams(mayhem: Address): Promise<Address> {
  const [address] = await getProgramDerivedAddress({ programAddress: mayhem, seeds: ['global-params'] });
  return address;
}

/** ["sol-vault"] under the mayhem program. */
export async function findMayhemSolVault(mayhem: Address): Promise<Address> {
  const [address] = await getProgramDerivedAddress({ programAddress: mayhem, seeds: ['sol-vault'] });
  return address;
}

/** ["mayhem-state", mint] under the mayhem program. */
export async function findMayhemState(mayhem: Address, mint: Address): Promise<Address> {
  const [address] = await getProgramDerivedAddress({ programAddress: mayhem, seeds: ['mayhem-state', getAddressEncoder().encode(mint)] });
  return address;
}

/** The sol vault's Token-2022 account for the coin (the IDL leaves it unconstrained; this is the SDK's choice). */
export async function findMayhemTokenVault(mayhem: Address, mint: Address): Promise<Address> {
  return findAssociatedTokenAccount(await findMayhemSolVault(mayhem), mint, TOKEN_2022_PROGRAM_ADDRESS);
}
