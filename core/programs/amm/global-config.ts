import {
  getArrayCodec,
  getStructCodec,
  getU64Codec,
  getU8Codec,
  type Address,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { addressCodec } from '../address-codec.js';
import type { Bps } from '../../math/units.js';
import { borshBool, hasDiscriminator, withDiscriminator, zeroPadded } from '../launchpad/borsh.js';

/** The AMM's `GlobalConfig` account (PDA ["global_config"]), field for field as the `pump_amm` IDL declares it. */
export interface GlobalConfig {
  readonly admin: Address;
  readonly lpFeeBasisPoints: Bps;
  readonly protocolFeeBasisPoints: Bps;
  /** Bit 0 create_pool, 1 deposit, 2 withdraw, 3 buy, 4 sell: a set bit disables the instruction. */
  readonly disableFlags: number;
  /** Exactly 8: the accounts a trade may pay its protocol fee to. */
  readonly protocolFeeRecipients: readonly Address[];
  readonly coinCreatorFeeBasisPoints: Bps;
  readonly adminSetCoinCreatorAuthority: Address;
  readonly whitelistPda: Address;
  readonly reservedFeeRecipient: Address;
  readonly mayhemModeEnabled: boolean;
  /** Exactly 7: with `reservedFeeRecipient`, the protocol fee recipients of mayhem-mode pools. */
  readonly reservedFeeRecipients: readonly Address[];
  readonly isCashbackEnabled: boolean;
  /** Exactly 8. */
  readonly buybackFeeRecipients: readonly Address[];
  readonly buybackBasisPoints: Bps;
  readonly boostAuthority: Address;
  readonly boostEnabled: boolean;
  readonly creatorFeeConfigurable: boolean;
  readonly maxConfigurableCreatorFeeBps: Bps;
}

export const GLOBAL_CONFIG_DISCRIMINATOR = new Uint8Array([149, 8, 156, 202, 160, 252, 176, 217]);
/** Every field the IDL declares, discriminator included. */
export const GLOBAL_CONFIG_SIZE = 949;
/**
 * The shortest live layout (up to `buybackBasisPoints`; 940 adds the boost fields). The program reads a
 * shorter account with the fields it lacks at zero/false, and so do we.
 */
export const GLOBAL_CONFIG_MIN_SIZE = 907;

/** create_pool .. sell: the bits of `disableFlags`. */
export const DISABLE_FLAGS = Object.freeze({ createPool: 1, deposit: 2, withdraw: 4, buy: 8, sell: 16 });

const address = addressCodec;
const u64 = getU64Codec();
const addresses = (size: number) => getArrayCodec(address, { size });

const globalConfigBody = getStructCodec([
  ['admin', address],
  ['lpFeeBasisPoints', u64],
  ['protocolFeeBasisPoints', u64],
  ['disableFlags', getU8Codec()],
  ['protocolFeeRecipients', addresses(8)],
  ['coinCreatorFeeBasisPoints', u64],
  ['adminSetCoinCreatorAuthority', address],
  ['whitelistPda', address],
  ['reservedFeeRecipient', address],
  ['mayhemModeEnabled', borshBool],
  ['reservedFeeRecipients', addresses(7)],
  ['isCashbackEnabled', borshBool],
  ['buybackFeeRecipients', addresses(8)],
  ['buybackBasisPoints', u64],
  ['boostAuthority', address],
  ['boostEnabled', borshBool],
  ['creatorFeeConfigurable', borshBool],
  ['maxConfigurableCreatorFeeBps', u64],
]);

export function isGlobalConfig(data: ReadonlyUint8Array): boolean {
  return data.length >= GLOBAL_CONFIG_MIN_SIZE && hasDiscriminator(data, GLOBAL_CONFIG_DISCRIMINATOR);
}

export function decodeGlobalConfig(data: ReadonlyUint8Array): GlobalConfig {
  if (!isGlobalConfig(data)) throw new Error(`not an AMM GlobalConfig account (${data.length} bytes)`);
  return Object.freeze(globalConfigBody.decode(zeroPadded(data, GLOBAL_CONFIG_SIZE), 8)) as unknown as GlobalConfig;
}

/** The full-size account data (GLOBAL_CONFIG_SIZE bytes). */
export function encodeGlobalConfig(config: GlobalConfig): Uint8Array {
  // Kit's array codecs are typed for mutable arrays; nothing is written to them.
  return withDiscriminator(GLOBAL_CONFIG_DISCRIMINATOR, globalConfigBody.encode(config as unknown as Parameters<typeof globalConfigBody.encode>[0]));
}
