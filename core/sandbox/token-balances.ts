import type { Address } from '@solana/kit';
import type { ChainAccount, TokenBalance } from '../chain/types.js';
import { isTokenAccount, tokenAccountAmount } from '../programs/token-account.js';
import { addressOfBytes } from '../programs/address-text.js';

// Kept where the sandbox and its tests have always found them; the layout itself is core/programs'.
export { isTokenAccount, tokenAccountFields, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../programs/token-account.js';

/** The validator's pre/post token balances: one entry per token account among the transaction's keys. */
export function readTokenBalances(accounts: readonly (Pick<ChainAccount, 'owner' | 'data'> | null)[], decimalsOf: (mint: Address) => number): TokenBalance[] {
  const balances: TokenBalance[] = [];
  accounts.forEach((account, accountIndex) => {
    if (!account || !isTokenAccount(account)) return;
    // tokenAccountFields' layout, the addresses through the cached base58.
    const mint = addressOfBytes(account.data.subarray(0, 32));
    const owner = addressOfBytes(account.data.subarray(32, 64));
    const amount = tokenAccountAmount(account.data);
    balances.push({ accountIndex, mint, owner, programId: account.owner, amount, decimals: decimalsOf(mint) });
  });
  return balances;
}
