import { getAddressDecoder, type Address } from '@solana/kit';
import type { ChainAccount, TokenBalance } from '../chain/types.js';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
/** Size of an SPL token account without extensions; Token-2022 puts its account-type byte right after. */
const TOKEN_ACCOUNT_SIZE = 165;
const ACCOUNT_TYPE_ACCOUNT = 2;

const addressDecoder = getAddressDecoder();

/** Is this a token account (of either token program), as opposed to a mint or anything else? */
export function isTokenAccount(account: ChainAccount): boolean {
  if (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) return false;
  if (account.data.length === TOKEN_ACCOUNT_SIZE) return true;
  return account.owner === TOKEN_2022_PROGRAM && account.data.length > TOKEN_ACCOUNT_SIZE && account.data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT;
}

export function tokenAccountFields(data: Uint8Array): { mint: Address; owner: Address; amount: bigint } {
  return {
    mint: addressDecoder.decode(data.subarray(0, 32)),
    owner: addressDecoder.decode(data.subarray(32, 64)),
    amount: new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true),
  };
}

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
