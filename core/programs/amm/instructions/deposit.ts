import { AccountRole, getStructCodec, getU64Codec, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { TokenUnits } from '../../../math/units.js';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { decodeInstructionData, encodeInstructionData } from '../../launchpad/instructions/instruction-data.js';
import { findAssociatedTokenAccount } from '../../launchpad/pdas.js';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../../launchpad/spl-programs.js';
import { findGlobalConfig, findLpMint, findLpTokenAccount, findPoolTokenAccount } from '../pdas.js';

/** deposit(lp_token_amount_out, max_base_amount_in, max_quote_amount_in): mint exactly `lpTokenAmountOut` LP tokens. */
export interface AmmDepositArgs {
  readonly lpTokenAmountOut: TokenUnits;
  readonly maxBaseAmountIn: TokenUnits;
  /** In base units of the quote mint. */
  readonly maxQuoteAmountIn: bigint;
}

export interface AmmDepositInput {
  readonly amm: Address;
  readonly pool: Address;
  readonly baseMint: Address;
  readonly baseTokenProgram: Address;
  readonly quoteMint: Address;
  readonly quoteTokenProgram: Address;
  /** Signs (the IDL has it read-only: it pays nothing). Deposits from its base and quote ATAs, receives into its LP ATA. */
  readonly user: Address;
}

export const AMM_DEPOSIT_DISCRIMINATOR = new Uint8Array([242, 35, 198, 137, 82, 225, 242, 182]);

const args = getStructCodec([
  ['lpTokenAmountOut', getU64Codec()],
  ['maxBaseAmountIn', getU64Codec()],
  ['maxQuoteAmountIn', getU64Codec()],
]);

const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;

/**
 * The IDL lists both token programs by address (SPL Token, then Token-2022) rather than the mints'
 * token programs; `baseTokenProgram` / `quoteTokenProgram` only derive the token accounts.
 */
export async function ammDepositInstruction(input: AmmDepositInput, a: AmmDepositArgs): Promise<Instruction> {
  const { amm, pool, user } = input;
  const lpMint = await findLpMint(amm, pool);
  return {
    programAddress: amm,
    accounts: [
      { address: pool, role: W },
      { address: await findGlobalConfig(amm), role: R },
      { address: user, role: AccountRole.READONLY_SIGNER },
      { address: input.baseMint, role: R },
      { address: input.quoteMint, role: R },
      { address: lpMint, role: W },
      { address: await findAssociatedTokenAccount(user, input.baseMint, input.baseTokenProgram), role: W },
      { address: await findAssociatedTokenAccount(user, input.quoteMint, input.quoteTokenProgram), role: W },
      { address: await findLpTokenAccount(user, lpMint), role: W },
      { address: await findPoolTokenAccount(pool, input.baseMint, input.baseTokenProgram), role: W },
      { address: await findPoolTokenAccount(pool, input.quoteMint, input.quoteTokenProgram), role: W },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
      { address: await findEventAuthority(amm), role: R },
      { address: amm, role: R },
    ],
    data: encodeInstructionData(AMM_DEPOSIT_DISCRIMINATOR, args, a),
  };
}

export function decodeAmmDepositData(data: ReadonlyUint8Array): AmmDepositArgs {
  return decodeInstructionData(AMM_DEPOSIT_DISCRIMINATOR, args, data, 'deposit') as AmmDepositArgs;
}
