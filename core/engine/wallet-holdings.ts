import type { Address, Lamports } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { addressBytes } from '../programs/address-text.js';
import { isTokenAccount, tokenAccountFields, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../programs/token-account.js';

/** One token account of a wallet, as the chain holds it. */
export interface WalletTokenAccount {
  readonly account: Address;
  readonly mint: Address;
  readonly program: Address;
  readonly amount: bigint;
}

/** What a wallet holds on chain: its lamports and every token account it owns, of either token program. */
export interface WalletHoldings {
  readonly wallet: Address;
  readonly lamports: Lamports;
  /** Ordered by mint, then account, so that two reads of the same state compare equal. */
  readonly tokens: readonly WalletTokenAccount[];
}

/** Where the owner sits in a token account (after the mint), the same in both token programs. */
const OWNER_OFFSET = 32n;

/**
 * Reads a wallet's holdings from chain, whatever put them there (the desk, a bot, a faucet, a plain
 * transfer): its SOL, then its token accounts found by owner, as a wallet app lists them
 * (getProgramAccounts with the owner at offset 32; a Token-2022 mint is told apart by its account type).
 * The calls are not one atomic read: whoever follows a wallet reads again after each change it hears of.
 */
export async function readWalletHoldings(chain: Chain, wallet: Address): Promise<WalletHoldings> {
  const owner = { memcmp: { offset: OWNER_OFFSET, bytes: addressBytes(wallet) } };
  const [lamports, classic, token2022] = await Promise.all([
    chain.getBalance(wallet, 'confirmed'),
    chain.getProgramAccounts(TOKEN_PROGRAM, [{ dataSize: 165n }, owner]),
    chain.getProgramAccounts(TOKEN_2022_PROGRAM, [owner]),
  ]);
  const tokens = [...classic, ...token2022]
    .filter(isTokenAccount)
    .map((a) => {
      const fields = tokenAccountFields(a.data);
      return { account: a.address, mint: fields.mint, program: a.owner, amount: fields.amount };
    })
    .sort((x, y) => (x.mint < y.mint ? -1 : x.mint > y.mint ? 1 : x.account < y.account ? -1 : x.account > y.account ? 1 : 0));
  return { wallet, lamports, tokens };
}

