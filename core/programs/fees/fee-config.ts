import {
  AccountRole,
  fixDecoderSize,
  getBytesDecoder,
  getStructDecoder,
  getStructEncoder,
  getU32Encoder,
  getU64Decoder,
  getU64Encoder,
  getU8Decoder,
  type Address,
  type Instruction,
} from '@solana/kit';
import { addressDecoder } from '../address-codec.js';
import { addressSeed, derivePda } from '../derive-address.js';
import type { Bps } from '../../math/units.js';

/**
 * The fee program (pump_fees interface): its FeeConfig account and the instructions the sandbox uses.
 * Layouts follow the IDL in @pump-fun/pump-sdk 2.0.0.
 */

export const FEE_CONFIG_DISCRIMINATOR = new Uint8Array([143, 52, 146, 187, 219, 123, 76, 155]);
const INITIALIZE_FEE_CONFIG = new Uint8Array([62, 162, 20, 133, 121, 65, 145, 27]);
const UPDATE_FEE_CONFIG = new Uint8Array([104, 184, 103, 242, 88, 151, 107, 20]);
const GET_FEES = new Uint8Array([231, 37, 126, 85, 207, 91, 63, 52]);
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

export const FEES_ERRORS = Object.freeze({ InvalidAdmin: 6001, TooManyFeeTiers: 6003, InvalidFeeTotal: 6006 });

export interface Fees {
  readonly lpFeeBps: Bps;
  readonly protocolFeeBps: Bps;
  readonly creatorFeeBps: Bps;
}

export interface FeeConfig {
  readonly bump: number;
  readonly admin: Address;
  readonly flatFees: Fees;
}

const feesDecoder = getStructDecoder([
  ['lpFeeBps', getU64Decoder()],
  ['protocolFeeBps', getU64Decoder()],
  ['creatorFeeBps', getU64Decoder()],
]);
const feesEncoder = getStructEncoder([
  ['lpFeeBps', getU64Encoder()],
  ['protocolFeeBps', getU64Encoder()],
  ['creatorFeeBps', getU64Encoder()],
]);
const feeConfigDecoder = getStructDecoder([
  ['discriminator', fixDecoderSize(getBytesDecoder(), 8)],
  ['bump', getU8Decoder()],
  ['admin', addressDecoder],
  ['flatFees', feesDecoder],
]);

export function isFeeConfig(data: Uint8Array): boolean {
  return data.length >= 97 && FEE_CONFIG_DISCRIMINATOR.every((b, i) => data[i] === b);
}

export function decodeFeeConfig(data: Uint8Array): FeeConfig {
  if (!isFeeConfig(data)) throw new Error('not a FeeConfig account');
  const { bump, admin, flatFees } = feeConfigDecoder.decode(data);
  return { bump, admin, flatFees: flatFees as unknown as Fees };
}

/**
 * The fees a trade is charged, as the launchpad and the AMM read them (programs/launchpad/trade.h,
 * programs/amm/common.h): the exotic flat fees after the two tier vectors when any of them is set, else
 * the flat fees. `flat` is kept too: a route's curve hop takes its creator rate (programs/launchpad/route.h).
 */
export function chargedFees(data: Uint8Array): { readonly charged: Fees; readonly flat: Fees } {
  if (!isFeeConfig(data)) throw new Error('not a FeeConfig account');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const flat = decodeFees(data.subarray(41, 65));
  let exoticAt = 73 + view.getUint32(65, true) * 40;
  if (exoticAt + 4 > data.length) return { charged: flat, flat };
  exoticAt += 4 + view.getUint32(exoticAt, true) * 40;
  if (exoticAt + 24 > data.length) return { charged: flat, flat };
  const exotic = decodeFees(data.subarray(exoticAt, exoticAt + 24));
  const set = exotic.lpFeeBps !== 0n || exotic.protocolFeeBps !== 0n || exotic.creatorFeeBps !== 0n;
  return { charged: set ? exotic : flat, flat };
}

export function decodeFees(data: Uint8Array): Fees {
  return feesDecoder.decode(data) as unknown as Fees;
}

/** FeeConfig of a program that charges fees (the launchpad or the AMM): ["fee_config", program]. */
export async function findFeeConfig(feeProgram: Address, configProgram: Address): Promise<Address> {
  return derivePda(feeProgram, ['fee_config', addressSeed(configProgram)]);
}

interface FeeAccounts {
  readonly feeProgram: Address;
  readonly feeConfig: Address;
  readonly configProgram: Address;
  readonly eventAuthority: Address;
}

export function initializeFeeConfigInstruction(a: FeeAccounts & { readonly admin: Address }): Instruction {
  return {
    programAddress: a.feeProgram,
    accounts: [
      { address: a.admin, role: AccountRole.WRITABLE_SIGNER },
      { address: a.feeConfig, role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      { address: a.configProgram, role: AccountRole.READONLY },
      { address: a.eventAuthority, role: AccountRole.READONLY },
      { address: a.feeProgram, role: AccountRole.READONLY },
    ],
    data: INITIALIZE_FEE_CONFIG,
  };
}

/** Flat fees only: the sandbox's fee program refuses fee tiers. */
export function updateFeeConfigInstruction(a: FeeAccounts & { readonly admin: Address; readonly flatFees: Fees }): Instruction {
  const data = new Uint8Array(8 + 4 + 24);
  data.set(UPDATE_FEE_CONFIG, 0);
  data.set(getU32Encoder().encode(0), 8);
  data.set(feesEncoder.encode(a.flatFees), 12);
  return {
    programAddress: a.feeProgram,
    accounts: [
      { address: a.feeConfig, role: AccountRole.WRITABLE },
      { address: a.admin, role: AccountRole.READONLY_SIGNER },
      { address: a.configProgram, role: AccountRole.READONLY },
      { address: a.eventAuthority, role: AccountRole.READONLY },
      { address: a.feeProgram, role: AccountRole.READONLY },
    ],
    data,
  };
}

/** get_fees(is_pump_pool, market_cap_lamports, trade_size_lamports, is_new_quote_mint) -> Fees (return data). */
export function getFeesInstruction(a: Pick<FeeAccounts, 'feeProgram' | 'feeConfig' | 'configProgram'>): Instruction {
  const data = new Uint8Array(8 + 1 + 16 + 8 + 1);
  data.set(GET_FEES, 0);
  return {
    programAddress: a.feeProgram,
    accounts: [
      { address: a.feeConfig, role: AccountRole.READONLY },
      { address: a.configProgram, role: AccountRole.READONLY },
    ],
    data,
  };
}
