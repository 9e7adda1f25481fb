import { getTransactionDecoder, getTransactionEncoder, partiallySignTransaction, type Address, type KeyPairSigner } from '@solana/kit';
import { DeskError } from '../../errors.js';
import type { BuildReview, ReviewDeps } from './build-review.js';
import type { DeskSigning } from './desk-signing.js';

/** Why a review may not be signed, in its own words (its flags, then the lines that do not hold). */
export const reviewRefusals = (review: BuildReview): string[] => [...review.flags.map((f) => f.text), ...review.verdict.filter((l) => !l.ok).map((l) => `${l.field}: ${l.detail}`)];

/** A build sent before is never signed again: `refused` naming it. */
export async function assertUnsent(deps: ReviewDeps, buildId: string): Promise<void> {
  const sent = await deps.relay.build(buildId);
  if (sent && sent.state !== 'built') throw new DeskError('refused', `build ${sent.id} was sent before (a build is signed and sent once); build again`);
}

/**
 * Signs every transaction of a reviewed build with the wallet's keychain key (then `others`, in slot
 * order: a planting's mint key) and sends them through the relay, which checks each against its build
 * once more. Only after the review passed and the program guard holds.
 */
export async function signAndSend(deps: ReviewDeps, desk: DeskSigning, review: BuildReview, wallet: Address, others: () => readonly KeyPairSigner[] = () => []): Promise<{ buildId: string; signatures: string[] }> {
  if (!review.signable) throw new DeskError('refused', `not signed: the review does not pass (${reviewRefusals(review).join('; ')})`);
  await desk.guard.assertUnchanged();
  const keyPairs = [(await desk.wallets.signer(wallet)).keyPair, ...others().map((o) => o.keyPair)];
  const decoder = getTransactionDecoder();
  const encoder = getTransactionEncoder();
  const signed: Uint8Array[] = [];
  for (const t of review.build.transactions) signed.push(new Uint8Array(encoder.encode(await partiallySignTransaction(keyPairs, decoder.decode(t.wire)))));
  const result = await deps.relay.send(review.build.id, signed);
  return { buildId: result.buildId, signatures: [...result.signatures] };
}
