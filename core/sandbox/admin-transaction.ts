import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Signature,
  getSignatureFromTransaction,
} from '@solana/kit';
import type { TransactionError } from '../chain/types.js';
import type { SandboxCluster } from './cluster.js';
import { describeTransactionError } from '../chain/transaction-errors.js';

const encoder = getTransactionEncoder();

/**
 * Signs and executes instructions as one of the sandbox's own keys (genesis, faucet). A refusal or an
 * execution error throws with the validator's words and the program logs.
 */
export async function sendInstructions(cluster: SandboxCluster, payer: KeyPairSigner, instructions: readonly Instruction[]): Promise<Signature> {
  const outcome = await trySendInstructions(cluster, payer, instructions);
  if (outcome.err !== null) {
    throw new Error(`sandbox transaction failed: ${describeTransactionError(outcome.err)}\n${outcome.logs.join('\n')}`);
  }
  return outcome.signature;
}

/** The same, answering the outcome (error and logs included) instead of throwing. */
export async function trySendInstructions(
  cluster: SandboxCluster,
  payer: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<{ signature: Signature; landed: boolean; err: TransactionError | null; logs: readonly string[] }> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(cluster.latestBlockhash(), m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const outcome = cluster.send(new Uint8Array(encoder.encode(signed)));
  const logs = outcome.landed ? (cluster.getTransaction(outcome.signature)?.meta.logMessages ?? []) : outcome.logs;
  return { signature: getSignatureFromTransaction(signed), landed: outcome.landed, err: outcome.err, logs };
}
