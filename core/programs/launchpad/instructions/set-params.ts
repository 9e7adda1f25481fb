import {
  getAddressCodec,
  getStructCodec,
  getU64Codec,
  type AccountMeta,
  type Address,
  type Instruction,
  type ReadonlyUint8Array,
} from '@solana/kit';
import type { Bps, Lamports, TokenUnits } from '../../../math/units.js';
import { borshBool } from '../borsh.js';
import { globalAdminAccounts } from './global-admin-accounts.js';
import { decodeInstructionData, encodeInstructionData } from './instruction-data.js';

/** set_params: the curve parameters and authorities of `Global` (Global.authority signs). */
export interface SetParamsArgs {
  readonly initialVirtualTokenReserves: TokenUnits;
  readonly initialVirtualSolReserves: Lamports;
  readonly initialRealTokenReserves: TokenUnits;
  readonly tokenTotalSupply: TokenUnits;
  readonly feeBasisPoints: Bps;
  readonly withdrawAuthority: Address;
  readonly enableMigrate: boolean;
  readonly poolMigrationFee: Lamports;
  readonly creatorFeeBasisPoints: Bps;
  readonly setCreatorAuthority: Address;
  readonly adminSetCreatorAuthority: Address;
}

export const SET_PARAMS_DISCRIMINATOR = new Uint8Array([27, 234, 178, 52, 147, 2, 187, 141]);

const u64 = getU64Codec();
const args = getStructCodec([
  ['initialVirtualTokenReserves', u64],
  ['initialVirtualSolReserves', u64],
  ['initialRealTokenReserves', u64],
  ['tokenTotalSupply', u64],
  ['feeBasisPoints', u64],
  ['withdrawAuthority', getAddressCodec()],
  ['enableMigrate', borshBool],
  ['poolMigrationFee', u64],
  ['creatorFeeBasisPoints', u64],
  ['setCreatorAuthority', getAddressCodec()],
  ['adminSetCreatorAuthority', getAddressCodec()],
]);

/**
 * `remainingAccounts` follow the four listed ones unchanged. The IDL does not describe any; the
 * program's errors (AllFeeRecipientsShouldBeNonZero, UnsortedNotUniqueFeeRecipients) suggest the fee
 * recipients arrive this way, so the C program defines their order.
 */
export async function setParamsInstruction(
  input: { readonly launchpad: Address; readonly authority: Address; readonly remainingAccounts?: readonly AccountMeta[] },
  a: SetParamsArgs,
): Promise<Instruction> {
  return {
    programAddress: input.launchpad,
    accounts: [...(await globalAdminAccounts(input.launchpad, input.authority)), ...(input.remainingAccounts ?? [])],
    data: encodeInstructionData(SET_PARAMS_DISCRIMINATOR, args, a),
  };
}

export function decodeSetParamsData(data: ReadonlyUint8Array): SetParamsArgs {
  return decodeInstructionData(SET_PARAMS_DISCRIMINATOR, args, data, 'set_params') as SetParamsArgs;
}
