import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSigner, lamports, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProfile } from '../../core/config/profile.js';
import type { ZecUnits } from '../../core/math/units.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { newSecretText, signerFromSecretText } from '../../core/signer/secret-key-text.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { fundedWallet, tokenBalance } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { launchdeskArgs } from '../helpers/child-js.js';

const ZEC = 100_000_000n;

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The trading commands end to end: `launchdesk` as a child process, wallets in a real OS keychain (GNOME
 * Keyring on a private session bus), against the real /v1 server on 127.0.0.1 over the sandbox, which the
 * CLI reaches through its JSON-RPC facade and pins from the profile in --data, as after `launchdesk serve`.
 */
describe('launchdesk trading commands', () => {
  let keychain: KeychainSession;
  let f: ApiFixture;
  let facade: RpcFacade;
  let ticker: ReturnType<typeof setInterval>;
  let dataDir: string;

  /** The CLI, asynchronously: the server it talks to runs in this process and must keep answering. */
  function cli(args: readonly string[], input = ''): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, launchdeskArgs(args), { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdin.end(input);
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`launchdesk ${args.join(' ')} did not finish: ${stderr}`));
      }, 45_000);
      child.once('exit', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
  }
  const on = (args: readonly string[]) => [...args, '--data', dataDir, ...(args[0] === 'wallet' ? [] : ['--api', f.base])];
  const json = (run: Run): Record<string, unknown> => {
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    return JSON.parse(run.stdout) as Record<string, unknown>;
  };
  const coinsOf = (owner: string, mint: string) => tokenBalance(f.sandbox, owner as Address, mint as Address, TOKEN_2022_PROGRAM);
  const zecOf = (owner: string) => tokenBalance(f.sandbox, owner as Address, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);

  beforeAll(async () => {
    keychain = await startKeychainSession();
    f = await startApi();
    facade = await startRpcFacade(f.sandbox, { port: 0 });
    // What `launchdesk serve` leaves in its data dir: the sandbox's profile, naming its running JSON-RPC.
    dataDir = tempDir('launchdesk-cli-');
    writeProfile(join(dataDir, 'profile.json'), f.sandbox.profile);
    // A live cluster's slots (the relay waits for confirmation); the server's clock past each rate-limit window.
    ticker = setInterval(() => {
      f.sandbox.cluster.advanceSlots(1);
      f.clock += 61_000;
    }, 5);
  }, 60_000);
  afterAll(async () => {
    clearInterval(ticker);
    await facade?.close();
    await f?.close();
    keychain?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes, imports, lists, chooses and removes wallets in the OS keychain, as the desk holds them', async () => {
    const alice = json(await cli(on(['wallet', 'new', 'alice', '--json'])));
    expect(alice).toMatchObject({ label: 'alice', default: true, origin: 'created' });
    const secret = await newSecretText();
    const carolAddress = (await signerFromSecretText(secret)).signer.address;
    // The secret comes on stdin, never in argv.
    const carol = json(await cli(on(['wallet', 'import', 'carol', '--json']), secret));
    expect(carol).toMatchObject({ label: 'carol', address: carolAddress, default: false, origin: 'imported' });
    expect(JSON.stringify(carol)).not.toContain(secret);
    const used = json(await cli(on(['wallet', 'use', 'carol', '--json'])));
    expect(used).toMatchObject({ address: carolAddress, default: true });
    const plain = await cli(on(['wallet', 'list']));
    expect(plain.stdout).toMatch(new RegExp(`^ {2}alice {2}\\w+ {2}created .*\\n\\* carol {2}${carolAddress} {2}imported`, 'm'));
    // Removing needs --yes where nobody can type the label.
    const unasked = await cli(on(['wallet', 'remove', 'carol']));
    expect(unasked.status).toBe(2);
    expect(unasked.stderr).toMatch(/stdin is not a terminal\): add --yes/);
    const removed = json(await cli(on(['wallet', 'remove', 'carol', '--yes', '--json'])));
    expect(removed).toMatchObject({ removed: carolAddress, default: alice['address'] });
    const after = json(await cli(on(['wallet', 'list', '--json']))) as { wallets: { label: string }[] };
    expect(after.wallets.map((w) => w.label)).toEqual(['alice']);
  }, 60_000);

  it('buys, quotes and sells all with --yes --json, each read back from the index, amounts exact', async () => {
    const list = json(await cli(on(['wallet', 'list', '--json']))) as { default: string };
    const wallet = list.default;
    await f.sandbox.faucet.sol(wallet as Address, lamports(10_000_000_000n));
    await f.sandbox.faucet.zec(wallet as Address, (20n * ZEC) as ZecUnits);

    const bought = await cli(on(['buy', f.mint, '1.5', '--yes', '--json']));
    const buy = json(bought) as { command: string; amount: string; amountBaseUnits: string; signatures: string[]; trade: { side: string; tokens: string; user: string; units: { coins: string } }; registration: { registered: boolean } };
    expect(buy).toMatchObject({ ok: true, command: 'buy', amount: '1.5', amountBaseUnits: '150000000', trade: { side: 'buy', user: wallet }, registration: { registered: true } });
    // The review went to stderr (stdout is the JSON alone), with the fee payer, the minimum and the verdict.
    expect(bought.stderr).toContain(`fee payer  ${wallet} (your wallet)`);
    expect(bought.stderr).toMatch(/accepts no fewer than +\d+(\.\d+)? PLANT/);
    expect(bought.stderr).toMatch(/Verdict .*\n {2}ok: /);
    expect(bought.stderr).toMatch(/… landed: \w+/);
    const held = await coinsOf(wallet, f.mint);
    expect(BigInt(buy.trade.tokens)).toBe(held);
    expect(await zecOf(wallet)).toBe(20n * ZEC - 150_000_000n);

    const quoted = json(await cli(on(['quote', f.mint, 'sell', 'all', '--json']))) as { quote: { amount: string; zecOut: string } };
    expect(quoted.quote.amount).toBe(String(held));
    expect(BigInt(quoted.quote.zecOut) > 0n).toBe(true);

    const zecBefore = await zecOf(wallet);
    const sold = json(await cli(on(['sell', f.mint, 'all', '--yes', '--json']))) as { amount: string; trade: { side: string; tokens: string; zec: string } };
    expect(sold).toMatchObject({ amount: 'all', trade: { side: 'sell', tokens: String(held) } });
    expect(await coinsOf(wallet, f.mint)).toBe(0n);
    expect((await zecOf(wallet)) - zecBefore).toBe(BigInt(sold.trade.zec));
  }, 60_000);

  it('hands the payee of a coin it is payee of to another wallet', async () => {
    const list = json(await cli(on(['wallet', 'list', '--json']))) as { default: string };
    const wallet = list.default as Address;
    const coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet });
    await f.indexed();
    const next = (await generateKeyPairSigner()).address;
    const changed = json(await cli(on(['payee', coin.mint, `wallet:${next}`, '--yes', '--json']))) as { payee: string; permanent: boolean; registration: { registered: boolean } };
    expect(changed).toMatchObject({ payee: `wallet:${next}`, permanent: false, registration: { registered: true } });
  }, 60_000);

  it('refuses a bad amount, too many decimals, an unknown wallet, no --yes without a terminal, and a server that is down', async () => {
    const bad = await cli(on(['buy', f.mint, 'ten', '--yes']));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('launchdesk: <amount>: "ten" is not an amount of ZEC: use digits and at most one decimal point, in whole ZEC\n');
    const precise = await cli(on(['sell', f.mint, '0.0000001', '--yes']));
    expect(precise.status).toBe(1);
    expect(precise.stderr).toMatch(/an amount of coins has at most 6 decimal places, and "0.0000001" has 7/);
    const stranger = await cli(on(['buy', f.mint, '1', '--wallet', 'nobody', '--yes', '--json']));
    expect(stranger.status).toBe(1);
    expect(stranger.stderr).toMatch(/no wallet "nobody"/);
    expect(JSON.parse(stranger.stdout)).toMatchObject({ ok: false, exitCode: 1, error: { code: 'not_found' } });
    const unasked = await cli(on(['buy', f.mint, '1']));
    expect(unasked.status).toBe(2);
    expect(unasked.stderr).toMatch(/buy asks you to confirm, and nobody can answer here .*add --yes/);
    const down = await cli(['buy', f.mint, '1', '--yes', '--data', dataDir, '--api', 'http://127.0.0.1:9']);
    expect(down.status, down.stderr).toBe(3);
    expect(down.stderr).toMatch(/^launchdesk: http:\/\/127\.0\.0\.1:9 does not answer \(.*\): is the server running\?\n$/);
    const usage = await cli(on(['buy', f.mint]));
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^launchdesk: buy: missing <amount>/);
  }, 60_000);
});
