import type { Address, Signature } from '@solana/kit';
import type { TransactionView } from '../chain/transaction-view.js';

/** Who sent a wallet its first SOL, as one of its oldest transactions shows it. */
export interface Funding {
  readonly wallet: Address;
  /** The source; null when the history read did not show one (see funder-lookup.ts). */
  readonly funder: Address | null;
  readonly signature: Signature | null;
  readonly slot: bigint | null;
}

/**
 * The account that funded `wallet` in this transaction, or null when the transaction did not raise its SOL.
 * The source is the account whose SOL fell the most: the sender of a transfer (the fee payer too, usually),
 * whatever instruction moved it (a plain transfer, an account created for it, a program's payout).
 */
export function funderIn(view: TransactionView, wallet: Address): Address | null {
  const { accountKeys, meta } = view;
  const index = accountKeys.indexOf(wallet);
  if (index < 0 || meta.err !== null) return null;
  if (meta.postBalances[index]! <= meta.preBalances[index]!) return null;
  let source: Address | null = null;
  let largest = 0n;
  accountKeys.forEach((key, i) => {
    if (i === index) return;
    const fell = BigInt(meta.preBalances[i] ?? 0n) - BigInt(meta.postBalances[i] ?? 0n);
    if (fell > largest) {
      largest = fell;
      source = key;
    }
  });
  return source;
}
