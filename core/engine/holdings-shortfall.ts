import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { DeskError, isDeskError } from '../errors.js';
import { formatDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS } from '../math/units.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../programs/token-account.js';
import { COIN_DECIMALS } from '../verify/ticket.js';
import type { World } from './world.js';

/**
 * What a build asks the wallet to hold, read from the wallet's own accounts, in the request's terms. A
 * token program refusing a wallet that lacks the account or the amount reaches the caller as "invalid
 * account data" or "incorrect program id" (the launchpad reads an account that is not there) or "insufficient
 * funds"; the accounts say it plainly: which wallet, which account it lacks, how much is needed and held.
 */

export const sol = (lamports: bigint): string => `${formatDecimalUnits(lamports, SOL_DECIMALS)} SOL`;
export const zec = (units: bigint): string => `${formatDecimalUnits(units, ZEC_DECIMALS)} ZEC`;
const coins = (units: bigint): string => `${formatDecimalUnits(units, COIN_DECIMALS)} coins`;

/** One thing the build spends from the wallet: how much, and what it is for ("to swap", "this buy spends"). */
export type Need =
  | { readonly kind: 'zec'; readonly amount: bigint; readonly purpose: string }
  | { readonly kind: 'coin'; readonly mint: Address; readonly amount: bigint; readonly purpose: string }
  | { readonly kind: 'sol'; readonly amount: bigint; readonly purpose: string };

/** The wallet's associated account of a token: null when it has none, else its amount. */
async function heldIn(chain: Chain, wallet: Address, mint: Address, tokenProgram: Address): Promise<bigint | null> {
  const account = await chain.getAccount(await findAssociatedTokenAccount(wallet, mint, tokenProgram), 'confirmed');
  return account ? tokenAccountAmount(account.data) : null;
}

/** Plain words when the wallet holds less than `need` (or lacks the account); null when it holds enough. */
export async function shortfallOf(chain: Chain, world: Pick<World, 'zec'>, wallet: Address, need: Need): Promise<string | null> {
  if (need.kind === 'sol') {
    const held = await chain.getBalance(wallet, 'confirmed');
    return held < need.amount ? `wallet ${wallet} holds ${sol(held)}, less than the ${sol(need.amount)} ${need.purpose} (and the network fee on top)` : null;
  }
  if (need.kind === 'zec') {
    const held = await heldIn(chain, wallet, world.zec.address, world.zec.tokenProgram);
    if (held === null) return `wallet ${wallet} has no ZEC account, so it holds none of the ${zec(need.amount)} ${need.purpose}`;
    return held < need.amount ? `wallet ${wallet} holds ${zec(held)}, less than the ${zec(need.amount)} ${need.purpose}` : null;
  }
  const held = await heldIn(chain, wallet, need.mint, TOKEN_2022_PROGRAM);
  if (held === null) return `wallet ${wallet} has no account of coin ${need.mint}, so it holds none of the ${coins(need.amount)} ${need.purpose}`;
  return held < need.amount ? `wallet ${wallet} holds ${coins(held)} of coin ${need.mint}, less than the ${coins(need.amount)} ${need.purpose}` : null;
}

/** Refuses before anything is built when the wallet holds less than it needs (the simulation stays the authority). */
export async function refuseShortfall(chain: Chain, world: Pick<World, 'zec'>, wallet: Address, need: Need): Promise<void> {
  const words = await shortfallOf(chain, world, wallet, need);
  if (words !== null) throw new DeskError('refused', words, { need: need.kind, amount: need.amount });
}

/**
 * A build's refusal (`refused`, or a planting's `simulation_failed`) said in terms of what the wallet
 * holds when that is why: the code stays, the program's own words (kept in `details` and as the cause) give
 * way to the wallet's shortfall. Any other error, or a refusal the wallet's holdings do not explain, is
 * answered as it was. A read that fails here changes nothing.
 */
export async function explainRefusal(chain: Chain, world: Pick<World, 'zec'>, wallet: Address, needs: readonly Need[], error: unknown): Promise<unknown> {
  if (!isDeskError(error, 'refused') && !isDeskError(error, 'simulation_failed')) return error;
  try {
    for (const need of needs) {
      const words = await shortfallOf(chain, world, wallet, need);
      if (words !== null) return new DeskError(error.code, words, { ...error.details, need: need.kind, amount: need.amount, refusal: error.message }, { cause: error });
    }
  } catch {
    // the chain's refusal stands as it was said
  }
  return error;
}
