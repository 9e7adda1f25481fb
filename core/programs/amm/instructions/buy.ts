import { getStructCodec, getU64Codec, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { TokenUnits } from '../../../math/units.js';
import { borshBool, defaultAtEnd } from '../../launchpad/borsh.js';
import { decodeInstructionData, encodeInstructionData } from '../../launchpad/instructions/instruction-data.js';
import { ammTradeAccountMetas, type AmmTradeParties } from './trade-accounts.js';

/**
 * buy(base_amount_out, max_quote_amount_in, track_volume): buy exactly `baseAmountOut`, paying at most
 * `maxQuoteAmountIn` (fees included). `trackVolume` is an `OptionBool`: always 1 byte, no tag; data that
 * ends before it reads as false.
 */
export interface AmmBuyArgs {
  readonly baseAmountOut: TokenUnits;
  /** In base units of the quote mint. */
  readonly maxQuoteAmountIn: bigint;
  readonly trackVolume: boolean;
}

export const AMM_BUY_DISCRIMINATOR = new Uint8Array([102, 6, 61, 18, 1, 218, 235, 234]);

const args = getStructCodec([
  ['baseAmountOut', getU64Codec()],
  ['maxQuoteAmountIn', getU64Codec()],
  ['trackVolume', defaultAtEnd(borshBool, false)],
]);

export async function ammBuyInstruction(parties: AmmTradeParties, a: AmmBuyArgs): Promise<Instruction> {
  return {
    programAddress: parties.programs.amm,
    accounts: await ammTradeAccountMetas(parties, 'buy'),
    data: encodeInstructionData(AMM_BUY_DISCRIMINATOR, args, a),
  };
}

export function decodeAmmBuyData(data: ReadonlyUint8Array): AmmBuyArgs {
  return decodeInstructionData(AMM_BUY_DISCRIMINATOR, args, data, 'buy') as AmmBuyArgs;
}
