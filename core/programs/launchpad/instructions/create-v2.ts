import { AccountRole, getAddressCodec, getStructCodec, getU64Codec, type AccountMeta, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { Bps } from '../../../math/units.js';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { borshBool, borshString, defaultAtEnd } from '../borsh.js';
import { findMayhemGlobalParams, findMayhemSolVault, findMayhemState, findMayhemTokenVault } from '../mayhem.js';
import {
  findAssociatedTokenAccount,
  findBondingCurve,
  findGlobal,
  findMintAuthority,
  findQuoteControl,
  type LaunchpadPrograms,
} from '../pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '../spl-programs.js';
import { decodeInstructionData, encodeInstructionData } from './instruction-data.js';

/**
 * create_v2: a Token-2022 coin and its bonding curve. The last three arguments are pump's `OptionBool`
 * / `OptionU64`: not Borsh options but one-field tuple structs, so always 1 or 8 bytes with no tag;
 * the program reads one that the data ends before as false / 0.
 */
export interface CreateV2Args {
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly creator: Address;
  readonly isMayhemMode: boolean;
  /** Deprecated: the program refuses true (CashbackDeprecated). */
  readonly isCashbackEnabled: boolean;
  /** 0: the fee program's schedule applies. Only for quote-control mints, up to Global.maxConfigurableCreatorFeeBps. */
  readonly creatorFeeBps: Bps;
  /** The creator becomes the holder-rewards PDA of the mint (needs Global.isHolderRewardEnabled). */
  readonly isHolderReward: boolean;
}

export interface CreateV2Input {
  readonly programs: LaunchpadPrograms;
  /** The new coin's mint: a fresh keypair that signs. */
  readonly mint: Address;
  /** Signer and payer. */
  readonly user: Address;
  /**
   * The quote mint and its token program. Absent: a SOL curve (no quote accounts are passed). Present:
   * the quote mint, the curve's quote ATA, the quote token program and the quote-control PDA follow
   * the listed accounts, in that order.
   */
  readonly quote?: { readonly mint: Address; readonly tokenProgram: Address };
}

export const CREATE_V2_DISCRIMINATOR = new Uint8Array([214, 144, 76, 236, 95, 139, 49, 180]);

const args = getStructCodec([
  ['name', borshString],
  ['symbol', borshString],
  ['uri', borshString],
  ['creator', getAddressCodec()],
  ['isMayhemMode', borshBool],
  ['isCashbackEnabled', defaultAtEnd(borshBool, false)],
  ['creatorFeeBps', defaultAtEnd(getU64Codec(), 0n)],
  ['isHolderReward', defaultAtEnd(borshBool, false)],
]);

const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;

export async function createV2Instruction(input: CreateV2Input, a: CreateV2Args): Promise<Instruction> {
  const { launchpad, mayhem } = input.programs;
  const bondingCurve = await findBondingCurve(launchpad, input.mint);
  const accounts: AccountMeta[] = [
    { address: input.mint, role: AccountRole.WRITABLE_SIGNER },
    { address: await findMintAuthority(launchpad), role: R },
    { address: bondingCurve, role: W },
    { address: await findAssociatedTokenAccount(bondingCurve, input.mint, TOKEN_2022_PROGRAM_ADDRESS), role: W },
    { address: await findGlobal(launchpad), role: R },
    { address: input.user, role: AccountRole.WRITABLE_SIGNER },
    { address: SYSTEM_PROGRAM_ADDRESS, role: R },
    { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
    { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
    // The IDL marks the mayhem program itself writable.
    { address: mayhem, role: W },
    { address: await findMayhemGlobalParams(mayhem), role: R },
    { address: await findMayhemSolVault(mayhem), role: W },
    { address: await findMayhemState(mayhem, input.mint), role: W },
    { address: await findMayhemTokenVault(mayhem, input.mint), role: W },
    { address: await findEventAuthority(launchpad), role: R },
    { address: launchpad, role: R },
  ];
  if (input.quote) {
    accounts.push(
      { address: input.quote.mint, role: R },
      { address: await findAssociatedTokenAccount(bondingCurve, input.quote.mint, input.quote.tokenProgram), role: W },
      { address: input.quote.tokenProgram, role: R },
      { address: await findQuoteControl(launchpad), role: R },
    );
  }
  return { programAddress: launchpad, accounts, data: encodeInstructionData(CREATE_V2_DISCRIMINATOR, args, a) };
}

export function decodeCreateV2Data(data: ReadonlyUint8Array): CreateV2Args {
  return decodeInstructionData(CREATE_V2_DISCRIMINATOR, args, data, 'create_v2') as CreateV2Args;
}
