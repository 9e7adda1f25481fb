import { Connection, Keypair, PublicKey, SendTransactionError, Transaction, TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const FEE = 5000;

/**
 * A transaction naming a program the sandbox does not hold, answered as a current Agave validator does:
 * preflight fails with the loader's error; sent without preflight it is committed "fees only" (SIMD-0082):
 * the fee is charged, nothing runs, and its status and record carry the error.
 */
describe('a transaction naming a program the sandbox does not hold', () => {
  let t: TestSandbox;
  let connection: Connection;
  let payer: Keypair;

  beforeAll(async () => {
    t = await startTestSandbox({ slotMs: 100 });
    connection = new Connection(t.facade.rpcUrl, 'confirmed');
    payer = Keypair.generate();
    const lifetime = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature: await connection.requestAirdrop(payer.publicKey, 1_000_000_000), ...lifetime });
  });
  afterAll(async () => t.close());

  /**
   * The error confirmTransaction reports: web3.js resolves with it when the signature notification comes
   * first, and rejects with it when its own status check finds the failed transaction first.
   */
  async function confirmedError(signature: string, lifetime: { blockhash: string; lastValidBlockHeight: number }): Promise<unknown> {
    const err = await connection.confirmTransaction({ signature, ...lifetime }, 'confirmed').then(({ value }) => value.err, (error: unknown) => error);
    // The early rejection may come while the transaction is only processed: wait for its slot to be confirmed.
    for (;;) {
      const { value } = await connection.getSignatureStatuses([signature]);
      if (value[0]?.confirmationStatus !== 'processed') return err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function naming(program: PublicKey) {
    const lifetime = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, ...lifetime }).add(new TransactionInstruction({ programId: program, keys: [], data: Buffer.from([1, 2, 3]) }));
    tx.sign(payer);
    return { wire: tx.serialize().toString('base64'), tx, lifetime };
  }

  it('fails preflight as a validator does: -32002, the loader\'s words, ProgramAccountNotFound in data', async () => {
    const { wire, tx } = await naming(Keypair.generate().publicKey);
    const answer = await t.rpc('sendTransaction', [wire, { encoding: 'base64' }]);
    expect(answer.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Attempt to load a program that does not exist',
      data: { err: 'ProgramAccountNotFound', logs: [], unitsConsumed: 0, accounts: null },
    });
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toBeInstanceOf(SendTransactionError);
    // Nothing was charged and nothing recorded.
    expect(await connection.getBalance(payer.publicKey, 'processed')).toBe(1_000_000_000);
  });

  it('answers simulateTransaction with the error', async () => {
    const { tx } = await naming(Keypair.generate().publicKey);
    const { value } = await connection.simulateTransaction(tx);
    expect(value.err).toBe('ProgramAccountNotFound');
    expect(value.logs).toEqual([]);
  });

  it('with skipPreflight, lands as a failed transaction with its fee charged, seen by statuses and getTransaction', async () => {
    const before = await connection.getBalance(payer.publicKey, 'processed');
    const { tx, lifetime } = await naming(Keypair.generate().publicKey);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const started = Date.now();
    expect(await confirmedError(signature, lifetime)).toBe('ProgramAccountNotFound');
    expect(Date.now() - started).toBeLessThan(5000);

    const { value: statuses } = await connection.getSignatureStatuses([signature]);
    expect(statuses[0]).toMatchObject({ err: 'ProgramAccountNotFound' });
    const record = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(record!.meta).toMatchObject({ err: 'ProgramAccountNotFound', fee: FEE, logMessages: [], computeUnitsConsumed: 0 });
    expect(record!.meta!.preBalances[0]! - record!.meta!.postBalances[0]!).toBe(FEE);
    expect(await connection.getBalance(payer.publicKey, 'processed')).toBe(before - FEE);

    // The same signature again is a duplicate, not a second charge.
    const again = await t.rpc('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64', skipPreflight: true }]);
    expect(again.result).toBe(signature);
    expect(await connection.getBalance(payer.publicKey, 'processed')).toBe(before - FEE);
  });

  it('tells a missing program from an account no loader owns (InvalidProgramForExecution), also fees only', async () => {
    const plain = Keypair.generate().publicKey;
    const lifetime = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature: await connection.requestAirdrop(plain, 1_000_000), ...lifetime });
    const { wire } = await naming(plain);
    const preflight = await t.rpc('sendTransaction', [wire, { encoding: 'base64' }]);
    expect(preflight.error).toMatchObject({ code: -32002, data: { err: 'InvalidProgramForExecution' } });
    const before = await connection.getBalance(payer.publicKey, 'processed');
    const sent = await t.rpc('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }]);
    expect(await confirmedError(sent.result, lifetime)).toBe('InvalidProgramForExecution');
    expect(await connection.getBalance(payer.publicKey, 'processed')).toBe(before - FEE);
  });

  it('still refuses, without recording, a fee payer that cannot pay', async () => {
    const broke = Keypair.generate();
    const lifetime = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: broke.publicKey, ...lifetime }).add(new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.alloc(0) }));
    tx.sign(broke);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const { value } = await connection.getSignatureStatuses([signature]);
    expect(value[0]).toBeNull();
  });
});
