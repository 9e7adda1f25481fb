import type { Address } from '@solana/kit';
import type { ResolvedInstruction } from './message.js';

/**
 * What every accepted trade may hold besides the trade itself (spec "Accepted transactions"): the wallet's
 * own coin or ZEC account opened idempotently, and after a sale a close of its own emptied coin account.
 * Shared by the native-pair and ZEC-pair checks.
 */

/** An idempotent open of one of `allowed` (account, mint, token program), paid and owned by the wallet; never a native-coin account. */
export function openProblem(ix: ResolvedInstruction, wallet: Address, allowed: readonly (readonly [Address, Address, Address])[], nativeMint: Address | null = null): string | null {
  const [payer, account, owner, mint, , tokenProgram] = ix.accounts.map((a) => a.address);
  if (ix.data.length !== 1 || ix.data[0] !== 1) return 'an associated-token instruction other than an idempotent open';
  if (nativeMint !== null && mint === nativeMint) return 'opens a native-coin account (the trader never holds the native coin)';
  if (payer !== wallet || owner !== wallet) return "opens another wallet's account";
  if (!allowed.some(([a, m, p]) => a === account && m === mint && p === tokenProgram)) return `opens ${account}, not the wallet's own coin or ZEC account`;
  return null;
}

/** A Token-2022 CloseAccount (9) of the wallet's own coin account, rent back to it, on a sale only. */
export function closeProblem(ix: ResolvedInstruction, wallet: Address, coinAccount: Address, side: 'buy' | 'sell'): string | null {
  const [account, destination, owner] = ix.accounts.map((a) => a.address);
  if (ix.data.length !== 1 || ix.data[0] !== 9 || account !== coinAccount || destination !== wallet || owner !== wallet) {
    return "a token instruction other than closing the wallet's own emptied coin account";
  }
  return side === 'sell' ? null : 'closes the coin account on a buy';
}
