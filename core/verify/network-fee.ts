import type { InstructionWords } from './instruction-words.js';

/** What a cluster charges per signature (lamports): Solana's base fee. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/**
 * What a build's transactions cost the fee payer in network fees (lamports), from the transactions
 * themselves: the base fee per signature, plus each compute budget's priority fee, ceil(limit × price /
 * 1e6). The figure the person approves with a review; a build made again after its blockhash expired is
 * signed at once only if it costs no more. Browser-safe: the offline review can say it too.
 */
export function networkFeeLamports(transactions: readonly { readonly signers: readonly unknown[]; readonly instructions: readonly Pick<InstructionWords, 'kind' | 'amounts'>[] }[]): bigint {
  let total = priorityFeeLamports(transactions);
  for (const tx of transactions) total += LAMPORTS_PER_SIGNATURE * BigInt(tx.signers.length);
  return total;
}

/** The priority fees alone: each compute budget's ceil(limit × price / 1e6) (the one-click policy bounds it). */
export function priorityFeeLamports(transactions: readonly { readonly instructions: readonly Pick<InstructionWords, 'kind' | 'amounts'>[] }[]): bigint {
  let total = 0n;
  for (const tx of transactions) {
    const limit = tx.instructions.find((w) => w.kind === 'budget:limit')?.amounts['units'] ?? 0n;
    const price = tx.instructions.find((w) => w.kind === 'budget:price')?.amounts['microLamports'] ?? 0n;
    total += (limit * price + 999_999n) / 1_000_000n;
  }
  return total;
}
