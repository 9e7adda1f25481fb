import {
  getArrayCodec,
  getStructCodec,
  getU64Codec,
  type Address,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { addressCodec } from '../address-codec.js';
import type { Bps, Lamports, TokenUnits } from '../../math/units.js';
import { borshBool, hasDiscriminator, withDiscriminator, zeroPadded } from './borsh.js';

/** The launchpad's `Global` account (PDA ["global"]), field for field as the `pump` IDL declares it. */
export interface Global {
  /** Unused by the program. */
  readonly initialized: boolean;
  readonly authority: Address;
  readonly feeRecipient: Address;
  readonly initialVirtualTokenReserves: TokenUnits;
  readonly initialVirtualSolReserves: Lamports;
  readonly initialRealTokenReserves: TokenUnits;
  readonly tokenTotalSupply: TokenUnits;
  readonly feeBasisPoints: Bps;
  readonly withdrawAuthority: Address;
  /** Unused by the program. */
  readonly enableMigrate: boolean;
  readonly poolMigrationFee: Lamports;
  readonly creatorFeeBasisPoints: Bps;
  /** Exactly 7: with `feeRecipient`, the 8 accounts a trade may pay its protocol fee to. */
  readonly feeRecipients: readonly Address[];
  readonly setCreatorAuthority: Address;
  readonly adminSetCreatorAuthority: Address;
  readonly createV2Enabled: boolean;
  readonly whitelistPda: Address;
  readonly reservedFeeRecipient: Address;
  readonly mayhemModeEnabled: boolean;
  /** Exactly 7: with `reservedFeeRecipient`, the fee recipients of mayhem-mode coins. */
  readonly reservedFeeRecipients: readonly Address[];
  readonly isCashbackEnabled: boolean;
  /** Exactly 8. */
  readonly buybackFeeRecipients: readonly Address[];
  readonly buybackBasisPoints: Bps;
  /** In base units of the whitelisted quote mint. */
  readonly initialVirtualQuoteReserves: bigint;
  /** Exactly 1; the zero key (`11111111111111111111111111111111`) is an empty slot. */
  readonly whitelistedQuoteMints: readonly Address[];
  readonly creatorFeeConfigurable: boolean;
  readonly maxConfigurableCreatorFeeBps: Bps;
  readonly holderRewardClaimAuthority: Address;
  readonly isHolderRewardEnabled: boolean;
}

export const GLOBAL_DISCRIMINATOR = new Uint8Array([167, 232, 232, 177, 200, 108, 114, 127]);
/** Every field the IDL declares, discriminator included. */
export const GLOBAL_SIZE = 1087;
/**
 * The shortest live layout (up to `whitelistedQuoteMints`; 1054 adds the creator-fee gate). The
 * program reads a shorter account with the fields it lacks at zero/false, and so do we.
 */
export const GLOBAL_MIN_SIZE = 1045;

const address = addressCodec;
const u64 = getU64Codec();
const addresses = (size: number) => getArrayCodec(address, { size });

const globalBody = getStructCodec([
  ['initialized', borshBool],
  ['authority', address],
  ['feeRecipient', address],
  ['initialVirtualTokenReserves', u64],
  ['initialVirtualSolReserves', u64],
  ['initialRealTokenReserves', u64],
  ['tokenTotalSupply', u64],
  ['feeBasisPoints', u64],
  ['withdrawAuthority', address],
  ['enableMigrate', borshBool],
  ['poolMigrationFee', u64],
  ['creatorFeeBasisPoints', u64],
  ['feeRecipients', addresses(7)],
  ['setCreatorAuthority', address],
  ['adminSetCreatorAuthority', address],
  ['createV2Enabled', borshBool],
  ['whitelistPda', address],
  ['reservedFeeRecipient', address],
  ['mayhemModeEnabled', borshBool],
  ['reservedFeeRecipients', addresses(7)],
  ['isCashbackEnabled', borshBool],
  ['buybackFeeRecipients', addresses(8)],
  ['buybackBasisPoints', u64],
  ['initialVirtualQuoteReserves', u64],
  ['whitelistedQuoteMints', addresses(1)],
  ['creatorFeeConfigurable', borshBool],
  ['maxConfigurableCreatorFeeBps', u64],
  ['holderRewardClaimAuthority', address],
  ['isHolderRewardEnabled', borshBool],
]);

export function isGlobal(data: ReadonlyUint8Array): boolean {
  return data.length >= GLOBAL_MIN_SIZE && hasDiscriminator(data, GLOBAL_DISCRIMINATOR);
}

export function decodeGlobal(data: ReadonlyUint8Array): Global {
  if (!isGlobal(data)) throw new Error(`not a launchpad Global account (${data.length} bytes)`);
  return Object.freeze(globalBody.decode(zeroPadded(data, GLOBAL_SIZE), 8)) as unknown as Global;
}

/** The full-size account data (GLOBAL_SIZE bytes). */
export function encodeGlobal(global: Global): Uint8Array {
  // Kit's array codecs are typed for mutable arrays; nothing is written to them.
  return withDiscriminator(GLOBAL_DISCRIMINATOR, globalBody.encode(global as unknown as Parameters<typeof globalBody.encode>[0]));
}
