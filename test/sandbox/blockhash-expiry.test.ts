import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import type { LatestBlockhash } from '../../core/chain/types.js';
import { isDeskError } from '../../core/errors.js';
import { DEFAULT_BLOCKHASH_LIFE_BLOCKS } from '../../core/sandbox/cluster.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

/** The clock is stopped (slotMs 0) and moved by hand, so that 90 s of slots pass in a moment. */
describe('blockhash lifetime in the sandbox', () => {
  let t: TestSandbox;
  let payer: KeyPairSigner;

  beforeAll(async () => {
    t = await startTestSandbox({ slotMs: 0 });
    payer = await generateKeyPairSigner();
    await t.sandbox.faucet.sol(payer.address, lamports(10_000_000_000n));
  });
  afterAll(async () => t.close());

  async function transfer(lifetime: LatestBlockhash, amount = 1_000_000n) {
    const to = await generateKeyPairSigner();
    return signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: to.address, amount })], m),
      ),
    );
  }

  it('reports an honest lastValidBlockHeight: 225 blocks (90 s of 400 ms slots) past the current height', async () => {
    const { result } = await t.rpc('getLatestBlockhash', [{ commitment: 'processed' }]);
    const height = (await t.rpc('getBlockHeight', [{ commitment: 'processed' }])).result;
    expect(BigInt(result.value.lastValidBlockHeight) - BigInt(height)).toBe(DEFAULT_BLOCKHASH_LIFE_BLOCKS);
    expect(DEFAULT_BLOCKHASH_LIFE_BLOCKS * 400n).toBe(90_000n);
  });

  it('accepts an older blockhash still inside its window, as a validator does', async () => {
    const old = t.sandbox.cluster.latestBlockhash();
    t.sandbox.cluster.advanceSlots(100);
    expect((await t.rpc('isBlockhashValid', [old.blockhash])).result.value).toBe(true);
    const tx = await transfer(old);
    const sent = await t.rpc('sendTransaction', [getBase64EncodedWireTransaction(tx), { encoding: 'base64' }]);
    expect(sent.error).toBeUndefined();
    expect(sent.result).toBe(getSignatureFromTransaction(tx));
  });

  it('refuses an expired blockhash with the validator\'s preflight error, and keeps serving', async () => {
    const old = t.sandbox.cluster.latestBlockhash();
    t.sandbox.cluster.advanceSlots(Number(DEFAULT_BLOCKHASH_LIFE_BLOCKS) + 1);
    expect((await t.rpc('isBlockhashValid', [old.blockhash])).result.value).toBe(false);
    const before = t.sandbox.cluster.getAccount(payer.address)!.lamports;
    const tx = await transfer(old);
    const sent = await t.rpc('sendTransaction', [getBase64EncodedWireTransaction(tx), { encoding: 'base64' }]);
    expect(sent.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Blockhash not found' });
    expect(sent.error!.data.err).toBe('BlockhashNotFound');
    // Nothing charged, nothing recorded.
    expect(t.sandbox.cluster.getAccount(payer.address)!.lamports).toBe(before);
    expect((await t.rpc('getSignatureStatuses', [[getSignatureFromTransaction(tx)]])).result.value).toEqual([null]);
    expect((await t.rpc('getHealth')).result).toBe('ok');
  });

  it('with skipPreflight answers the signature but the transaction never lands, and confirm() says it expired', async () => {
    const old = t.sandbox.cluster.latestBlockhash();
    t.sandbox.cluster.advanceSlots(Number(DEFAULT_BLOCKHASH_LIFE_BLOCKS) + 1);
    const tx = await transfer(old);
    const signature = getSignatureFromTransaction(tx);
    const sent = await t.rpc('sendTransaction', [getBase64EncodedWireTransaction(tx), { encoding: 'base64', skipPreflight: true }]);
    expect(sent.result).toBe(signature);
    expect(t.sandbox.cluster.signatureStatus(signature)).toBeNull();

    const chain = new SandboxChain(t.sandbox.cluster);
    const error = await chain.confirm(signature, { lastValidBlockHeight: old.lastValidBlockHeight }).catch((e: unknown) => e);
    expect(isDeskError(error, 'blockhash_expired')).toBe(true);
    await expect(chain.send(new Uint8Array(getTransactionEncoder().encode(tx)))).rejects.toMatchObject({ code: 'blockhash_expired' });
  });

  it('refuses a duplicate of a landed transaction as AlreadyProcessed', async () => {
    const tx = await transfer(t.sandbox.cluster.latestBlockhash(), 5n * 1_000_000n);
    const wire = getBase64EncodedWireTransaction(tx);
    expect((await t.rpc('sendTransaction', [wire, { encoding: 'base64' }])).error).toBeUndefined();
    const again = await t.rpc('sendTransaction', [wire, { encoding: 'base64' }]);
    expect(again.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: This transaction has already been processed' });
  });
});
