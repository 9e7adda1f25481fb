import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

/** The facade as `@solana/kit` sees it: every call below goes over real HTTP and WebSocket. */
describe('sandbox RPC facade with @solana/kit', () => {
  let t: TestSandbox;
  let rpc: ReturnType<typeof createSolanaRpc<`http://${string}`>>;
  let subs: ReturnType<typeof createSolanaRpcSubscriptions>;
  let alice: KeyPairSigner;
  let bob: KeyPairSigner;

  beforeAll(async () => {
    t = await startTestSandbox({ slotMs: 100 });
    rpc = createSolanaRpc(t.facade.rpcUrl as `http://${string}`);
    subs = createSolanaRpcSubscriptions(t.facade.wsUrl);
    alice = await generateKeyPairSigner();
    bob = await generateKeyPairSigner();
  });
  afterAll(async () => t.close());

  /**
   * Waits for signatureSubscribe's notification. The transfer tests subscribe before sending, so the
   * notification path itself is what they wait on.
   */
  async function confirmedBySubscription(signature: ReturnType<typeof getSignatureFromTransaction>) {
    const abort = new AbortController();
    const notifications = await subs.signatureNotifications(signature, { commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal });
    for await (const n of notifications) {
      abort.abort();
      return n;
    }
    throw new Error('subscription ended without a notification');
  }

  async function transferTx(from: KeyPairSigner, to: Address, amount: bigint) {
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to, amount })], m),
    );
    return signTransactionMessageWithSigners(message);
  }

  it('airdrops SOL and reports the balance', async () => {
    const signature = await rpc.requestAirdrop(alice.address, lamports(5_000_000_000n)).send();
    const note = await confirmedBySubscription(signature);
    expect(note.value.err).toBeNull();
    const { value } = await rpc.getBalance(alice.address, { commitment: 'confirmed' }).send();
    expect(value).toBe(5_000_000_000n);
  });

  it('sends a signed transfer, confirms it through signatureSubscribe and reads it back', async () => {
    const tx = await transferTx(alice, bob.address, 1_000_000_000n);
    const signature = getSignatureFromTransaction(tx);
    const confirmation = confirmedBySubscription(signature);
    expect(await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send()).toBe(signature);
    expect((await confirmation).value.err).toBeNull();

    const fetched = await rpc.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    expect(fetched).not.toBeNull();
    const meta = fetched!.meta!;
    expect(meta.err).toBeNull();
    expect(meta.fee).toBe(5000n);
    expect(meta.logMessages).toContain('Program 11111111111111111111111111111111 success');
    const keys = fetched!.transaction.message.accountKeys;
    const a = keys.indexOf(alice.address);
    const b = keys.indexOf(bob.address);
    expect(meta.preBalances[a]! - meta.postBalances[a]!).toBe(1_000_005_000n);
    expect(meta.postBalances[b]! - meta.preBalances[b]!).toBe(1_000_000_000n);
    expect(meta.preTokenBalances).toEqual([]);
    expect(fetched!.version).toBe(0);
    expect(fetched!.transaction.signatures[0]).toBe(signature);

    const { value: status } = await rpc.getSignatureStatuses([signature]).send();
    expect(status[0]?.confirmationStatus).toMatch(/confirmed|finalized/);
  });

  it('creates a Token-2022 account and a ZEC account funded by the faucet, and lists them by owner', async () => {
    const { zec, native } = t.sandbox.profile.mints;
    expect(native.tokenProgram).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    const [nativeAta] = await findAssociatedTokenPda({ mint: native.address, owner: bob.address, tokenProgram: native.tokenProgram });
    const { value: latest } = await rpc.getLatestBlockhash().send();
    const create = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(bob, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getCreateAssociatedTokenIdempotentInstruction({ payer: bob, ata: nativeAta, owner: bob.address, mint: native.address, tokenProgram: native.tokenProgram })],
            m,
          ),
      ),
    );
    const created = getSignatureFromTransaction(create);
    const confirmation = confirmedBySubscription(created);
    await rpc.sendTransaction(getBase64EncodedWireTransaction(create), { encoding: 'base64' }).send();
    expect((await confirmation).value.err).toBeNull();

    // Fund the new Token-2022 account and a ZEC account from the faucet (sandbox-only method).
    const native1 = await t.rpc('requestTokenAirdrop', [bob.address, 2_500_000, { token: 'native' }]);
    const zec1 = await t.rpc('requestTokenAirdrop', [bob.address, 150_000_000, { token: 'zec' }]);
    expect(native1.error).toBeUndefined();
    expect(zec1.error).toBeUndefined();
    await confirmedBySubscription(zec1.result);

    const { value: zecBalance } = await rpc.getTokenAccountBalance((await findAssociatedTokenPda({ mint: zec.address, owner: bob.address, tokenProgram: zec.tokenProgram }))[0]).send();
    expect(zecBalance).toMatchObject({ amount: '150000000', decimals: 8, uiAmountString: '1.5' });

    const { value: token2022 } = await rpc.getTokenAccountsByOwner(bob.address, { programId: native.tokenProgram }, { encoding: 'jsonParsed' }).send();
    expect(token2022).toHaveLength(1);
    expect(token2022[0]!.pubkey).toBe(nativeAta);
    const parsed = token2022[0]!.account.data as any;
    expect(parsed.program).toBe('spl-token-2022');
    expect(parsed.parsed.info.tokenAmount).toMatchObject({ amount: '2500000', decimals: 6, uiAmountString: '2.5' });

    const { value: byMint } = await rpc.getTokenAccountsByOwner(bob.address, { mint: zec.address }, { encoding: 'base64' }).send();
    expect(byMint).toHaveLength(1);

    // The faucet's mint transaction carries token balances in its meta.
    const mintTx = await rpc.getTransaction(zec1.result, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    const post = mintTx!.meta!.postTokenBalances!.find((b) => b.owner === bob.address);
    expect(post?.uiTokenAmount.amount).toBe('150000000');
    expect(post?.mint).toBe(zec.address);
  });

  it('simulates a transaction with logs and units consumed, without changing state', async () => {
    const before = (await rpc.getBalance(bob.address).send()).value;
    const tx = await transferTx(bob, alice.address, 1234n);
    const { value } = await rpc.simulateTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64', sigVerify: true }).send();
    expect(value.err).toBeNull();
    expect(value.logs).toContain('Program 11111111111111111111111111111111 success');
    expect(value.unitsConsumed).toBeGreaterThan(0n);
    expect((await rpc.getBalance(bob.address).send()).value).toBe(before);
  });

  it('answers getProgramAccounts with dataSize and memcmp filters', async () => {
    const { zec } = t.sandbox.profile.mints;
    const list = await rpc
      .getProgramAccounts(zec.tokenProgram, {
        encoding: 'base64',
        filters: [{ dataSize: 165n }, { memcmp: { offset: 32n, bytes: bob.address as any, encoding: 'base58' } }],
      })
      .send();
    expect(list).toHaveLength(1);
    const mints = await rpc.getProgramAccounts(zec.tokenProgram, { encoding: 'base64', filters: [{ dataSize: 82n }] }).send();
    expect(mints.map((m) => m.pubkey)).toContain(zec.address);

    // Token-2022 by mint (accounts with extensions have no one size: the mint at offset 0 picks them), and
    // the mint's largest accounts, as a validator answers both.
    const { native } = t.sandbox.profile.mints;
    const [bobNative] = await findAssociatedTokenPda({ mint: native.address, owner: bob.address, tokenProgram: native.tokenProgram });
    const byMint = await rpc.getProgramAccounts(native.tokenProgram, { encoding: 'base64', filters: [{ memcmp: { offset: 0n, bytes: native.address as any, encoding: 'base58' } }] }).send();
    expect(byMint.map((a) => a.pubkey)).toContain(bobNative);
    const { value: largest } = await rpc.getTokenLargestAccounts(native.address).send();
    expect(largest.length).toBeGreaterThan(0);
    expect(largest.length).toBeLessThanOrEqual(20);
    const amounts = largest.map((a) => BigInt(a.amount));
    expect([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(amounts);
    expect(largest.find((a) => a.address === bobNative)).toMatchObject({ amount: '2500000', decimals: 6, uiAmountString: '2.5' });
    const refused = await t.rpc('getTokenLargestAccounts', [bob.address]);
    expect(refused.error?.message).toBe('Invalid param: not a Token mint');
  });

  it('notifies accountSubscribe and logsSubscribe', async () => {
    const abort = new AbortController();
    const accountNotes = await subs.accountNotifications(bob.address, { commitment: 'confirmed', encoding: 'base64' }).subscribe({ abortSignal: abort.signal });
    const logNotes = await subs.logsNotifications({ mentions: [bob.address] }, { commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal });
    const first = async <T,>(iterable: AsyncIterable<T>): Promise<T> => {
      for await (const n of iterable) return n;
      throw new Error('no notification');
    };
    // Start reading both streams before the transaction, so neither notification can be missed.
    const pending = Promise.all([first(accountNotes), first(logNotes)]);
    const tx = await transferTx(alice, bob.address, 777n);
    await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send();
    const [account, log] = await pending;
    abort.abort();
    expect(account!.value!.lamports).toBe((await rpc.getBalance(bob.address).send()).value);
    expect(log!.value.signature).toBe(getSignatureFromTransaction(tx));
    expect(log!.value.logs.length).toBeGreaterThan(0);
  });
});
