import { AccountRole, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import { decodeAddress } from '../address-codec.js';
import { findEventAuthority } from '../anchor/event-authority.js';
import { findAmmFeeConfig, findCanonicalPool, findCoinCreatorVaultAuthority, findGlobalConfig, findLpMint, findLpTokenAccount, findPoolTokenAccount, ZERO_KEY } from '../amm/pdas.js';
import { hasDiscriminator } from '../launchpad/borsh.js';
import { findAssociatedTokenAccount, findBondingCurve, findCreatorVault } from '../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';
import { findVaultConfig, type VaultSettings } from './config.js';
import { findCoinAuthority, findPayeeRecord } from './pdas.js';
import { findPriceRecord } from './price-record.js';

/**
 * The vault's three instructions for native-paired coins (programs/vault/native.h), permissionless and
 * sent one after another by the service's crank: collect_native (the native coin from the launchpad's
 * creator vault and curve tail and, once migrated, the AMM's creator vault and pool tail, into the coin
 * authority's native account), split_native (rootstock part burned, liquidity part to the pot, treasury
 * and payee parts sold for ZEC on the pinned native-coin/ZEC pool, never below the price record's floor),
 * add_liquidity (the pot's native coin and ZEC deposited into that pool).
 */
export const COLLECT_NATIVE_DISCRIMINATOR = new Uint8Array([215, 8, 239, 191, 36, 187, 177, 209]);
export const SPLIT_NATIVE_DISCRIMINATOR = new Uint8Array([100, 126, 110, 26, 57, 119, 169, 88]);
export const ADD_LIQUIDITY_DISCRIMINATOR = new Uint8Array([181, 157, 89, 67, 143, 182, 52, 72]);
/** sha256("event:NativeSplitEvent")[..8]: split_native logs it with sol_log_data ("Program data: …"). */
export const NATIVE_SPLIT_EVENT_DISCRIMINATOR = new Uint8Array([69, 243, 248, 145, 4, 56, 136, 159]);

/** The vault's refusals for native-paired coins (programs/vault/native.h). */
export const NATIVE_ERRORS = Object.freeze({ NoPriceRecord: 6219, NotNativePool: 6220, NotNativePaired: 6221, Overflow: 6222 });
/** The AMM's ExceededSlippage: the pool would pay less ZEC than the conversion floor (the sell's minimum). */
export const AMM_EXCEEDED_SLIPPAGE = 6004;

/** The programs and the pinned native-coin/ZEC pool (the network profile's `pairs.native`). */
export interface NativeVenue {
  readonly vault: Address;
  readonly launchpad: Address;
  readonly amm: Address;
  readonly fees: Address;
  readonly nativeMint: Address;
  readonly zecMint: Address;
  readonly pool: Address;
  /** One of the AMM's protocol fee recipients: the conversion's protocol fee goes to its ZEC account. */
  readonly protocolFeeRecipient: Address;
}

const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;
const nativeAccount = (owner: Address, mint: Address) => findAssociatedTokenAccount(owner, mint, TOKEN_2022_PROGRAM_ADDRESS);
const zecAccount = (owner: Address, mint: Address) => findAssociatedTokenAccount(owner, mint, TOKEN_PROGRAM_ADDRESS);

/** collect_native: `sender` pays the transaction (and once the coin authority's native account). Return data: the native coin collected (u64 LE). */
export async function collectNativeInstruction(venue: NativeVenue, mint: Address, sender: Address): Promise<Instruction> {
  const { vault, launchpad, amm, nativeMint } = venue;
  const authority = await findCoinAuthority(vault, mint);
  const curve = await findBondingCurve(launchpad, mint);
  const creatorVault = await findCreatorVault(launchpad, authority);
  const pool = await findCanonicalPool({ amm, launchpad }, mint, nativeMint);
  const ammVaultAuthority = await findCoinCreatorVaultAuthority(amm, authority);
  return {
    programAddress: vault,
    accounts: [
      { address: sender, role: AccountRole.WRITABLE_SIGNER },
      { address: mint, role: R },
      // Writable: the launchpad's collect_creator_fee_v2 lists the creator writable.
      { address: authority, role: W },
      { address: await nativeAccount(authority, nativeMint), role: W },
      { address: nativeMint, role: R },
      { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      { address: launchpad, role: R },
      { address: curve, role: W },
      { address: await nativeAccount(curve, nativeMint), role: W },
      { address: creatorVault, role: W },
      { address: await nativeAccount(creatorVault, nativeMint), role: W },
      { address: await findEventAuthority(launchpad), role: R },
      { address: amm, role: R },
      { address: pool, role: W },
      { address: await findPoolTokenAccount(pool, nativeMint, TOKEN_2022_PROGRAM_ADDRESS), role: W },
      { address: ammVaultAuthority, role: R },
      { address: await nativeAccount(ammVaultAuthority, nativeMint), role: W },
      { address: await findEventAuthority(amm), role: R },
    ],
    data: COLLECT_NATIVE_DISCRIMINATOR,
  };
}

/** split_native: `sender` pays the transaction and any account opened; receives nothing. */
export async function splitNativeInstruction(
  venue: NativeVenue,
  config: Pick<VaultSettings, 'treasury' | 'liquidityPot'>,
  mint: Address,
  sender: Address,
): Promise<Instruction> {
  const { vault, amm, nativeMint, zecMint, pool } = venue;
  const authority = await findCoinAuthority(vault, mint);
  const record = await findPayeeRecord(vault, mint);
  const creatorVaultAuthority = await findCoinCreatorVaultAuthority(amm, ZERO_KEY);
  return {
    programAddress: vault,
    accounts: [
      { address: sender, role: AccountRole.WRITABLE_SIGNER },
      { address: await findVaultConfig(vault), role: R },
      { address: mint, role: R },
      { address: authority, role: R },
      { address: await nativeAccount(authority, nativeMint), role: W },
      { address: await zecAccount(authority, zecMint), role: W },
      { address: record, role: R },
      { address: await zecAccount(record, zecMint), role: W },
      { address: await zecAccount(config.treasury, zecMint), role: W },
      { address: nativeMint, role: W },
      { address: zecMint, role: R },
      { address: await findPriceRecord(vault, nativeMint), role: W },
      { address: config.liquidityPot, role: R },
      { address: await nativeAccount(config.liquidityPot, nativeMint), role: W },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      { address: amm, role: R },
      { address: await findGlobalConfig(amm), role: R },
      { address: pool, role: W },
      { address: await findPoolTokenAccount(pool, nativeMint, TOKEN_2022_PROGRAM_ADDRESS), role: W },
      { address: await findPoolTokenAccount(pool, zecMint, TOKEN_PROGRAM_ADDRESS), role: W },
      { address: venue.protocolFeeRecipient, role: R },
      { address: await zecAccount(venue.protocolFeeRecipient, zecMint), role: W },
      { address: await zecAccount(creatorVaultAuthority, zecMint), role: W },
      { address: creatorVaultAuthority, role: R },
      { address: await findEventAuthority(amm), role: R },
      { address: await findAmmFeeConfig({ amm, fees: venue.fees }), role: R },
      { address: venue.fees, role: R },
    ],
    data: SPLIT_NATIVE_DISCRIMINATOR,
  };
}

/** add_liquidity: the liquidity pot's native coin and ZEC into the pinned pool. Return data: LP minted, native and ZEC deposited (u64 LE each). */
export async function addLiquidityInstruction(venue: NativeVenue, liquidityPot: Address, sender: Address): Promise<Instruction> {
  const { vault, amm, nativeMint, zecMint, pool } = venue;
  const lpMint = await findLpMint(amm, pool);
  return {
    programAddress: vault,
    accounts: [
      { address: sender, role: AccountRole.WRITABLE_SIGNER },
      { address: await findVaultConfig(vault), role: R },
      { address: liquidityPot, role: R },
      { address: await nativeAccount(liquidityPot, nativeMint), role: W },
      { address: await zecAccount(liquidityPot, zecMint), role: W },
      { address: await findLpTokenAccount(liquidityPot, lpMint), role: W },
      { address: nativeMint, role: R },
      { address: zecMint, role: R },
      { address: lpMint, role: W },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      { address: amm, role: R },
      { address: await findGlobalConfig(amm), role: R },
      { address: pool, role: W },
      { address: await findPoolTokenAccount(pool, nativeMint, TOKEN_2022_PROGRAM_ADDRESS), role: W },
      { address: await findPoolTokenAccount(pool, zecMint, TOKEN_PROGRAM_ADDRESS), role: W },
      { address: await findEventAuthority(amm), role: R },
    ],
    data: ADD_LIQUIDITY_DISCRIMINATOR,
  };
}

/** One split_native, as its event reports it: native-coin base units, except the three ZEC figures in zat. */
export interface NativeSplitEvent {
  readonly mint: Address;
  readonly collected: bigint;
  readonly burned: bigint;
  readonly toLp: bigint;
  readonly converted: bigint;
  readonly convertedZec: bigint;
  readonly treasuryZec: bigint;
  readonly payeeZec: bigint;
}

const NATIVE_SPLIT_EVENT_SIZE = 8 + 32 + 8 * 7;

/** Decodes a NativeSplitEvent from a "Program data:" payload; null for anything else. */
export function decodeNativeSplitEvent(data: ReadonlyUint8Array): NativeSplitEvent | null {
  if (data.length !== NATIVE_SPLIT_EVENT_SIZE || !hasDiscriminator(data, NATIVE_SPLIT_EVENT_DISCRIMINATOR)) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u64 = (i: number) => view.getBigUint64(40 + 8 * i, true);
  return Object.freeze({
    mint: decodeAddress(data.subarray(8, 40)),
    collected: u64(0),
    burned: u64(1),
    toLp: u64(2),
    converted: u64(3),
    convertedZec: u64(4),
    treasuryZec: u64(5),
    payeeZec: u64(6),
  });
}
