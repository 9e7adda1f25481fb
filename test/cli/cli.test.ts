import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSigner, getAddressEncoder } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../core/cli/command-line.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { writeProfile } from '../../core/config/profile.js';
import { startRpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';
import { waitForPrinted } from '../helpers/child-output.js';
import { tempDir } from '../helpers/sandbox.js';
import { launchdesk, launchdeskArgs } from '../helpers/child-js.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const cli = (args: string[], timeoutMs = 60_000) => launchdesk(args, { timeoutMs });

describe('launchdesk CLI', () => {
  it('airdrops SOL and ZEC into a stopped sandbox, with exact decimal amounts', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const wallet = (await generateKeyPairSigner()).address;
    const run = await cli(['airdrop', wallet, '--sol', '2.5', '--zec', '0.00000001', '--data', dataDir]);
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

  it('refuses bad airdrop input with a message naming it', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    // Refusals change nothing: side by side.
    const [bad, tooPrecise] = await Promise.all([cli(['airdrop', 'not-a-wallet', '--data', dataDir]), cli(['airdrop', '11111111111111111111111111111112', '--zec', '1.000000001', '--data', dataDir])]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/airdrop needs a wallet address, got "not-a-wallet"/);
    expect(tooPrecise.status).toBe(1);
    expect(tooPrecise.stderr).toMatch(/--zec "1.000000001": .* more than 8 decimal places/);
  });

  it('prints usage for --help, -h and help <command>, and starts nothing', async () => {
    const dataDir = join(tempDir(), 'never-created');
    dirs.push(dataDir);
    // Were anything started, `serve` would keep running and open the sandbox in dataDir (the calls run side by side).
    const asked = [['serve', '--help', '--data', dataDir], ['serve', '--data', dataDir, '-h'], ['help', 'serve']];
    const [overview, ...runs] = await Promise.all([cli(['--help'], 20_000), ...asked.map((args) => cli(args, 20_000))]);
    runs.forEach((run, i) => {
      const args = asked[i]!;
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: launchdesk ${args[0] === 'help' ? args[1] : args[0]} `));
      expect(run.stderr).toBe('');
    });
    expect(existsSync(dataDir)).toBe(false);
    expect(overview.status).toBe(0);
    for (const command of COMMAND_NAMES) expect(overview.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
  });

  it('refuses an unknown flag, a stray argument and an unknown command with status 2, naming them, and starts nothing', async () => {
    const dataDir = join(tempDir(), 'never-created');
    dirs.push(dataDir);
    // Refusals change nothing: side by side.
    const [flag, stray, unknown, helpUnknown] = await Promise.all([cli(['serve', '--data', dataDir, '--bogus'], 20_000), cli(['sandbox', 'now', '--data', dataDir], 20_000), cli(['frobnicate']), cli(['help', 'frobnicate'])]);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/^launchdesk: serve: Unknown option '--bogus'/);
    expect(flag.stderr).toContain('Usage: launchdesk serve ');
    expect(stray.status).toBe(2);
    expect(stray.stderr).toMatch(/sandbox: unexpected argument "now"/);
    expect(existsSync(dataDir)).toBe(false);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
    expect(helpUnknown.status).toBe(2);
  });

  it('start without an Electron binary runs headless and prints its URL', { timeout: 150_000 }, async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, launchdeskArgs(['start', '--data', dataDir, '--rpc-port', '0', '--port', '0']), { stdio: ['ignore', 'pipe', 'pipe'] });
    // A first start makes the seeded market: slow on a busy machine, so the wait is generous (nothing here is timed).
    const { printed, matched } = waitForPrinted(child, /RPC URL\s+(http:\/\/\S+)/, 'the RPC URL', 100_000);
    const url = (await matched)[1]!;
    const out = printed.text;
    expect(out).toMatch(/headless/);
    const health = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' });
    expect(((await health.json()) as { result: string }).result).toBe('ok');
    const api = /API\s+(http:\/\/\S+)\/v1/.exec(out)![1]!;
    expect((await fetch(`${api}/v1/stats`)).status).toBe(200);
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
  });

  it('index follows the sandbox in --data, prints its backfill progress, and stops cleanly', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    // History to backfill: a listed planting in the sandbox before the indexer ever ran.
    const sandbox = await Sandbox.open({ dataDir, slotMs: 0 });
    let mint: string;
    try {
      mint = (await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * 100_000_000n), { kind: 'holders' })).mint;
      sandbox.cluster.advanceSlots(1);
    } finally {
      sandbox.close();
    }
    // Through tsx, as before the compiled children: spawned from the compiled JS, this child now and then died of
    // the SIGTERM below without running its handler (2 runs in 3 under vitest, never outside it); not understood
    // yet, and noted on the issue. The exit check below names the signal and prints what the child printed.
    const child = spawn(process.execPath, ['--import', 'tsx', 'core/cli.ts', 'index', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const { printed, matched } = waitForPrinted(child, /following live/, 'the caught-up line');
    await matched;
    const out = printed.text;
    expect(out).toContain(`indexing the sandbox in ${dataDir} (in this process) into ${dataDir}/index.sqlite`);
    expect(out).toMatch(/backfill (\d+)\/\1 transactions \(100%\)/);
    expect(out).toMatch(/caught up in \d+ ms: \d+ transactions \(last slot \d+\)/);
    child.kill('SIGTERM');
    // Exit status and signal together, with what it printed: a crash on the way out names its signal.
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, sig) => resolve([c, sig])));
    expect({ code, signal, out: code === 0 ? '' : printed.text }).toEqual({ code: 0, signal: null, out: '' });
    const store = IndexStore.open(join(dataDir, 'index.sqlite'));
    try {
      expect(await store.coin(mint as never)).toMatchObject({ listed: true, symbol: 'PLANT' });
    } finally {
      store.close();
    }
  });

  it('index refuses --rpc without --profile, and a URL that is not http(s)', async () => {
    const [alone, wrong] = await Promise.all([cli(['index', '--rpc', 'http://127.0.0.1:8899']), cli(['index', '--rpc', 'ftp://x', '--profile', 'p.json', '--data', tempDir()])]);
    expect(alone.status).toBe(1);
    expect(alone.stderr).toMatch(/--rpc URL and --profile FILE go together/);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/--rpc must be an http\(s\) URL, got "ftp:\/\/x"/);
  });

  it('serve --rpc URL --profile FILE indexes another cluster and answers /v1 from it', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    const facade = await startRpcFacade(sandbox, { port: 0 });
    const child = (() => {
      writeProfile(join(dataDir, 'cluster.json'), { ...sandbox.profile, cluster: { kind: 'rpc', rpcUrl: facade.rpcUrl, wsUrl: facade.wsUrl } });
      return spawn(process.execPath, launchdeskArgs(['serve', '--rpc', facade.rpcUrl, '--profile', join(dataDir, 'cluster.json'), '--data', dataDir, '--port', '0']), { stdio: ['ignore', 'pipe', 'pipe'] });
    })();
    try {
      const mint = (await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * 100_000_000n), { kind: 'holders' })).mint;
      sandbox.cluster.advanceSlots(1);
      const { printed, matched } = waitForPrinted(child, /API\s+(http:\/\/\S+)\/v1/, 'the API line');
      const api = (await matched)[1]!;
      const out = printed.text;
      expect(out).toContain(`cluster    ${facade.rpcUrl}`);
      expect(out).toContain("runs       off: the network profile names no run authority (runs.authorityKeypair): the service's runs are off on this cluster");
      const schedule = (await (await fetch(`${api}/v1/coins/${mint}/schedule`)).json()) as Record<string, unknown>;
      expect(schedule).toMatchObject({ runs: 'off', reason: "the network profile names no run authority (runs.authorityKeypair): the service's runs are off on this cluster" });
      const coin = (await (await fetch(`${api}/v1/coins/${mint}`)).json()) as { mint: string; stage: string };
      expect(coin).toMatchObject({ mint, stage: 'curve' });
      // /v1/params names the cluster as this server reaches it: the --rpc URL and the profile's WebSocket.
      const params = (await (await fetch(`${api}/v1/params`)).json()) as { cluster: unknown };
      expect(params.cluster).toEqual({ kind: 'rpc', rpcUrl: facade.rpcUrl, wsUrl: facade.wsUrl });
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await facade.close();
      sandbox.close();
    }
  });

  it('serve --rpc with a profile naming a run authority sends the service\'s runs on that cluster', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    const facade = await startRpcFacade(sandbox, { port: 0 });
    // The sandbox's own authority, written as a Solana CLI keypair file next to the profile.
    const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', sandbox.serviceAuthority.keyPair.privateKey));
    const seed = pkcs8.slice(-32);
    const publicKey = getAddressEncoder().encode(sandbox.serviceAuthority.address);
    writeFileSync(join(dataDir, 'authority.json'), JSON.stringify([...seed, ...publicKey]));
    writeProfile(join(dataDir, 'cluster.json'), { ...sandbox.profile, cluster: { kind: 'rpc', rpcUrl: facade.rpcUrl, wsUrl: facade.wsUrl }, runs: { authorityKeypair: 'authority.json' } });
    const ticker = setInterval(() => sandbox.cluster.advanceSlots(1), 20);
    const child = spawn(process.execPath, launchdeskArgs(['serve', '--rpc', facade.rpcUrl, '--profile', join(dataDir, 'cluster.json'), '--data', dataDir, '--port', '0']), { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const payee = await fundedWallet(sandbox, 1n);
      const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * 100_000_000n), { kind: 'wallet', wallet: payee.address }, 1_000_000_000_000n);
      const { printed, matched } = waitForPrinted(child, /API\s+(http:\/\/\S+)\/v1/, 'the API line');
      const api = (await matched)[1]!;
      const out = printed.text;
      expect(out).toContain(`runs       on, sent by ${sandbox.serviceAuthority.address}`);
      // The planting's first buy paid a creator fee: the server splits it and pays the payee, over RPC.
      const deadline = Date.now() + 45_000;
      let fees: Record<string, string> = {};
      for (;;) {
        fees = (await (await fetch(`${api}/v1/coins/${coin.mint}/fees`)).json()) as Record<string, string>;
        if (fees['paidOutZec'] !== undefined && fees['paidOutZec'] !== '0') break;
        if (Date.now() > deadline) throw new Error(`not paid: ${JSON.stringify(fees)}; schedule ${JSON.stringify(await (await fetch(`${api}/v1/coins/${coin.mint}/schedule`)).json())}\n${printed.text}`);
        await new Promise((r) => setTimeout(r, 1_500)); // within the anonymous reads limit
      }
      expect(fees['splitZec']).toBe(fees['creatorFeesZec']);
      expect(fees['paidOutZec']).toBe(fees['payeeZec']);
      expect(BigInt(fees['payeeZec']!) > 0n).toBe(true);
    } finally {
      // (the ticker keeps going until the server has stopped: a run being confirmed ends first)
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      clearInterval(ticker);
      await facade.close();
      sandbox.close();
    }
  }, 120_000);

  it('refuses a profile whose run authority file is missing or not a keypair, without echoing it', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    try {
      // Two profiles side by side, each naming its own authority file.
      writeProfile(join(dataDir, 'cluster-missing.json'), { ...sandbox.profile, runs: { authorityKeypair: 'missing.json' } });
      writeFileSync(join(dataDir, 'bad.json'), '[1, 2, 3]');
      writeProfile(join(dataDir, 'cluster-bad.json'), { ...sandbox.profile, runs: { authorityKeypair: 'bad.json' } });
      const serveWith = (profile: string) => cli(['serve', '--rpc', 'http://127.0.0.1:9', '--profile', join(dataDir, profile), '--data', dataDir, '--port', '0']);
      const [missing, bad] = await Promise.all([serveWith('cluster-missing.json'), serveWith('cluster-bad.json')]);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toBe(`launchdesk: runs.authorityKeypair: cannot read ${join(dataDir, 'missing.json')} (ENOENT)\n`);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toBe(`launchdesk: runs.authorityKeypair: ${join(dataDir, 'bad.json')} is not a Solana CLI keypair file (a keypair file is a JSON array of 64 numbers from 0 to 255)\n`);
    } finally {
      sandbox.close();
    }
  });
});
