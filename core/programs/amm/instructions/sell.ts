import { getStructCodec, getU64Codec, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { TokenUnits } from '../../../math/units.js';
import { decodeInstructionData, encodeInstructionData } from '../../launchpad/instructions/instruction-data.js';
import { ammTradeAccountMetas, type AmmTradeParties } from './trade-accounts.js';

/** sell(base_amount_in, min_quote_amount_out): sell exactly `baseAmountIn` for at least `minQuoteAmountOut` (after fees). */
export interface AmmSellArgs {
  readonly baseAmountIn: TokenUnits;
  /** In base units of the quote mint. */
  readonly minQuoteAmountOut: bigint;
}

export const AMM_SELL_DISCRIMINATOR = new Uint8Array([51, 230, 133, 164, 1, 127, 131, 173]);

const args = getStructCodec([
  ['baseAmountIn', getU64Codec()],
  ['minQuoteAmountOut', getU64Codec()],
]);

/** The buy accounts without the two volume accumulators. */
export async function ammSellInstruction(parties: AmmTradeParties, a: AmmSellArgs): Promise<Instruction> {
  return {
    programAddress: parties.programs.amm,
    accounts: await ammTradeAccountMetas(parties, 'sell'),
    data: encodeInstructionData(AMM_SELL_DISCRIMINATOR, args, a),
  };
}

export function decodeAmmSellData(data: ReadonlyUint8Array): AmmSellArgs {
  return decodeInstructionData(AMM_SELL_DISCRIMINATOR, args, data, 'sell') as AmmSellArgs;
}
