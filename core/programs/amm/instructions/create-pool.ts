import { AccountRole, getAddressCodec, getStructCodec, getU16Codec, getU64Codec, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { Bps, TokenUnits } from '../../../math/units.js';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { borshBool, defaultAtEnd } from '../../launchpad/borsh.js';
import { decodeInstructionData, encodeInstructionData } from '../../launchpad/instructions/instruction-data.js';
import { findAssociatedTokenAccount } from '../../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '../../launchpad/spl-programs.js';
import { findGlobalConfig, findLpMint, findLpTokenAccount, findPool, findPoolTokenAccount } from '../pdas.js';

/**
 * create_pool: a pool, its LP mint and the creator's LP tokens, seeded with `baseAmountIn` and
 * `quoteAmountIn`. The last four arguments are pump's `OptionBool` / `OptionU64`: not Borsh options but
 * one-field tuple structs, so always 1 or 8 bytes with no tag; the program reads one that the data ends
 * before as false / 0 (the SDK's builders before is_holder_reward end the data one byte earlier).
 */
export interface CreatePoolArgs {
  /** u16: the seed that tells apart a creator's pools of the same pair (canonical pools: 0). */
  readonly index: number;
  readonly baseAmountIn: TokenUnits;
  /** In base units of the quote mint. */
  readonly quoteAmountIn: bigint;
  /** The zero key: no creator fee (only canonical pools may have a coin creator). */
  readonly coinCreator: Address;
  readonly isMayhemMode: boolean;
  readonly isCashbackCoin: boolean;
  /** 0: the fee program's schedule applies. */
  readonly creatorFeeBps: Bps;
  readonly canEditCreatorFee: boolean;
  readonly isHolderReward: boolean;
}

export interface CreatePoolInput {
  readonly amm: Address;
  /** Signer and payer; a seed of the pool. Its base and quote ATAs fund the pool, its LP ATA receives the LP tokens. */
  readonly creator: Address;
  readonly baseMint: Address;
  readonly quoteMint: Address;
  readonly baseTokenProgram: Address;
  readonly quoteTokenProgram: Address;
}

export const CREATE_POOL_DISCRIMINATOR = new Uint8Array([233, 146, 209, 142, 207, 104, 64, 188]);

const args = getStructCodec([
  ['index', getU16Codec()],
  ['baseAmountIn', getU64Codec()],
  ['quoteAmountIn', getU64Codec()],
  ['coinCreator', getAddressCodec()],
  ['isMayhemMode', borshBool],
  ['isCashbackCoin', defaultAtEnd(borshBool, false)],
  ['creatorFeeBps', defaultAtEnd(getU64Codec(), 0n)],
  ['canEditCreatorFee', defaultAtEnd(borshBool, false)],
  ['isHolderReward', defaultAtEnd(borshBool, false)],
]);

const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;

export async function createPoolInstruction(input: CreatePoolInput, a: CreatePoolArgs): Promise<Instruction> {
  const { amm, creator, baseMint, quoteMint, baseTokenProgram, quoteTokenProgram } = input;
  const pool = await findPool(amm, a.index, creator, baseMint, quoteMint);
  const lpMint = await findLpMint(amm, pool);
  return {
    programAddress: amm,
    accounts: [
      { address: pool, role: W },
      { address: await findGlobalConfig(amm), role: R },
      { address: creator, role: AccountRole.WRITABLE_SIGNER },
      { address: baseMint, role: R },
      { address: quoteMint, role: R },
      { address: lpMint, role: W },
      { address: await findAssociatedTokenAccount(creator, baseMint, baseTokenProgram), role: W },
      { address: await findAssociatedTokenAccount(creator, quoteMint, quoteTokenProgram), role: W },
      { address: await findLpTokenAccount(creator, lpMint), role: W },
      { address: await findPoolTokenAccount(pool, baseMint, baseTokenProgram), role: W },
      { address: await findPoolTokenAccount(pool, quoteMint, quoteTokenProgram), role: W },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
      { address: baseTokenProgram, role: R },
      { address: quoteTokenProgram, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: await findEventAuthority(amm), role: R },
      { address: amm, role: R },
    ],
    data: encodeInstructionData(CREATE_POOL_DISCRIMINATOR, args, a),
  };
}

export function decodeCreatePoolData(data: ReadonlyUint8Array): CreatePoolArgs {
  return decodeInstructionData(CREATE_POOL_DISCRIMINATOR, args, data, 'create_pool') as CreatePoolArgs;
}
