import { rmSync } from 'node:fs';
import { AccountRole, generateKeyPairSigner, lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { Connection, Keypair, PublicKey, Transaction, TransactionInstruction, type TransactionSignature } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trySendInstructions } from '../../core/sandbox/admin-transaction.js';
import { SPL_MEMO } from '../../core/sandbox/genesis/live-addresses.js';
import { deployUpgradeable } from '../../core/sandbox/program-deploy.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { programBytes } from '../helpers/programs.js';
import { startTestSandbox, tempDir, type TestSandbox } from '../helpers/sandbox.js';

const MEMO = new PublicKey(SPL_MEMO.v2.address);
const MEMO_V1 = new PublicKey(SPL_MEMO.v1.address);

/** A memo instruction as a wallet builds it (no client library: the data is the text, every account a signer). */
function memoInstruction(data: Uint8Array | string, signers: readonly PublicKey[], program = MEMO): TransactionInstruction {
  return new TransactionInstruction({
    programId: program,
    keys: signers.map((pubkey) => ({ pubkey, isSigner: true, isWritable: false })),
    data: Buffer.from(data),
  });
}

/** The SPL Memo program in the sandbox, over the JSON-RPC facade as a wallet would use it. */
describe('SPL Memo in the sandbox', () => {
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

  async function signed(instructions: TransactionInstruction[], signers: Keypair[] = [payer]) {
    const lifetime = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, ...lifetime }).add(...instructions);
    tx.sign(...signers);
    return { tx, lifetime };
  }

  async function landedLogs(signature: TransactionSignature, lifetime: { blockhash: string; lastValidBlockHeight: number }): Promise<string[]> {
    expect((await connection.confirmTransaction({ signature, ...lifetime }, 'confirmed')).value.err).toBeNull();
    const record = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    return record!.meta!.logMessages!;
  }

  it('sits at the live address under BPF loader 2, built from programs/memo, named in the profile', () => {
    const account = t.sandbox.cluster.getAccount(SPL_MEMO.v2.address)!;
    expect(account.owner).toBe(SPL_MEMO.v2.loader);
    expect(account.executable).toBe(true);
    expect(account.data).toEqual(programBytes('memo'));
    expect(t.sandbox.profile.programs['memo']).toBe(SPL_MEMO.v2.address);
    // v1 is SPL Memo 1.0.0 under BPF loader 1, as on mainnet.
    expect(t.sandbox.cluster.getAccount(SPL_MEMO.v1.address)?.owner).toBe(SPL_MEMO.v1.loader);
  });

  it('lands a memo and logs its signers and its text as the live program does', async () => {
    const cosigner = Keypair.generate();
    const text = 'gm "desk" ✓\n';
    const { tx, lifetime } = await signed([memoInstruction(text, [payer.publicKey, cosigner.publicKey])], [payer, cosigner]);
    const logs = await landedLogs(await connection.sendRawTransaction(tx.serialize()), lifetime);
    expect(logs).toEqual([
      `Program ${MEMO.toBase58()} invoke [1]`,
      `Program log: Signed by ${payer.publicKey.toBase58()}`,
      `Program log: Signed by ${cosigner.publicKey.toBase58()}`,
      `Program log: Memo (len ${Buffer.byteLength(text)}): "gm \\"desk\\" ✓\\n"`,
      expect.stringMatching(new RegExp(`^Program ${MEMO.toBase58()} consumed \\d+ of \\d+ compute units$`)),
      `Program ${MEMO.toBase58()} success`,
    ]);
  });

  it('writes the text as Rust writes a str: escapes for controls, combining marks and variation selectors', async () => {
    const text = "it's \\ fine\t\u0000 e\u0301 \u2764\uFE0F 🦓";
    const { tx, lifetime } = await signed([memoInstruction(text, [])]);
    const logs = await landedLogs(await connection.sendRawTransaction(tx.serialize()), lifetime);
    expect(logs).toContain(`Program log: Memo (len ${Buffer.byteLength(text)}): "it's \\\\ fine\\t\\0 e\\u{301} \u2764\\u{fe0f} 🦓"`);
    expect(logs.some((line) => line.includes('Signed by'))).toBe(false);
  });

  it('refuses data that is not UTF-8 with InvalidInstructionData, naming the byte', async () => {
    const { tx } = await signed([memoInstruction(new Uint8Array([0x61, 0x62, 0x63, 0xf0, 0x28, 0x8c, 0x28]), [payer.publicKey])]);
    const answer = await t.rpc('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }]);
    expect(answer.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Error processing Instruction 0: invalid instruction data',
      data: { err: { InstructionError: [0, 'InvalidInstructionData'] } },
    });
    expect(answer.error!.data.logs).toContain('Program log: Invalid UTF-8, from byte 3');
    // Overlong forms and surrogates are not UTF-8 either.
    for (const bytes of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]) {
      const { tx: bad } = await signed([memoInstruction(new Uint8Array([0x7a, ...bytes]), [])]);
      const { value } = await connection.simulateTransaction(bad);
      expect(value.err, bytes.join(',')).toEqual({ InstructionError: [0, 'InvalidInstructionData'] });
      expect(value.logs).toContain('Program log: Invalid UTF-8, from byte 1');
    }
  });

  it('refuses an account that did not sign with MissingRequiredSignature', async () => {
    const bystander = Keypair.generate().publicKey;
    const instruction = memoInstruction('hello', [payer.publicKey]);
    instruction.keys.push({ pubkey: bystander, isSigner: false, isWritable: false });
    const { tx } = await signed([instruction]);
    const { value } = await connection.simulateTransaction(tx);
    expect(value.err).toEqual({ InstructionError: [0, 'MissingRequiredSignature'] });
    expect(value.logs).toContain(`Program log: Signed by ${payer.publicKey.toBase58()}`);
    expect(value.logs!.some((line) => line.startsWith('Program log: Memo'))).toBe(false);
  });

  it('lands a memo beside a transfer, and one to Memo v1', async () => {
    const { tx, lifetime } = await signed([memoInstruction('v1 memo', [payer.publicKey], MEMO_V1), memoInstruction('paid', [payer.publicKey])]);
    const logs = await landedLogs(await connection.sendRawTransaction(tx.serialize()), lifetime);
    expect(logs).toContain(`Program ${MEMO_V1.toBase58()} success`);
    expect(logs).toContain('Program log: Memo (len 4): "paid"');
  });
});

describe('SPL Memo program binary', () => {
  let sandbox: Sandbox;
  let payer: KeyPairSigner;
  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    payer = await generateKeyPairSigner();
    await sandbox.faucet.sol(payer.address, lamports(10_000_000_000n));
  });
  afterAll(() => sandbox.close());

  /** A memo instruction built by hand with @solana/kit, each signer listed as many times as given. */
  const kitMemo = (program: Address, text: string, signers: readonly KeyPairSigner[]): Instruction =>
    ({ programAddress: program, accounts: signers.map((signer) => ({ address: signer.address, role: AccountRole.READONLY_SIGNER, signer })), data: new TextEncoder().encode(text) }) as Instruction;

  it('passes the upgradeable loader\'s deploy checks and runs there the same (a kit instruction)', async () => {
    const { program } = await deployUpgradeable(sandbox.cluster, payer, programBytes('memo'));
    sandbox.cluster.advanceSlots(1);
    // The same signer twice reaches the program as a duplicate account: logged twice, as the live program does.
    const outcome = await trySendInstructions(sandbox.cluster, payer, [kitMemo(program, 'deployed', [payer, payer])]);
    expect(outcome.err).toBeNull();
    expect(outcome.logs.filter((line) => line === `Program log: Signed by ${payer.address}`)).toHaveLength(2);
    expect(outcome.logs).toContain('Program log: Memo (len 8): "deployed"');
  });

  it('replaces LiteSVM\'s copy in a sandbox made before the memo step', async () => {
    const dataDir = tempDir();
    const old = await Sandbox.open({ dataDir, slotMs: 0, genesisUpTo: 10 });
    const before = old.cluster.getAccount(SPL_MEMO.v2.address)!;
    expect(before.data).not.toEqual(programBytes('memo'));
    expect(old.profile.programs['memo']).toBeUndefined();
    old.close();
    const upgraded = await Sandbox.open({ dataDir, slotMs: 0 });
    try {
      expect(upgraded.profile.programs['memo']).toBe(SPL_MEMO.v2.address);
      const signer = await generateKeyPairSigner();
      await upgraded.faucet.sol(signer.address, lamports(1_000_000_000n));
      const outcome = await trySendInstructions(upgraded.cluster, signer, [kitMemo(SPL_MEMO.v2.address, 'upgraded', [signer])]);
      expect(outcome.logs).toEqual(expect.arrayContaining([`Program log: Signed by ${signer.address}`, 'Program log: Memo (len 8): "upgraded"']));
    } finally {
      upgraded.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
