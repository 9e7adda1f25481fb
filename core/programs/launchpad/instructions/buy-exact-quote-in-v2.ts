import { getStructCodec, getU64Codec, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { TokenUnits } from '../../../math/units.js';
import { decodeInstructionData, encodeInstructionData } from './instruction-data.js';
import { tradeV2AccountMetas, type TradeV2Parties } from './trade-v2-accounts.js';

/** buy_exact_quote_in_v2(spendable_quote_in, min_tokens_out): spend exactly the quote, fees included. */
export interface BuyExactQuoteInV2Args {
  /** In base units of the curve's quote mint. */
  readonly spendableQuoteIn: bigint;
  readonly minTokensOut: TokenUnits;
}

export const BUY_EXACT_QUOTE_IN_V2_DISCRIMINATOR = new Uint8Array([194, 171, 28, 70, 104, 77, 91, 47]);

const args = getStructCodec([
  ['spendableQuoteIn', getU64Codec()],
  ['minTokensOut', getU64Codec()],
]);

/** Same accounts as buy_v2. */
export async function buyExactQuoteInV2Instruction(parties: TradeV2Parties, a: BuyExactQuoteInV2Args): Promise<Instruction> {
  return {
    programAddress: parties.programs.launchpad,
    accounts: await tradeV2AccountMetas(parties, 'buy'),
    data: encodeInstructionData(BUY_EXACT_QUOTE_IN_V2_DISCRIMINATOR, args, a),
  };
}

export function decodeBuyExactQuoteInV2Data(data: ReadonlyUint8Array): BuyExactQuoteInV2Args {
  return decodeInstructionData(BUY_EXACT_QUOTE_IN_V2_DISCRIMINATOR, args, data, 'buy_exact_quote_in_v2') as BuyExactQuoteInV2Args;
}
