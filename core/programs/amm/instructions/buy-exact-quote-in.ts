import { getStructCodec, getU64Codec, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { TokenUnits } from '../../../math/units.js';
import { borshBool, defaultAtEnd } from '../../launchpad/borsh.js';
import { decodeInstructionData, encodeInstructionData } from '../../launchpad/instructions/instruction-data.js';
import { ammTradeAccountMetas, type AmmTradeParties } from './trade-accounts.js';

/**
 * buy_exact_quote_in(spendable_quote_in, min_base_amount_out, track_volume): spend exactly the quote,
 * fees included, for at least `minBaseAmountOut`. `trackVolume` is an `OptionBool` (see buy).
 */
export interface AmmBuyExactQuoteInArgs {
  /** In base units of the quote mint. */
  readonly spendableQuoteIn: bigint;
  readonly minBaseAmountOut: TokenUnits;
  readonly trackVolume: boolean;
}

export const AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR = new Uint8Array([198, 46, 21, 82, 180, 217, 232, 112]);

const args = getStructCodec([
  ['spendableQuoteIn', getU64Codec()],
  ['minBaseAmountOut', getU64Codec()],
  ['trackVolume', defaultAtEnd(borshBool, false)],
]);

/** Same accounts as buy. */
export async function ammBuyExactQuoteInInstruction(parties: AmmTradeParties, a: AmmBuyExactQuoteInArgs): Promise<Instruction> {
  return {
    programAddress: parties.programs.amm,
    accounts: await ammTradeAccountMetas(parties, 'buy'),
    data: encodeInstructionData(AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR, args, a),
  };
}

export function decodeAmmBuyExactQuoteInData(data: ReadonlyUint8Array): AmmBuyExactQuoteInArgs {
  return decodeInstructionData(AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR, args, data, 'buy_exact_quote_in') as AmmBuyExactQuoteInArgs;
}
