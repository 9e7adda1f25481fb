import { getTransactionDecoder, getTransactionEncoder, signTransaction, type KeyPairSigner, type Transaction } from '@solana/kit';
import { expect } from 'vitest';
import { call, type Answer, type ApiFixture } from '../api/api-fixture.js';

/** What a bot does with a build answer: decode each transaction, sign it with its own keypairs, base64 it. */
export async function signAnswer(answer: Answer, signers: readonly KeyPairSigner[]): Promise<string[]> {
  const transactions = answer.body['transactions'] as { transaction: string; signers: string[] }[];
  const out: string[] = [];
  for (const entry of transactions) {
    const tx = getTransactionDecoder().decode(new Uint8Array(Buffer.from(entry.transaction, 'base64'))) as Transaction;
    const keys = entry.signers.map((address) => signers.find((s) => s.address === address)!.keyPair);
    const signed = await signTransaction(keys, tx);
    out.push(Buffer.from(getTransactionEncoder().encode(signed)).toString('base64'));
  }
  return out;
}

/** POST a build request, expect 200; answers the build. */
export async function build(f: ApiFixture, path: string, body: Record<string, unknown>): Promise<Answer> {
  f.clock += 61_000; // past the builds group's window: these tests are not about rate limits
  const answer = await call(f, 'POST', path, { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

/** Signs and relays a build; expects it sent and answers the signatures. */
export async function signAndSend(f: ApiFixture, answer: Answer, signers: readonly KeyPairSigner[]): Promise<string[]> {
  const sent = await relay(f, answer.body['buildId'] as string, await signAnswer(answer, signers));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body['signatures'] as string[];
}

/**
 * POST /v1/tx/send while the sandbox's clock runs (its tests stop it): the relay confirms each
 * transaction, which takes the next slot, as on a live cluster.
 */
export async function relay(f: ApiFixture, buildId: string, signed: readonly string[]): Promise<Answer> {
  f.clock += 61_000; // past the relay group's window
  const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  try {
    return await call(f, 'POST', '/v1/tx/send', { body: { buildId, signed } });
  } finally {
    clearInterval(ticker);
  }
}
