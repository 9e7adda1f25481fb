import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createSolanaRpc, generateKeyPairSigner, lamports, type Address, type Signature } from '@solana/kit';
import { Keypair, Transaction, TransactionInstruction } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { startTestSandbox, tempDir } from '../helpers/sandbox.js';
import { launchdeskArgs } from '../helpers/child-js.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('sandbox persistence', () => {
  it('keeps balances, token balances, history and addresses across a stop and start', async () => {
    const first = await startTestSandbox({ slotMs: 50 });
    dirs.push(first.dataDir);
    const wallet = await generateKeyPairSigner();
    const solSig = await first.sandbox.faucet.sol(wallet.address, lamports(3_000_000_000n));
    const zecSig = (await first.rpc('requestTokenAirdrop', [wallet.address, 42_00000000, { token: 'zec' }])).result as Signature;
    const profileBefore = first.sandbox.profile;
    const slotBefore = first.sandbox.cluster.slot;
    await first.close({ keepData: true });

    const second = await startTestSandbox({ dataDir: first.dataDir, slotMs: 50 });
    try {
      expect(second.sandbox.profile.mints).toEqual(profileBefore.mints);
      expect(second.sandbox.profile.accounts).toEqual(profileBefore.accounts);
      expect(second.sandbox.cluster.slot).toBeGreaterThanOrEqual(slotBefore);
      const rpc = createSolanaRpc(second.facade.rpcUrl as `http://${string}`);
      expect((await rpc.getBalance(wallet.address).send()).value).toBe(3_000_000_000n);
      const { value: tokens } = await rpc.getTokenAccountsByOwner(wallet.address, { mint: profileBefore.mints.zec.address }, { encoding: 'jsonParsed' }).send();
      expect((tokens[0]!.account.data as any).parsed.info.tokenAmount.amount).toBe('4200000000');
      for (const signature of [solSig, zecSig]) {
        const tx = await rpc.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
        expect(tx?.meta?.err).toBeNull();
      }
      const history = await rpc.getSignaturesForAddress(wallet.address, { commitment: 'confirmed' }).send();
      expect(history.map((h) => h.signature)).toEqual([zecSig, solSig]);
    } finally {
      await second.close();
    }
  });

  it('makes a data directory that does not exist yet (a first run), nested ones included', async () => {
    const parent = tempDir();
    const dir = `${parent}/not/yet/there`;
    const sandbox = await Sandbox.open({ dataDir: dir, slotMs: 0 });
    try {
      expect(sandbox.cluster.dataDir).toBe(dir);
    } finally {
      sandbox.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses a second process on the same data dir with a message naming the owner', { timeout: 150_000 }, async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, launchdeskArgs(['sandbox', '--data', dataDir, '--rpc-port', '0']), { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await urlOf(child);
      await expect(Sandbox.open({ dataDir })).rejects.toThrow(/already running \(pid \d+, RPC http:\/\/127\.0\.0\.1:\d+\)/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  it('loses nothing when the process is killed without a chance to save (the ledger is replayed)', { timeout: 150_000 }, async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, launchdeskArgs(['sandbox', '--data', dataDir, '--rpc-port', '0']), { stdio: ['ignore', 'pipe', 'pipe'] });
    const rpcUrl = await urlOf(child);
    const call = async (method: string, params: unknown[]) => {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
      return ((await response.json()) as { result: any }).result;
    };
    const wallets: Address[] = [];
    const signatures: string[] = [];
    for (let i = 0; i < 20; i++) {
      const wallet = (await generateKeyPairSigner()).address;
      wallets.push(wallet);
      signatures.push(await call('requestAirdrop', [wallet, 1_000_000_000 + i]));
    }
    // A transaction naming a program that is not there lands "fees only": replayed, it charges its fee again.
    const payer = Keypair.generate();
    await call('requestAirdrop', [payer.publicKey.toBase58(), 1_000_000_000]);
    const { value: lifetime } = await call('getLatestBlockhash', [{ commitment: 'processed' }]);
    const feesOnly = new Transaction({ feePayer: payer.publicKey, blockhash: lifetime.blockhash, lastValidBlockHeight: lifetime.lastValidBlockHeight });
    feesOnly.add(new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from([1]) })).sign(payer);
    const feesOnlySignature = await call('sendTransaction', [feesOnly.serialize().toString('base64'), { encoding: 'base64', skipPreflight: true }]);
    // SIGKILL: no handler runs, no snapshot is written after these transactions.
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const sandbox = await Sandbox.open({ dataDir, slotMs: 0 });
    try {
      wallets.forEach((wallet, i) => expect(sandbox.cluster.getAccount(wallet)?.lamports).toBe(BigInt(1_000_000_000 + i)));
      for (const signature of signatures) expect(sandbox.cluster.signatureStatus(signature as Signature)?.err).toBeNull();
      expect(sandbox.cluster.signatureStatus(feesOnlySignature as Signature)?.err).toBe('ProgramAccountNotFound');
      expect(sandbox.cluster.getAccount(payer.publicKey.toBase58() as Address)?.lamports).toBe(1_000_000_000n - 5000n);
    } finally {
      sandbox.close();
    }
  });
});

/** Waits for the CLI's "RPC URL" line. */
function urlOf(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    // A first start makes the seeded market: slow on a busy machine, so the wait is generous (nothing here is timed).
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${out}${err}`)), 100_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /RPC URL\s+(http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${out}${err}`)));
  });
}
