import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import type { Address, KeyPairSigner } from '@solana/kit';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { send } from './launchpad.js';

/**
 * A plain token transfer from one wallet to another, as any wallet app sends it (no launchpad program
 * involved): the receiver's associated account made if missing, then `transfer_checked`. Coins are
 * Token-2022 with 6 decimals; the instruction's layout is the same in both token programs.
 */
export async function transferTokens(sandbox: Sandbox, from: KeyPairSigner, to: Address, mint: Address, amount: bigint, options: { tokenProgram?: Address; decimals?: number } = {}) {
  const tokenProgram = options.tokenProgram ?? TOKEN_2022_PROGRAM;
  const [source] = await findAssociatedTokenPda({ owner: from.address, mint, tokenProgram });
  const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram });
  const result = await send(sandbox, from, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: destination, owner: to, mint, tokenProgram }),
    getTransferCheckedInstruction({ source, mint, destination, authority: from, amount, decimals: options.decimals ?? 6 }, { programAddress: tokenProgram }),
  ]);
  if (result.err !== null) throw new Error(`the transfer failed: ${JSON.stringify(result.err)}\n${result.logs.join('\n')}`);
  return result;
}
