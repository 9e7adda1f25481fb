import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
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
import type { Chain } from '../../core/chain/chain.js';
import { RpcChain } from '../../core/chain/rpc-chain.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import type { LogNotice } from '../../core/chain/types.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const encoder = getTransactionEncoder();

/**
 * One contract, two implementations: the in-process sandbox chain and the JSON-RPC chain (here against
 * the sandbox's own facade, over real HTTP and WebSocket) must answer the same way.
 */
describe.each(['sandbox', 'rpc'] as const)('Chain contract: %s', (kind) => {
  let t: TestSandbox;
  let chain: Chain;
  let payer: KeyPairSigner;

  beforeAll(async () => {
    t = await startTestSandbox({ slotMs: 100 });
    chain = kind === 'sandbox' ? new SandboxChain(t.sandbox.cluster) : new RpcChain(t.facade.rpcUrl, t.facade.wsUrl);
    payer = await generateKeyPairSigner();
    await t.sandbox.faucet.sol(payer.address, lamports(20_000_000_000n));
  });
  afterAll(async () => {
    await chain.close();
    await t.close();
  });

  async function transfer(amount: bigint, to?: KeyPairSigner) {
    const recipient = to ?? (await generateKeyPairSigner());
    const latest = await chain.getLatestBlockhash();
    const tx = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: recipient.address, amount })], m),
      ),
    );
    return { wire: new Uint8Array(encoder.encode(tx)), signature: getSignatureFromTransaction(tx), recipient, latest };
  }

  it('reads accounts, balances and the clock', async () => {
    const account = await chain.getAccount(payer.address);
    expect(account?.lamports).toBe(20_000_000_000n);
    expect(account?.owner).toBe('11111111111111111111111111111111');
    expect(await chain.getBalance(payer.address)).toBe(20_000_000_000n);
    const [missing, zecMint] = await chain.getAccounts([(await generateKeyPairSigner()).address, t.sandbox.profile.mints.zec.address]);
    expect(missing).toBeNull();
    expect(zecMint?.data[44]).toBe(8);
    const latest = await chain.getLatestBlockhash();
    expect(latest.lastValidBlockHeight).toBeGreaterThan(await chain.getBlockHeight());
    expect(await chain.getSlot('processed')).toBeGreaterThanOrEqual(await chain.getSlot('finalized'));
  });

  it('simulates without sending, sends, confirms and looks the transaction up', async () => {
    const { wire, signature, recipient, latest } = await transfer(1_000_000_000n);
    const simulation = await chain.simulate(wire, { sigVerify: true });
    expect(simulation.err).toBeNull();
    expect(simulation.unitsConsumed).toBeGreaterThan(0n);
    expect(await chain.getSignatureStatus(signature)).toBeNull();

    expect(await chain.send(wire)).toBe(signature);
    const status = await chain.confirm(signature, { lastValidBlockHeight: latest.lastValidBlockHeight, timeoutMs: 10_000 });
    expect(status.err).toBeNull();
    expect(['confirmed', 'finalized']).toContain(status.confirmationStatus);

    const tx = await chain.getTransaction(signature);
    expect(tx?.signature).toBe(signature);
    expect(tx?.wire).toEqual(wire);
    expect(tx?.meta.fee).toBe(5000n);
    expect(tx!.meta.preBalances[0]! - tx!.meta.postBalances[0]!).toBe(1_000_005_000n);
    expect(tx?.meta.logMessages.length).toBeGreaterThan(0);
    expect(await chain.getBalance(recipient.address)).toBe(1_000_000_000n);

    const history = await chain.getSignaturesForAddress(recipient.address);
    expect(history.map((h) => h.signature)).toEqual([signature]);
  });

  it('refuses a failing transaction at preflight with the program\'s logs, and lands it with skipPreflight', async () => {
    const { wire, signature, latest } = await transfer(10n ** 15n);
    const error = await chain.send(wire).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'refused' });
    expect((error as Error).message).toMatch(/custom program error: 0x1/);
    expect(await chain.send(wire, { skipPreflight: true })).toBe(signature);
    const status = await chain.confirm(signature, { lastValidBlockHeight: latest.lastValidBlockHeight, timeoutMs: 10_000 });
    expect(status.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect((await chain.getTransaction(signature))?.meta.fee).toBe(5000n);
  });

  it('notifies logs, account changes and slots', async () => {
    const recipient = await generateKeyPairSigner();
    const logs = new Promise<LogNotice>((resolve) => {
      const stop = chain.onLogs({ mentions: recipient.address }, (notice) => {
        stop();
        resolve(notice);
      });
    });
    const account = new Promise<bigint | undefined>((resolve) => {
      const stop = chain.onAccount(recipient.address, (a) => {
        stop();
        resolve(a?.lamports);
      });
    });
    const slot = new Promise<bigint>((resolve) => {
      const stop = chain.onSlot((s) => {
        stop();
        resolve(s);
      });
    });
    // Give the WebSocket subscriptions a moment to be acknowledged before the transaction.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { wire, signature } = await transfer(2_000_000_000n, recipient);
    await chain.send(wire);
    expect((await logs).signature).toBe(signature);
    expect(await account).toBe(2_000_000_000n);
    expect(await slot).toBeGreaterThan(0n);
  });

  it('filters program accounts', async () => {
    const mints = await chain.getProgramAccounts(t.sandbox.profile.mints.zec.tokenProgram, [{ dataSize: 82n }]);
    expect(mints.map((m) => m.address)).toContain(t.sandbox.profile.mints.zec.address);
  });
});
