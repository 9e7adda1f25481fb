import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner, getAddressEncoder, getBase58Decoder, lamports, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProfile } from '../../core/config/profile.js';
import { SWAP_SLIPPAGE_BPS } from '../../core/engine/swap.js';
import { parseDecimalUnits, ZEC_DECIMALS, type ZecUnits } from '../../core/math/units.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { launchdesk, launchdeskArgs, type CliRun } from '../helpers/child-js.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';

const ZEC = 100_000_000n;
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The CLI as a bot runs it: no OS keychain on the machine (no session bus, an empty home and runtime dir,
 * so any keychain access fails, which the first test shows), the wallet a Solana CLI keypair file, every
 * answer JSON. One real /v1 server over the sandbox for the whole file, reached through its JSON-RPC facade
 * and the profile in the data dir, as after `launchdesk serve`.
 */
describe('launchdesk headless: --key-file, --json, environment defaults', () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let ticker: ReturnType<typeof setInterval>;
  /** Whether the ticker moves the server's clock (a sign-in challenge lives 5 minutes of it). */
  let clockRuns = true;
  let dataDir: string;
  let home: string;
  let keyFile: string;
  let keyFileText: string;
  let secretBase58: string;
  let wallet: Address;
  const outputs: string[] = [];

  /** The child's environment: no keychain reachable, none of the CLI's variables unless given. */
  function bareEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_RUNTIME_DIR: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') };
    for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY', 'LAUNCHDESK_API', 'LAUNCHDESK_DATA', 'LAUNCHDESK_KEY_FILE', 'LAUNCHDESK_API_KEY', 'LAUNCHDESK_DESK_TOKEN']) delete env[name];
    return { ...env, ...extra };
  }
  async function cli(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CliRun> {
    const run = await launchdesk(args, { env: bareEnv(env), timeoutMs: 50_000 });
    outputs.push(run.stdout, run.stderr);
    return run;
  }
  const on = (args: readonly string[]) => [...args, '--key-file', keyFile, '--data', dataDir, '--api', f.base];
  const ok = <T = Record<string, unknown>>(run: CliRun): T => {
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines, 'stdout is one JSON line').toHaveLength(1);
    return JSON.parse(lines[0]!) as T;
  };
  const refused = (run: CliRun, exitCode: number) => {
    expect(run.status, run.stderr).toBe(exitCode);
    return JSON.parse(run.stdout) as { ok: boolean; exitCode: number; error: { code: string; message: string } };
  };
  const coinsOf = (mint: string) => tokenBalance(f.sandbox, wallet, mint as Address, TOKEN_2022_PROGRAM);
  const zecOf = () => tokenBalance(f.sandbox, wallet, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);

  beforeAll(async () => {
    f = await startApi({ content: {} });
    facade = await startRpcFacade(f.sandbox, { port: 0 });
    dataDir = tempDir('launchdesk-headless-');
    home = tempDir('launchdesk-headless-home-');
    writeProfile(join(dataDir, 'profile.json'), f.sandbox.profile);
    // A Solana CLI keypair file: the 32-byte seed, then the public key.
    const seed = crypto.getRandomValues(new Uint8Array(32));
    wallet = (await createKeyPairSignerFromPrivateKeyBytes(seed)).address;
    const bytes = [...seed, ...getAddressEncoder().encode(wallet)];
    keyFileText = JSON.stringify(bytes);
    secretBase58 = getBase58Decoder().decode(Uint8Array.from(bytes));
    keyFile = join(dataDir, 'bot.json');
    writeFileSync(keyFile, keyFileText, { mode: 0o600 });
    await f.sandbox.faucet.sol(wallet, lamports(10_000_000_000n));
    await f.sandbox.faucet.zec(wallet, (50n * ZEC) as ZecUnits);
    // A live cluster's slots (the relay waits for confirmation); the server's clock past each rate-limit window.
    ticker = setInterval(() => {
      f.sandbox.cluster.advanceSlots(1);
      if (clockRuns) f.clock += 61_000;
    }, 5);
  }, 60_000);
  afterAll(async () => {
    clearInterval(ticker);
    await facade?.close();
    await f?.close();
    for (const dir of [dataDir, home]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('plants, buys, sells 50%, claims and hands the payee on with a key file and no keychain, each step one JSON answer', async () => {
    // The control: in this environment the OS keychain cannot be reached at all.
    const probe = await cli(['wallet', 'new', 'probe', '--json', '--data', join(home, 'probe')]);
    expect(refused(probe, 3)).toMatchObject({ ok: false, exitCode: 3, error: { code: 'unavailable', message: expect.stringMatching(/^the OS keychain could not/) } });

    const image = join(dataDir, 'coin.png');
    writeFileSync(image, png('headless'));
    const planted = ok<{ command: string; wallet: string; mint: string; coin: { symbol: string; mint: string }; signatures: string[]; registration: { registered: boolean } }>(
      await cli(on(['plant', '--name', 'Headless Bot', '--symbol', 'HDLS', '--image', image, '--yes', '--json'])),
    );
    expect(planted).toMatchObject({ ok: true, command: 'plant', wallet, coin: { symbol: 'HDLS', mint: planted.mint }, registration: { registered: true } });
    expect(planted.signatures.length).toBeGreaterThan(0);
    const mint = planted.mint;

    const zecBefore = await zecOf();
    const bought = ok<{ trade: { tokens: string; zec: string; units: { coins: string } } }>(await cli(on(['buy', mint, '2.5', '--yes', '--json'])));
    expect(bought).toMatchObject({ ok: true, command: 'buy', wallet, mint, pay: 'ZEC', amount: '2.5', amountBaseUnits: '250000000', trade: { side: 'buy', user: wallet }, registration: { registered: true } });
    const held = await coinsOf(mint);
    expect(BigInt(bought.trade.tokens)).toBe(held);
    expect(zecBefore - (await zecOf())).toBe(250_000_000n);

    const sold = ok<{ amountBaseUnits: string; trade: { tokens: string; zec: string } }>(await cli(on(['sell', mint, '50%', '--yes', '--json'])));
    expect(sold).toMatchObject({ ok: true, command: 'sell', wallet, amount: '50%', amountBaseUnits: String(held / 2n), trade: { side: 'sell', tokens: String(held / 2n), user: wallet } });
    expect(await coinsOf(mint)).toBe(held - held / 2n);

    // The trades paid creator fees; the vault's split (the service's run, done here by hand) moves the payee's share to its fee account.
    const splitter = await fundedWallet(f.sandbox);
    const split = await splitFeesInstruction({ vault: vaultOf(f.sandbox), launchpad: programsOf(f.sandbox).launchpad, amm: f.sandbox.profile.programs['amm']!, zecMint: f.sandbox.profile.mints.zec.address, mint: mint as Address, sender: splitter.address, config: vaultConfigOf(f.sandbox) });
    expect((await send(f.sandbox, splitter, [split])).err).toBeNull();
    const beforeClaim = await zecOf();
    const claimed = ok<{ paidOutZec: string; signatures: string[] }>(await cli(on(['claim', mint, '--yes', '--json'])));
    expect(claimed).toMatchObject({ ok: true, command: 'claim', wallet, mint, registration: { registered: true } });
    const paid = parseDecimalUnits(claimed.paidOutZec, ZEC_DECIMALS);
    expect(paid).toBeGreaterThan(0n);
    expect((await zecOf()) - beforeClaim).toBe(paid); // the planter is the payee ("me"): the claim pays it

    const next = (await generateKeyPairSigner()).address;
    const handed = ok(await cli(on(['payee', mint, `wallet:${next}`, '--yes', '--json'])));
    expect(handed).toMatchObject({ ok: true, command: 'payee', wallet, mint, payee: `wallet:${next}`, permanent: false, registration: { registered: true } });

    // The key was read from the file, and never printed.
    for (const text of outputs) {
      expect(text).not.toContain(keyFileText);
      expect(text).not.toContain(secretBase58);
    }
  }, 240_000);

  it('takes the server, the data dir and the key file from the environment; a flag wins over its variable', async () => {
    const env = { LAUNCHDESK_API: f.base, LAUNCHDESK_DATA: dataDir, LAUNCHDESK_KEY_FILE: keyFile };
    const dead = { ...env, LAUNCHDESK_API: 'http://127.0.0.1:9' };
    // Quotes sign nothing: side by side.
    const [fromEnv, flagWins, envDead, badEnv] = await Promise.all([
      cli(['quote', f.mint, 'buy', '1', '--json'], env),
      cli(['quote', f.mint, 'buy', '1', '--json', '--api', f.base], dead),
      cli(['quote', f.mint, 'buy', '1', '--json'], dead),
      cli(['quote', f.mint, 'buy', '1', '--json'], { ...env, LAUNCHDESK_API: 'ftp://nowhere' }),
    ]);
    // The key file of the environment names the wallet the quote is for.
    expect(ok(fromEnv)).toMatchObject({ ok: true, command: 'quote', mint: f.mint, side: 'buy', wallet, quote: { amount: '100000000' } });
    expect(ok(flagWins)).toMatchObject({ ok: true, wallet });
    expect(refused(envDead, 3)).toMatchObject({ exitCode: 3, error: { code: 'unavailable', message: expect.stringContaining('http://127.0.0.1:9 does not answer') } });
    expect(refused(badEnv, 1).error.message).toBe('LAUNCHDESK_API must be an http(s) URL, got "ftp://nowhere"');

    // A buy with nothing on the command line but the coin and the amount.
    const bought = ok(await cli(['buy', f.mint, '0.5', '--yes', '--json'], env));
    expect(bought).toMatchObject({ ok: true, command: 'buy', wallet, amountBaseUnits: '50000000', trade: { side: 'buy', user: wallet } });
  }, 120_000);

  it('keys create signs in with the key file and prints a key that then works as a Bearer key against /v1', async () => {
    clockRuns = false;
    const [asJson, plain] = await Promise.all([cli(['keys', 'create', '--key-file', keyFile, '--api', f.base, '--json']), cli(['keys', 'create', '--api', f.base], { LAUNCHDESK_KEY_FILE: keyFile })]);
    const created = ok<{ key: string; wallet: string; prefix: string; tier: string }>(asJson);
    expect(created).toMatchObject({ ok: true, command: 'keys create', wallet, tier: 'standard' });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    // Plain: the key alone on stdout (for `KEY=$(launchdesk keys create …)`), the words on stderr.
    expect(plain.status, plain.stderr).toBe(0);
    const plainKey = plain.stdout.trim();
    expect(plain.stdout).toBe(`${plainKey}\n`);
    expect(plain.stderr).toMatch(/shown this once: store it now/);
    for (const key of [created.key, plainKey]) {
      const keys = await fetch(`${f.base}/v1/keys`, { headers: { authorization: `Bearer ${key}` } });
      expect(keys.status).toBe(200);
      expect(((await keys.json()) as { wallet: string }).wallet).toBe(wallet);
    }
    expect((await fetch(`${f.base}/v1/keys`, { headers: { authorization: 'Bearer ld_not_a_key' } })).status).toBe(401);
    clockRuns = true;
  }, 60_000);

  it('--version, swap --help, and refusals as one JSON object with the exit status unchanged', async () => {
    const badKey = join(home, 'bad-key.json');
    writeFileSync(badKey, '[1, 2, 3]');
    chmodSync(badKey, 0o644); // whatever the umask
    const [version, versionJson, swapHelp, unknownFlag, missing, unknownCommand, noYes, both, notKeypair, noFile, airdrop, runs] = await Promise.all([
      cli(['--version']),
      cli(['--version', '--json']),
      cli(['swap', '--help']),
      cli(['buy', f.mint, '1', '--bogus', '--json']),
      cli(['buy', f.mint, '--json']),
      cli(['frobnicate', '--json']),
      cli(['buy', f.mint, '1', '--key-file', keyFile, '--api', f.base, '--data', dataDir, '--json']),
      cli(['buy', f.mint, '1', '--key-file', keyFile, '--wallet', 'alice', '--yes', '--json']),
      cli(['buy', f.mint, '1', '--key-file', badKey, '--api', f.base, '--data', dataDir, '--yes', '--json']),
      cli(['claim', f.mint, '--key-file', join(home, 'missing.json'), '--api', f.base, '--data', dataDir, '--yes', '--json']),
      cli(['airdrop', 'not-a-wallet', '--data', home, '--json']),
      cli(['runs', '--data', home, '--json']),
    ]);
    expect([version.status, version.stdout]).toEqual([0, `${VERSION}\n`]);
    expect(ok(versionJson)).toEqual({ name: 'launchdesk', version: VERSION });
    expect(swapHelp.status).toBe(0);
    expect(swapHelp.stdout.replace(/\s+/g, ' ')).toContain(`(default ${SWAP_SLIPPAGE_BPS.default} (${Number(SWAP_SLIPPAGE_BPS.default) / 100}%))`);

    expect(refused(unknownFlag, 2)).toEqual({ ok: false, exitCode: 2, error: { code: 'usage', message: "buy: Unknown option '--bogus'" } });
    expect(unknownFlag.stderr).toContain('Usage: launchdesk buy '); // the person's words and usage still go to stderr
    expect(refused(missing, 2)).toEqual({ ok: false, exitCode: 2, error: { code: 'usage', message: 'buy: missing <amount>' } });
    expect(refused(unknownCommand, 2)).toEqual({ ok: false, exitCode: 2, error: { code: 'usage', message: 'unknown command "frobnicate"' } });
    expect(refused(noYes, 2)).toMatchObject({ exitCode: 2, error: { code: 'usage', message: expect.stringMatching(/add --yes/) } });
    expect(refused(both, 2).error.message).toBe('--wallet and --key-file both name the wallet that signs: give one of them');
    expect(refused(notKeypair, 1)).toMatchObject({ exitCode: 1, error: { code: 'invalid_param', message: `the key file ${badKey} is not a Solana keypair: expected a JSON array of 64 numbers from 0 to 255, as \`solana-keygen new\` writes` } });
    expect(notKeypair.stderr).toContain(`the key file ${badKey} can be read by other users of this machine (mode 644)`); // a note, not a refusal
    expect(refused(noFile, 1).error.message).toBe(`cannot read the key file ${join(home, 'missing.json')} (there is no such file)`);
    expect(refused(airdrop, 1)).toMatchObject({ exitCode: 1, error: { code: 'invalid_param', message: 'airdrop needs a wallet address, got "not-a-wallet"' } });
    expect(ok(runs)).toEqual({ ok: true, command: 'runs', dataDir: home, jobs: [] });
  }, 60_000);

  it('sandbox --json prints one ready line of JSON on stdout, its progress on stderr', async () => {
    const dir = join(home, 'sandbox');
    const child = spawn(process.execPath, launchdeskArgs(['sandbox', '--empty', '--rpc-port', '0', '--data', dir, '--json']), { stdio: ['ignore', 'pipe', 'pipe'], env: bareEnv() });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready line: ${out}${err}`)), 60_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) {
            clearTimeout(timer);
            resolve(out.slice(0, out.indexOf('\n')));
          }
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}${err}`)));
      });
      const ready = JSON.parse(line) as { rpcUrl: string; zecMint: string };
      expect(ready).toMatchObject({ ok: true, ready: true, command: 'sandbox', dataDir: dir, profile: join(dir, 'profile.json'), rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/) });
      const health = await fetch(ready.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' });
      expect(((await health.json()) as { result: string }).result).toBe('ok');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    expect(out.trim().split('\n')).toHaveLength(1);
  }, 90_000);
});

// --- a tiny real PNG, unique by its salt (the server reads its signature and size) ---

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(salt: string): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.from(`Comment\0${salt}`, 'latin1')),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0xff, 0x80, 0x00, 0xff]))),
    pngChunk('IEND', new Uint8Array()),
  ]);
}
