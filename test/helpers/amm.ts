import type { Address } from '@solana/kit';
import type { AmmTradeParties } from '../../core/programs/amm/instructions/trade-accounts.js';
import { ZERO_KEY } from '../../core/programs/amm/pdas.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';

/** The parties of a trade on the genesis native coin/ZEC pool (no coin creator) by `user`. */
export function nativePoolParties(sandbox: Sandbox, user: Address): AmmTradeParties {
  const { programs, accounts, mints } = sandbox.profile;
  return {
    programs: { amm: programs['amm']!, fees: programs['fees']! },
    pool: accounts['nativePool']!,
    baseMint: mints.native.address,
    baseTokenProgram: mints.native.tokenProgram,
    quoteMint: mints.zec.address,
    quoteTokenProgram: mints.zec.tokenProgram,
    user,
    coinCreator: ZERO_KEY,
    protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
  };
}
