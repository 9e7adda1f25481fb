import type { Address } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import type { NetworkProfile } from '../../config/profile.js';
import { findEventAuthority } from '../../programs/anchor/event-authority.js';
import { findAmmGlobalVolumeAccumulator } from '../../programs/amm/pdas.js';
import { findMayhemGlobalParams, findMayhemSolVault } from '../../programs/launchpad/mayhem.js';
import { findGlobalVolumeAccumulator, findMintAuthority, findQuoteControl } from '../../programs/launchpad/pdas.js';
import { decodeLookupTable } from '../../programs/lookup-table.js';
import { createLookupTableInstruction, extendLookupTableInstruction, freezeLookupTableInstruction } from '../../programs/lookup-table.js';
import { sendInstructions } from '../admin-transaction.js';
import { signerOf } from './keys.js';
import type { GenesisContext } from './genesis-context.js';

/** What every build names, in the table once: programs, mints, configs, the pinned pools and the fee accounts. */
export async function lookupTableAddresses(profile: NetworkProfile): Promise<Address[]> {
  const { programs, accounts, mints } = profile;
  const zecAccount = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
  const named = [
    ...['system', 'token', 'token2022', 'associatedToken', 'computeBudget', 'fees', 'launchpad', 'amm', 'aggregator', 'vault'].map((p) => programs[p]),
    mints.zec.address, mints.native.address, mints.wsol.address,
    ...['launchpadGlobal', 'launchpadFeeConfig', 'launchpadEventAuthority', 'ammGlobalConfig', 'ammFeeConfig', 'nativePool', 'nativePoolBaseVault', 'nativePoolQuoteVault',
      'wsolPool', 'wsolPoolBaseVault', 'wsolPoolQuoteVault', 'vaultConfig', 'treasury', 'feeRecipient', 'buybackFeeRecipient', 'ammProtocolFeeRecipient'].map((a) => accounts[a]),
  ];
  if (named.some((a) => a === undefined)) throw new Error('genesis step "lookup table" needs the earlier steps: an address is missing from the profile');
  const derived = [
    await findEventAuthority(programs['amm']!),
    await findAmmGlobalVolumeAccumulator(programs['amm']!),
    ...(await Promise.all(['feeRecipient', 'buybackFeeRecipient', 'ammProtocolFeeRecipient', 'liquidityPot', 'rootstock'].map((a) => zecAccount(accounts[a]!)))),
    // What create_v2 and buy_v2 name besides the coin's own accounts: without these in the table a
    // planting with its first buy is ~130 bytes over one transaction.
    programs['mayhem']!,
    await findMayhemGlobalParams(programs['mayhem']!),
    await findMayhemSolVault(programs['mayhem']!),
    await findMintAuthority(programs['launchpad']!),
    await findQuoteControl(programs['launchpad']!),
    await findGlobalVolumeAccumulator(programs['launchpad']!),
  ];
  return [...new Set([...(named as Address[]), ...derived])];
}

/**
 * Genesis step 10: a sandbox whose table (step 9 of an older version) lacks addresses the builds now
 * compress gets a new frozen table holding them all, and the profile names it; a frozen table cannot
 * be extended, and the old one stays on chain for transactions that named it. A table that already
 * holds them (any sandbox made since) is kept as it is.
 */
export async function genesisLookupTableUpdate(context: GenesisContext): Promise<NetworkProfile> {
  const profile = context.profile;
  if (!profile) throw new Error('genesis step "lookup table update" needs the earlier steps first');
  const current = profile.accounts['lookupTable'];
  const account = current === undefined ? null : context.cluster.getAccount(current);
  const held = new Set(account ? decodeLookupTable(account.data).addresses : []);
  if ((await lookupTableAddresses(profile)).every((a) => held.has(a))) return profile;
  return genesisLookupTable(context);
}

/**
 * Genesis step 9: the address lookup table builds use (spec: params `lookupTable`), filled with the
 * world's fixed accounts and then frozen, so no one can ever change what a built transaction's indexes
 * point at. Its address goes into the profile as `accounts.lookupTable`.
 */
export async function genesisLookupTable({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile) throw new Error('genesis step "lookup table" needs the earlier steps first');
  const admin = await signerOf(keys.faucetAuthority);
  const addresses = await lookupTableAddresses(profile);
  cluster.advanceSlots(1);
  const recentSlot = cluster.slot - 1n; // a slot the SlotHashes sysvar holds
  const { instruction, table } = await createLookupTableInstruction({ authority: admin.address, payer: admin.address, recentSlot });
  await sendInstructions(cluster, admin, [instruction]);
  for (let i = 0; i < addresses.length; i += 24) {
    await sendInstructions(cluster, admin, [extendLookupTableInstruction({ table, authority: admin.address, payer: admin.address, addresses: addresses.slice(i, i + 24) })]);
  }
  cluster.advanceSlots(1); // extended addresses are usable from the next slot on
  await sendInstructions(cluster, admin, [freezeLookupTableInstruction({ table, authority: admin.address })]);
  return { ...profile, accounts: { ...profile.accounts, lookupTable: table } };
}
