import { getStructCodec, getU64Codec, type Address, type ReadonlyUint8Array } from '@solana/kit';
import { addressCodec } from '../address-codec.js';
import type { Bps, TokenUnits } from '../../math/units.js';
import { borshBool, hasDiscriminator, withDiscriminator, zeroPadded } from './borsh.js';

/**
 * A coin's `BondingCurve` account (PDA ["bonding-curve", mint]), field for field as the `pump` IDL
 * declares it. Quote amounts are in base units of the curve's quote mint.
 */
export interface BondingCurve {
  readonly virtualTokenReserves: TokenUnits;
  readonly virtualQuoteReserves: bigint;
  readonly realTokenReserves: TokenUnits;
  readonly realQuoteReserves: bigint;
  readonly tokenTotalSupply: TokenUnits;
  readonly complete: boolean;
  readonly creator: Address;
  readonly isMayhemMode: boolean;
  readonly isCashbackCoin: boolean;
  /** The zero key (`11111111111111111111111111111111`) on SOL curves written before quote mints: read it as WSOL. */
  readonly quoteMint: Address;
  /** 0: the fee program's schedule applies. */
  readonly creatorFeeBps: Bps;
  readonly canEditCreatorFee: boolean;
  readonly isHolderReward: boolean;
}

export const BONDING_CURVE_DISCRIMINATOR = new Uint8Array([23, 183, 248, 55, 96, 216, 172, 96]);
/** Every field the IDL declares, discriminator included. */
export const BONDING_CURVE_SIZE = 125;
/**
 * The first layout ever written (reserves and `complete`). Every later layout extends it at the end
 * (81, 82, 83, 115, 124 bytes); the fields a shorter account lacks read as zero/false, and bytes past
 * BONDING_CURVE_SIZE (an account extended to 151 bytes) are not read.
 */
export const BONDING_CURVE_MIN_SIZE = 49;

const u64 = getU64Codec();
const bondingCurveBody = getStructCodec([
  ['virtualTokenReserves', u64],
  ['virtualQuoteReserves', u64],
  ['realTokenReserves', u64],
  ['realQuoteReserves', u64],
  ['tokenTotalSupply', u64],
  ['complete', borshBool],
  ['creator', addressCodec],
  ['isMayhemMode', borshBool],
  ['isCashbackCoin', borshBool],
  ['quoteMint', addressCodec],
  ['creatorFeeBps', u64],
  ['canEditCreatorFee', borshBool],
  ['isHolderReward', borshBool],
]);

export function isBondingCurve(data: ReadonlyUint8Array): boolean {
  return data.length >= BONDING_CURVE_MIN_SIZE && hasDiscriminator(data, BONDING_CURVE_DISCRIMINATOR);
}

export function decodeBondingCurve(data: ReadonlyUint8Array): BondingCurve {
  if (!isBondingCurve(data)) throw new Error(`not a launchpad BondingCurve account (${data.length} bytes)`);
  return Object.freeze(bondingCurveBody.decode(zeroPadded(data, BONDING_CURVE_SIZE), 8)) as unknown as BondingCurve;
}

/** The full-size account data (BONDING_CURVE_SIZE bytes). */
export function encodeBondingCurve(curve: BondingCurve): Uint8Array {
  return withDiscriminator(BONDING_CURVE_DISCRIMINATOR, bondingCurveBody.encode(curve));
}
