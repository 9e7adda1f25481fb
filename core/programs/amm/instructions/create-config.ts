import { AccountRole, getAddressCodec, getArrayCodec, getStructCodec, getU64Codec, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { Bps } from '../../../math/units.js';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { decodeInstructionData, encodeInstructionData } from '../../launchpad/instructions/instruction-data.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../../launchpad/spl-programs.js';
import { findGlobalConfig } from '../pdas.js';

/**
 * create_config: creates `GlobalConfig`; `admin` signs, pays and becomes its admin. The live program
 * pins `admin` to one key (the IDL's `address`); the sandbox's admin comes from the network profile.
 */
export interface CreateConfigArgs {
  readonly lpFeeBasisPoints: Bps;
  readonly protocolFeeBasisPoints: Bps;
  /** Exactly 8. */
  readonly protocolFeeRecipients: readonly Address[];
  readonly coinCreatorFeeBasisPoints: Bps;
  readonly adminSetCoinCreatorAuthority: Address;
}

export const CREATE_CONFIG_DISCRIMINATOR = new Uint8Array([201, 207, 243, 114, 75, 111, 47, 189]);

const args = getStructCodec([
  ['lpFeeBasisPoints', getU64Codec()],
  ['protocolFeeBasisPoints', getU64Codec()],
  ['protocolFeeRecipients', getArrayCodec(getAddressCodec(), { size: 8 })],
  ['coinCreatorFeeBasisPoints', getU64Codec()],
  ['adminSetCoinCreatorAuthority', getAddressCodec()],
]);

export async function createConfigInstruction(input: { readonly amm: Address; readonly admin: Address }, a: CreateConfigArgs): Promise<Instruction> {
  if (a.protocolFeeRecipients.length !== 8) throw new RangeError('create_config takes exactly 8 protocol fee recipients');
  return {
    programAddress: input.amm,
    accounts: [
      { address: input.admin, role: AccountRole.WRITABLE_SIGNER },
      { address: await findGlobalConfig(input.amm), role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: await findEventAuthority(input.amm), role: AccountRole.READONLY },
      { address: input.amm, role: AccountRole.READONLY },
    ],
    // Kit's array codecs are typed for mutable arrays; nothing is written to them.
    data: encodeInstructionData(CREATE_CONFIG_DISCRIMINATOR, args, a as unknown as Parameters<typeof args.encode>[0]),
  };
}

export function decodeCreateConfigData(data: ReadonlyUint8Array): CreateConfigArgs {
  return decodeInstructionData(CREATE_CONFIG_DISCRIMINATOR, args, data, 'create_config') as unknown as CreateConfigArgs;
}
