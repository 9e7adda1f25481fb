import { AccountRole, getAddressEncoder, getU64Encoder, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import { decodeAddress } from '../address-codec.js';
import { derivePda } from '../derive-address.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';
import { findVaultConfig } from './config.js';
import { hasDiscriminator, withDiscriminator } from '../launchpad/borsh.js';

/**
 * A token's ZEC rate memory (programs/vault/price.h), PDA ["price", mint], 65 bytes: discriminator,
 * bump, mint, reference u64, realised u64, updated_slot u64. Rates are zat per raw unit of the mint
 * times 1e12 (core/math/split RATE_SCALE): `reference` is set by the admin and floors conversions,
 * `realised` is the last conversion's rate.
 */
export const PRICE_RECORD_DISCRIMINATOR = new Uint8Array([95, 252, 6, 84, 121, 239, 3, 133]);
export const SET_REFERENCE_DISCRIMINATOR = new Uint8Array([184, 96, 203, 159, 23, 67, 215, 242]);
export const PRICE_ERRORS = Object.freeze({ ZeroReference: 6217, NotAdmin: 6218 });

export type PriceRecordAccount = Readonly<{ mint: Address; reference: bigint; realised: bigint; updatedSlot: bigint }>;

export const findPriceRecord = (vault: Address, mint: Address) => derivePda(vault, ['price', getAddressEncoder().encode(mint)]);

export function decodePriceRecord(data: ReadonlyUint8Array): PriceRecordAccount {
  if (data.length < 65 || !hasDiscriminator(data, PRICE_RECORD_DISCRIMINATOR)) throw new Error(`not a vault PriceRecord account (${data.length} bytes)`);
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  return Object.freeze({
    mint: decodeAddress(data.subarray(9, 41)),
    reference: view.getBigUint64(41, true),
    realised: view.getBigUint64(49, true),
    updatedSlot: view.getBigUint64(57, true),
  });
}

export async function setReferenceInstruction(input: { readonly vault: Address; readonly admin: Address; readonly mint: Address; readonly reference: bigint }): Promise<Instruction> {
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.admin, role: AccountRole.WRITABLE_SIGNER },
      { address: await findVaultConfig(input.vault), role: AccountRole.READONLY },
      { address: input.mint, role: AccountRole.READONLY },
      { address: await findPriceRecord(input.vault, input.mint), role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data: withDiscriminator(SET_REFERENCE_DISCRIMINATOR, getU64Encoder().encode(input.reference)),
  };
}
