import type { Address } from '@solana/kit';
import type { AmmTradeParties } from '../../core/programs/amm/instructions/trade-accounts.js';
import { findPool, findPumpPoolAuthority, ZERO_KEY } from '../../core/programs/amm/pdas.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';

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

/** The parties of a trade on a migrated ZEC-paired coin's canonical pool (index 0, created by the launchpad's pool authority). */
export async function coinPoolParties(sandbox: Sandbox, coin: { readonly mint: Address; readonly creator: Address }, user: Address): Promise<AmmTradeParties> {
  const { programs, accounts, mints } = sandbox.profile;
  const amm = programs['amm']!;
  return {
    programs: { amm, fees: programs['fees']! },
    pool: await findPool(amm, 0, await findPumpPoolAuthority(programs['launchpad']!, coin.mint), coin.mint, mints.zec.address),
    baseMint: coin.mint,
    baseTokenProgram: TOKEN_2022_PROGRAM,
    quoteMint: mints.zec.address,
    quoteTokenProgram: mints.zec.tokenProgram,
    user,
    coinCreator: coin.creator,
    protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
  };
}
