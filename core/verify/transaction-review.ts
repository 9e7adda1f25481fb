import type { Address } from '@solana/kit';
import { instructionWords, type InstructionWords, type ReviewContext } from './instruction-words.js';
import { resolveTransaction } from './message.js';
import { redFlagsOf, type RedFlag } from './red-flags.js';

/**
 * One transaction as the review screen shows it: who pays and signs, its blockhash and lookup tables,
 * each instruction in words, and the red flags. Pure and browser-safe: `tables` are the lookup tables'
 * contents (read from chain by the server, or from the profile's cache for an offline review).
 */
export interface TransactionReview {
  readonly feePayer: Address;
  readonly signers: readonly Address[];
  readonly blockhash: string;
  readonly lookupTables: readonly Address[];
  readonly instructions: readonly InstructionWords[];
  readonly flags: readonly RedFlag[];
}

/** `otherSigners`: signers besides the wallet the person expects (a planting's new mint key); any other is flagged. */
export function reviewTransaction(wire: Uint8Array, tables: ReadonlyMap<Address, readonly Address[]>, ctx: ReviewContext, otherSigners: readonly Address[] = []): TransactionReview {
  const tx = resolveTransaction(wire, tables);
  const instructions = tx.instructions.map((ix) => instructionWords(ix, ctx));
  const flags = redFlagsOf(instructions, ctx);
  if (tx.feePayer !== ctx.wallet) flags.unshift({ instruction: 0, text: `the fee payer is ${tx.feePayer}, not your wallet` });
  const others = tx.signers.filter((s) => s !== ctx.wallet && !otherSigners.includes(s));
  if (others.length > 0) flags.unshift({ instruction: 0, text: `it asks for the signature of ${others.join(', ')} besides your wallet's` });
  return { feePayer: tx.feePayer, signers: tx.signers, blockhash: tx.blockhash, lookupTables: tx.lookupTables, instructions, flags };
}
