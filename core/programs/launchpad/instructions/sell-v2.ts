import { getStructCodec, getU64Codec, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { TokenUnits } from '../../../math/units.js';
import { decodeInstructionData, encodeInstructionData } from './instruction-data.js';
import { tradeV2AccountMetas, type TradeV2Parties } from './trade-v2-accounts.js';

/** sell_v2(amount, min_sol_output): sell exactly `amount` coin base units for at least `minQuoteOutput`. */
export interface SellV2Args {
  readonly amount: TokenUnits;
  /** IDL `min_sol_output`; in base units of the curve's quote mint. */
  readonly minQuoteOutput: bigint;
}

export const SELL_V2_DISCRIMINATOR = new Uint8Array([93, 246, 130, 60, 231, 233, 64, 178]);

const args = getStructCodec([
  ['amount', getU64Codec()],
  ['minQuoteOutput', getU64Codec()],
]);

/** The buy accounts without the global volume accumulator. */
export async function sellV2Instruction(parties: TradeV2Parties, a: SellV2Args): Promise<Instruction> {
  return {
    programAddress: parties.programs.launchpad,
    accounts: await tradeV2AccountMetas(parties, 'sell'),
    data: encodeInstructionData(SELL_V2_DISCRIMINATOR, args, a),
  };
}

export function decodeSellV2Data(data: ReadonlyUint8Array): SellV2Args {
  return decodeInstructionData(SELL_V2_DISCRIMINATOR, args, data, 'sell_v2') as SellV2Args;
}
