import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { lamports, type Address } from '@solana/kit';
import { writeProfile } from '../../core/config/profile.js';
import type { ZecUnits } from '../../core/math/units.js';
import type { RpcFacade } from '../../core/sandbox/rpc/server.js';
import type { ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';

/** Running the example bots of examples/ as their authors do: separate processes, a keypair file, env. */

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs an example bot as its author would (`node examples/<bot>.mjs`), importing `@launchdesk/client` by
 * the package's own name: here from source (the workspace's `launchdesk-source` export condition,
 * compiled by tsx); test/client/package.test.ts runs them from the packed package instead.
 */
export function runExample(file: string, env: Record<string, string>, onStdout?: (text: string) => void, options: { cwd?: string; fromSource?: boolean } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const flags = options.fromSource === false ? [] : ['--conditions=launchdesk-source', '--import', 'tsx'];
    const child = spawn(process.execPath, [...flags, file], { ...(options.cwd ? { cwd: options.cwd } : {}), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      onStdout?.(stdout);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A wallet as a bot keeps it: a Solana CLI keypair file, funded on the sandbox. */
export async function keypairFile(f: ApiFixture, dir: string, zec: bigint): Promise<{ path: string; address: Address }> {
  const keypair = Keypair.generate();
  const address = keypair.publicKey.toBase58() as Address;
  await f.sandbox.faucet.sol(address, lamports(20_000_000_000n));
  await f.sandbox.faucet.zec(address, zec as ZecUnits);
  const path = join(dir, `${address}.json`);
  writeFileSync(path, JSON.stringify([...keypair.secretKey]));
  return { path, address };
}

/** The environment examples/connect.mjs reads: the server, an API key, the sandbox's profile (pins and RPC). */
export async function exampleEnv(f: ApiFixture, facade: RpcFacade, dir: string, key: string): Promise<Record<string, string>> {
  writeProfile(join(dir, 'profile.json'), { ...f.sandbox.profile, cluster: { kind: 'sandbox', rpcUrl: facade.rpcUrl, wsUrl: facade.wsUrl } });
  const owner = await fundedWallet(f.sandbox);
  const made = await f.keys.create(owner.address, f.clock);
  await f.keys.setTier(made.record.id, 'raised');
  return { LAUNCHDESK_API: f.base, LAUNCHDESK_DATA: dir, LAUNCHDESK_KEY: key, LAUNCHDESK_API_KEY: made.key };
}

