import { generateKeyPairSigner, lamports, type Address, type KeyPairSigner, type Signature } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendInstructions, trySendInstructions } from '../../core/sandbox/admin-transaction.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';

/**
 * A landed transaction's recorded pre- and post-balances are the accounts as they were just before and
 * just after it, however the state got there: the sandbox keeps what it last read of an account between
 * transactions, and these are the changes that must not be missed.
 */
describe('sandbox send records', () => {
  let sandbox: Sandbox;
  let payer: KeyPairSigner;
  let other: Address;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    payer = await generateKeyPairSigner();
    other = (await generateKeyPairSigner()).address;
    await sandbox.faucet.sol(payer.address, lamports(10_000_000_000n));
  });
  afterAll(() => sandbox?.close());

  const balance = (address: Address): bigint => sandbox.cluster.getAccount(address)?.lamports ?? 0n;
  const transfer = (amount: bigint): Promise<Signature> =>
    sendInstructions(sandbox.cluster, payer, [getTransferSolInstruction({ source: payer, destination: other, amount: lamports(amount) })]);
  /** Static keys of these transfers: payer, recipient, system program. */
  const balancesOf = (signature: Signature) => {
    const meta = sandbox.cluster.getTransaction(signature)!.meta;
    return { pre: meta.preBalances, post: meta.postBalances };
  };

  it('records each account as read just before and after, transfer after transfer', async () => {
    for (const amount of [2_000_000n, 3_000_000n, 4_000_000n]) {
      const before = [balance(payer.address), balance(other)];
      const { pre, post } = balancesOf(await transfer(amount));
      expect(pre.slice(0, 2)).toEqual(before);
      expect(post.slice(0, 2)).toEqual([balance(payer.address), balance(other)]);
      expect(post[1]! - pre[1]!).toBe(amount);
      // The system program is read-only in a transfer: as it was.
      expect(post[2]).toBe(pre[2]);
    }
  });

  it('sees a change made outside a transaction (a genesis funding) in the next pre-balances', async () => {
    await transfer(5_000_000n);
    sandbox.cluster.fundFromGenesis(other, lamports(777_000_000n));
    const { pre, post } = balancesOf(await transfer(1_000_000n));
    expect(pre[1]).toBe(777_000_000n);
    expect(post[1]).toBe(778_000_000n);
  });

  it('sees a new slot and a transaction that did not land without stale figures', async () => {
    await transfer(6_000_000n);
    sandbox.cluster.advanceSlots(1);
    // More than the payer holds: refused before executing, nothing recorded.
    const refused = await trySendInstructions(sandbox.cluster, payer, [getTransferSolInstruction({ source: payer, destination: other, amount: lamports(10n ** 15n) })]);
    const before = [balance(payer.address), balance(other)];
    const { pre } = balancesOf(await transfer(7_000_000n));
    expect(pre.slice(0, 2)).toEqual(before);
    if (refused.landed) {
      // Landed with its error (fee charged): its own record says so.
      expect(refused.err).not.toBeNull();
    }
  });
});
