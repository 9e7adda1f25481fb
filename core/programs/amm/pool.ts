import {
  getI128Codec,
  getStructCodec,
  getU16Codec,
  getU64Codec,
  getU8Codec,
  type Address,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { addressCodec } from '../address-codec.js';
import type { Bps, TokenUnits } from '../../math/units.js';
import { borshBool, hasDiscriminator, withDiscriminator, zeroPadded } from '../launchpad/borsh.js';

/**
 * A pool's `Pool` account (PDA ["pool", index, creator, base_mint, quote_mint]), field for field as the
 * `pump_amm` IDL declares it.
 */
export interface Pool {
  readonly poolBump: number;
  /** u16: the pool's index among the creator's pools of the same pair (0 for a canonical pool). */
  readonly index: number;
  readonly creator: Address;
  readonly baseMint: Address;
  readonly quoteMint: Address;
  readonly lpMint: Address;
  readonly poolBaseTokenAccount: Address;
  readonly poolQuoteTokenAccount: Address;
  /** LP tokens in circulation, without burns and lock-ups. */
  readonly lpSupply: TokenUnits;
  /** The zero key (`11111111111111111111111111111111`): no creator fee. */
  readonly coinCreator: Address;
  readonly isMayhemMode: boolean;
  readonly isCashbackCoin: boolean;
  /** i128, in base units of the quote mint; 0 for pools that are not boosted (the legacy behaviour). */
  readonly virtualQuoteReserves: bigint;
  /** 0: the fee program's schedule applies. */
  readonly creatorFeeBps: Bps;
  readonly canEditCreatorFee: boolean;
  readonly isHolderReward: boolean;
}

export const POOL_DISCRIMINATOR = new Uint8Array([241, 154, 109, 4, 17, 177, 109, 188]);
/** Every field the IDL declares, discriminator included. */
export const POOL_SIZE = 271;
/**
 * The first layout ever written (up to `lpSupply`). Every later layout extends it at the end (243, 244,
 * 245, 261, 270 bytes); the fields a shorter account lacks read as zero/false.
 */
export const POOL_MIN_SIZE = 211;
/**
 * pump-swap-sdk's POOL_ACCOUNT_NEW_SIZE: the size `extend_account` grows a pool to, a zero tail past
 * POOL_SIZE that is not read. Its buy/sell/deposit/withdraw builders prepend extend_account for a shorter
 * pool, so a pool allocated at this size takes SDK-built instructions as they are.
 */
export const POOL_ACCOUNT_SIZE = 300;

const address = addressCodec;
const poolBody = getStructCodec([
  ['poolBump', getU8Codec()],
  ['index', getU16Codec()],
  ['creator', address],
  ['baseMint', address],
  ['quoteMint', address],
  ['lpMint', address],
  ['poolBaseTokenAccount', address],
  ['poolQuoteTokenAccount', address],
  ['lpSupply', getU64Codec()],
  ['coinCreator', address],
  ['isMayhemMode', borshBool],
  ['isCashbackCoin', borshBool],
  ['virtualQuoteReserves', getI128Codec()],
  ['creatorFeeBps', getU64Codec()],
  ['canEditCreatorFee', borshBool],
  ['isHolderReward', borshBool],
]);

export function isPool(data: ReadonlyUint8Array): boolean {
  return data.length >= POOL_MIN_SIZE && hasDiscriminator(data, POOL_DISCRIMINATOR);
}

export function decodePool(data: ReadonlyUint8Array): Pool {
  if (!isPool(data)) throw new Error(`not an AMM Pool account (${data.length} bytes)`);
  return Object.freeze(poolBody.decode(zeroPadded(data, POOL_SIZE), 8)) as unknown as Pool;
}

/** The account data, zero-padded to `accountSize` (default POOL_SIZE; see POOL_ACCOUNT_SIZE). */
export function encodePool(pool: Pool, accountSize: number = POOL_SIZE): Uint8Array {
  const encoded = withDiscriminator(POOL_DISCRIMINATOR, poolBody.encode(pool));
  if (accountSize === encoded.length) return encoded;
  if (accountSize < encoded.length) throw new RangeError(`a Pool needs ${encoded.length} bytes`);
  const out = new Uint8Array(accountSize);
  out.set(encoded, 0);
  return out;
}

/**
 * Coin-creator fees charged by native routes and held in the pool's quote vault until collected (a u64
 * right after the IDL's fields, programs/amm/state.h P_ROUTE_CREATOR_FEES): they are not reserves.
 */
export function poolRouteCreatorFees(data: ReadonlyUint8Array): bigint {
  if (data.length < POOL_SIZE + 8) return 0n;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(POOL_SIZE, true);
}
