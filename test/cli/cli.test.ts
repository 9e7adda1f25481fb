import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { tempDir } from '../helpers/sandbox.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function cli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'core/cli.ts', ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('launchdesk CLI', () => {
  it('airdrops SOL and ZEC into a stopped sandbox, with exact decimal amounts', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const wallet = (await generateKeyPairSigner()).address;
    const run = cli(['airdrop', wallet, '--sol', '2.5', '--zec', '0.00000001', '--data', dataDir]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`airdropped 2.5 SOL, 0.00000001 ZEC to ${wallet}`);
    const sandbox = await Sandbox.open({ dataDir, slotMs: 0 });
    try {
      expect(sandbox.cluster.getAccount(wallet)?.lamports).toBe(2_500_000_000n);
    } finally {
      sandbox.close();
    }
  });

  it('refuses bad airdrop input with a message naming it', () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const bad = cli(['airdrop', 'not-a-wallet', '--data', dataDir]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/airdrop needs a wallet address, got "not-a-wallet"/);
    const tooPrecise = cli(['airdrop', '11111111111111111111111111111112', '--zec', '1.000000001', '--data', dataDir]);
    expect(tooPrecise.status).toBe(1);
    expect(tooPrecise.stderr).toMatch(/--zec "1.000000001": .* more than 8 decimal places/);
    const unknown = cli(['frobnicate']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it('start without an Electron binary runs headless and prints its URL', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'core/cli.ts', 'start', '--data', dataDir, '--rpc-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /RPC URL\s+(http:\/\/\S+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect(out).toMatch(/headless/);
    const health = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' });
    expect(((await health.json()) as { result: string }).result).toBe('ok');
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
  });
});
