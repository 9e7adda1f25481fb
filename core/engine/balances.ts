import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../programs/token-account.js';
import type { World } from './world.js';

/** The wallet's balance of a token in its associated account (0 without an account). */
export async function tokenBalance(chain: Chain, wallet: Address, mint: Address, tokenProgram: Address): Promise<bigint> {
  const account = await chain.getAccount(await findAssociatedTokenAccount(wallet, mint, tokenProgram), 'confirmed');
  return account ? tokenAccountAmount(account.data) : 0n;
}

/** The wallet's coin balance (0 without an account). */
export const coinBalance = (chain: Chain, wallet: Address, mint: Address): Promise<bigint> => tokenBalance(chain, wallet, mint, TOKEN_2022_PROGRAM);

/** The wallet's ZEC balance (0 without an account). */
export const zecBalance = (chain: Chain, world: Pick<World, 'zec'>, wallet: Address): Promise<bigint> => tokenBalance(chain, wallet, world.zec.address, world.zec.tokenProgram);
