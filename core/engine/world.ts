import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { MintInfo, NativePair, NetworkProfile } from '../config/profile.js';
import { DeskError } from '../errors.js';
import { decodeGlobalConfig, type GlobalConfig } from '../programs/amm/global-config.js';
import { findAmmFeeConfig, findGlobalConfig } from '../programs/amm/pdas.js';
import { chargedFees, type Fees } from '../programs/fees/fee-config.js';
import { decodeGlobal, type Global } from '../programs/launchpad/global.js';
import { findGlobal, findLaunchpadFeeConfig, type LaunchpadPrograms } from '../programs/launchpad/pdas.js';
import { decodeLookupTable } from '../programs/lookup-table.js';
import { decodeVaultConfig, findVaultConfig, type VaultConfig } from '../programs/vault/config.js';

/**
 * The launchpad world a build is made against, read from chain at build time (never typed in): the
 * launchpad's Global and fee config, the AMM's config and fee config, the vault's config, and the
 * network profile's addresses. Every build reads it afresh, in one round trip, so a changed fee or a
 * closed planting is never quoted from memory.
 */
export interface World {
  readonly profile: NetworkProfile;
  readonly programs: LaunchpadPrograms & { readonly amm: Address; readonly vault: Address };
  readonly zec: MintInfo;
  readonly native: NativePair | null;
  readonly global: Global;
  readonly launchpadFees: { readonly charged: Fees; readonly flat: Fees };
  readonly ammConfig: GlobalConfig;
  readonly ammFees: { readonly charged: Fees; readonly flat: Fees };
  readonly vault: VaultConfig;
  /** The cluster's frozen lookup table of fixed accounts, when the profile names one. */
  readonly lookupTable: { readonly address: Address; readonly addresses: readonly Address[] } | null;
}

function programOf(profile: NetworkProfile, name: string): Address {
  const address = profile.programs[name];
  if (!address) throw new DeskError('unavailable', `the network profile names no ${name} program`);
  return address;
}

/** A frozen table never changes: its contents are read once per address. */
const frozenTables = new Map<Address, readonly Address[]>();

/**
 * The addresses a lookup table holds, from chain (a frozen table once, then from memory). The engine
 * compresses builds with it and the relay resolves signed transactions with it.
 */
export async function readLookupTable(chain: Chain, address: Address): Promise<readonly Address[]> {
  const known = frozenTables.get(address);
  if (known) return known;
  const account = await chain.getAccount(address, 'confirmed');
  if (!account) throw new DeskError('unavailable', `the lookup table ${address} is not on this cluster`);
  const table = decodeLookupTable(account.data);
  if (table.frozen) frozenTables.set(address, table.addresses);
  return table.addresses;
}

export async function readWorld(chain: Chain, profile: NetworkProfile): Promise<World> {
  const programs = {
    launchpad: programOf(profile, 'launchpad'),
    fees: programOf(profile, 'fees'),
    mayhem: programOf(profile, 'mayhem'),
    amm: programOf(profile, 'amm'),
    vault: programOf(profile, 'vault'),
  };
  const tableAddress = profile.accounts['lookupTable'] ?? null;
  const addresses = [
    await findGlobal(programs.launchpad),
    await findLaunchpadFeeConfig(programs),
    await findGlobalConfig(programs.amm),
    await findAmmFeeConfig({ amm: programs.amm, fees: programs.fees }),
    await findVaultConfig(programs.vault),
  ];
  const [accounts, tableAddresses] = await Promise.all([
    chain.getAccounts(addresses, 'confirmed'),
    tableAddress === null ? null : readLookupTable(chain, tableAddress),
  ]);
  const names = ["the launchpad's Global", "the launchpad's fee config", "the AMM's config", "the AMM's fee config", "the vault's config"];
  accounts.forEach((account, i) => {
    if (!account) throw new DeskError('unavailable', `${names[i]} (${addresses[i]}) is not on this cluster`);
  });
  const lookupTable = tableAddress === null ? null : { address: tableAddress, addresses: tableAddresses! };
  return {
    profile,
    programs,
    zec: profile.mints.zec,
    native: profile.pairs?.native ?? null,
    global: decodeGlobal(accounts[0]!.data),
    launchpadFees: chargedFees(accounts[1]!.data),
    ammConfig: decodeGlobalConfig(accounts[2]!.data),
    ammFees: chargedFees(accounts[3]!.data),
    vault: decodeVaultConfig(accounts[4]!.data),
    lookupTable,
  };
}

/** The lookup tables a build of this world may use, as core/verify resolves transactions with them. */
export const lookupTablesOf = (world: World): ReadonlyMap<Address, readonly Address[]> =>
  new Map(world.lookupTable ? [[world.lookupTable.address, world.lookupTable.addresses] as const] : []);
