import type { Address } from '@solana/kit';
import type { ChainAccount, TokenBalance } from '../chain/types.js';
import { isTokenAccount, tokenAccountFields } from '../programs/token-account.js';

// Kept where the sandbox and its tests have always found them; the layout itself is core/programs'.
export { isTokenAccount, tokenAccountFields, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../programs/token-account.js';

/** The validator's pre/post token balances: one entry per token account among the transaction's keys. */
export function readTokenBalances(accounts: readonly (ChainAccount | null)[], decimalsOf: (mint: Address) => number): TokenBalance[] {
  const balances: TokenBalance[] = [];
  accounts.forEach((account, accountIndex) => {
    if (!account || !isTokenAccount(account)) return;
    const { mint, owner, amount } = tokenAccountFields(account.data);
    balances.push({ accountIndex, mint, owner, programId: account.owner, amount, decimals: decimalsOf(mint) });
  });
  return balances;
}
