import type { Signature } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { isDeskError } from '../errors.js';
import type { BuildJson } from './api-types.js';
import { LaunchdeskError } from './client-error.js';
import type { V1Client } from './v1-client.js';

/** Where signed transactions go: the API's relay (it checks them against the build again), or the caller's own RPC. */
export type SendRoute = 'relay' | 'rpc';

/** The relay: one call; it checks, sends and confirms each transaction in order and answers their signatures. */
export async function sendThroughRelay(client: V1Client, build: BuildJson, signed: readonly string[]): Promise<Signature[]> {
  return (await client.send(build.buildId, signed)).signatures as Signature[];
}

/**
 * The caller's own RPC (spec "POST /v1/tx/send" 5): in order, each after the previous has landed. A
 * transaction that lands with an error stops the rest; an expired blockhash is `refused` with words that
 * say to build again (the flows do).
 */
export async function sendThroughRpc(chain: Chain, build: BuildJson, signed: readonly string[], onSent?: (signature: Signature, index: number) => void): Promise<Signature[]> {
  const signatures: Signature[] = [];
  for (const [i, text] of signed.entries()) {
    const entry = build.transactions[i]!;
    try {
      const signature = await chain.send(new Uint8Array(Buffer.from(text, 'base64')));
      onSent?.(signature, i);
      const status = await chain.confirm(signature, { lastValidBlockHeight: BigInt(entry.lastValidBlockHeight), commitment: 'confirmed' });
      if (status.err) throw new LaunchdeskError('simulation_failed', `transaction ${i + 1} (${signature}) landed with an error: ${JSON.stringify(status.err)}; only its fee was taken`, null);
      signatures.push(signature);
    } catch (error) {
      if (error instanceof LaunchdeskError) throw error;
      if (isDeskError(error, 'blockhash_expired')) throw new LaunchdeskError('refused', `transaction ${i + 1}'s blockhash expired before it landed: build again`, null);
      throw new LaunchdeskError('unavailable', `transaction ${i + 1} could not be sent through your RPC: ${(error as Error).message}`, null);
    }
  }
  return signatures;
}
