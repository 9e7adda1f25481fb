import { AccountRole, getAddressEncoder, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import { decodeAddress } from '../address-codec.js';
import { splitRates, type SplitRates } from '../../math/split.js';
import { bps, type Bps } from '../../math/units.js';
import { derivePda } from '../derive-address.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';
import { hasDiscriminator, withDiscriminator } from '../launchpad/borsh.js';

/**
 * VaultConfig (programs/vault/README.md), PDA ["vault-config"], 189 bytes: discriminator, bump, admin,
 * run_authority, treasury, rootstock, liquidity_pot, the split (four u16 bps), creator_fee_bps u16,
 * launch_fee_lamports u64, conversion_tolerance_bps u16. The API's params read the split from here.
 */
export const VAULT_CONFIG_DISCRIMINATOR = new Uint8Array([99, 86, 43, 216, 184, 102, 119, 77]);
export const INIT_CONFIG_DISCRIMINATOR = new Uint8Array([23, 235, 115, 232, 168, 96, 1, 231]);
export const VAULT_CONFIG_SIZE = 189;

export type VaultSettings = Readonly<{
  runAuthority: Address;
  treasury: Address;
  rootstock: Address;
  liquidityPot: Address;
  split: SplitRates;
  creatorFeeBps: Bps;
  launchFeeLamports: bigint;
  conversionToleranceBps: Bps;
}>;

export type VaultConfig = VaultSettings & Readonly<{ bump: number; admin: Address }>;

export const findVaultConfig = (vault: Address) => derivePda(vault, ['vault-config']);
/** ["liquidity-pot"]: owner of the liquidity pot's ZEC (and, later, native and LP) accounts. */
export const findLiquidityPot = (vault: Address) => derivePda(vault, ['liquidity-pot']);

/** The fields after admin, in account order (init_config's arguments are exactly these bytes). */
function encodeSettings(s: VaultSettings): Uint8Array {
  const out = new Uint8Array(32 * 4 + 2 * 5 + 8 + 2);
  const address = getAddressEncoder();
  const view = new DataView(out.buffer);
  [s.runAuthority, s.treasury, s.rootstock, s.liquidityPot].forEach((a, i) => out.set(address.encode(a), 32 * i));
  [s.split.liquidityBps, s.split.rootstockBps, s.split.treasuryBps, s.split.payeeBps, s.creatorFeeBps].forEach((v, i) => view.setUint16(128 + 2 * i, Number(v), true));
  view.setBigUint64(138, s.launchFeeLamports, true);
  view.setUint16(146, Number(s.conversionToleranceBps), true);
  return out;
}

export async function initConfigInstruction(vault: Address, admin: Address, settings: VaultSettings): Promise<Instruction> {
  return {
    programAddress: vault,
    accounts: [
      { address: admin, role: AccountRole.WRITABLE_SIGNER },
      { address: await findVaultConfig(vault), role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data: withDiscriminator(INIT_CONFIG_DISCRIMINATOR, encodeSettings(settings)),
  };
}

export function decodeVaultConfig(data: ReadonlyUint8Array): VaultConfig {
  if (data.length < VAULT_CONFIG_SIZE || !hasDiscriminator(data, VAULT_CONFIG_DISCRIMINATOR)) throw new Error(`not a VaultConfig account (${data.length} bytes)`);
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const at = (offset: number) => decodeAddress(data.subarray(offset, offset + 32));
  const u16 = (offset: number) => BigInt(view.getUint16(offset, true));
  return Object.freeze({
    bump: data[8]!,
    admin: at(9),
    runAuthority: at(41),
    treasury: at(73),
    rootstock: at(105),
    liquidityPot: at(137),
    split: splitRates({ liquidityBps: u16(169), rootstockBps: u16(171), treasuryBps: u16(173), payeeBps: u16(175) }),
    creatorFeeBps: bps(u16(177)),
    launchFeeLamports: view.getBigUint64(179, true),
    conversionToleranceBps: bps(u16(187)),
  });
}
