import { getStructCodec, getU64Codec, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import type { TokenUnits } from '../../../math/units.js';
import { decodeInstructionData, encodeInstructionData } from './instruction-data.js';
import { tradeV2AccountMetas, type TradeV2Parties } from './trade-v2-accounts.js';

/** buy_v2(amount, max_sol_cost): buy exactly `amount` coin base units, paying at most `maxQuoteCost`. */
export interface BuyV2Args {
  readonly amount: TokenUnits;
  /** IDL `max_sol_cost`; in base units of the curve's quote mint. */
  readonly maxQuoteCost: bigint;
}

export const BUY_V2_DISCRIMINATOR = new Uint8Array([184, 23, 238, 97, 103, 197, 211, 61]);

const args = getStructCodec([
  ['amount', getU64Codec()],
  ['maxQuoteCost', getU64Codec()],
]);

export async function buyV2Instruction(parties: TradeV2Parties, a: BuyV2Args): Promise<Instruction> {
  return {
    programAddress: parties.programs.launchpad,
    accounts: await tradeV2AccountMetas(parties, 'buy'),
    data: encodeInstructionData(BUY_V2_DISCRIMINATOR, args, a),
  };
}

export function decodeBuyV2Data(data: ReadonlyUint8Array): BuyV2Args {
  return decodeInstructionData(BUY_V2_DISCRIMINATOR, args, data, 'buy_v2') as BuyV2Args;
}
