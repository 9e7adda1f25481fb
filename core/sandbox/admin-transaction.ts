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
} from '@solana/kit';
import type { SandboxCluster } from './cluster.js';
import { describeTransactionError } from './transaction-errors.js';

const encoder = getTransactionEncoder();

/**
 * Signs and executes instructions as one of the sandbox's own keys (genesis, faucet). A refusal or an
 * execution error throws with the validator's words and the program logs.
 */
export async function sendInstructions(cluster: SandboxCluster, payer: KeyPairSigner, instructions: readonly Instruction[]): Promise<Signature> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(cluster.latestBlockhash(), m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const outcome = cluster.send(new Uint8Array(encoder.encode(signed)));
  if (outcome.err !== null) {
    const logs = outcome.landed ? (cluster.getTransaction(outcome.signature)?.meta.logMessages ?? []) : outcome.logs;
    throw new Error(`sandbox transaction failed: ${describeTransactionError(outcome.err)}\n${logs.join('\n')}`);
  }
  return outcome.signature as Signature;
}
