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

/**
 * The last decoding of each world account, by address and decoder. The accounts are read afresh on every
 * build, but they seldom change and the decoders are pure, so bytes equal to the last ones answer the
 * value they decoded to (compared byte for byte: a changed fee is decoded anew); decoding Global and the
 * AMM's config through kit's codecs was most of readWorld. Shared values: frozen, never written.
 */
const lastDecoded = new Map<string, { readonly data: Uint8Array; readonly value: unknown }>();
const DECODED_LIMIT = 256;

function decodedOnce<T>(kind: string, address: Address, data: Uint8Array, decode: (data: Uint8Array) => T): T {
  const key = `${kind} ${address}`;
  const last = lastDecoded.get(key);
  if (last !== undefined && sameBytes(last.data, data)) return last.value as T;
  const value = deepFreeze(decode(data));
  if (lastDecoded.size >= DECODED_LIMIT) lastDecoded.clear();
  lastDecoded.set(key, { data: Uint8Array.from(data), value });
  return value;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The value and every object or array inside it frozen: one decoding is now shared by many builds. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Each chain's last world, with the state mark and profile it was read under (a chain that can tell: chain.stateMark). */
const lastWorld = new WeakMap<Chain, { readonly mark: number; readonly profile: NetworkProfile; readonly world: World }>();

/**
 * The programs, configs and lookup table a build reads. While the chain's state stands still (its mark
 * unchanged: no transaction landed, no slot passed) and the profile is the same object, the world read last
 * is answered again: a bot's builds between two slots read it once. Its values are frozen and shared already.
 */
export async function readWorld(chain: Chain, profile: NetworkProfile): Promise<World> {
  const mark = chain.stateMark();
  if (mark !== null) {
    const last = lastWorld.get(chain);
    if (last !== undefined && last.mark === mark && last.profile === profile) return last.world;
  }
  const world = await readWorldNow(chain, profile);
  // Kept only if nothing moved while it was read (a read spans awaits).
  if (mark !== null && chain.stateMark() === mark) lastWorld.set(chain, { mark, profile, world });
  return world;
}

async function readWorldNow(chain: Chain, profile: NetworkProfile): Promise<World> {
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
    global: decodedOnce('global', addresses[0]!, accounts[0]!.data, decodeGlobal),
    launchpadFees: decodedOnce('fees', addresses[1]!, accounts[1]!.data, chargedFees),
    ammConfig: decodedOnce('ammConfig', addresses[2]!, accounts[2]!.data, decodeGlobalConfig),
    ammFees: decodedOnce('fees', addresses[3]!, accounts[3]!.data, chargedFees),
    vault: decodedOnce('vault', addresses[4]!, accounts[4]!.data, decodeVaultConfig),
    lookupTable,
  };
}

/** The lookup tables a build of this world may use, as core/verify resolves transactions with them. */
export const lookupTablesOf = (world: World): ReadonlyMap<Address, readonly Address[]> =>
  new Map(world.lookupTable ? [[world.lookupTable.address, world.lookupTable.addresses] as const] : []);
