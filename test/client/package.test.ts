import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { graphProblems, importGraph, isServerOnly } from '../../packages/client/build/import-graph.mjs';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { exampleEnv, keypairFile, runExample, type Run } from './example-run.js';

const ZEC = 100_000_000n;
const MB = 1024 * 1024;
const npm = (args: string[], cwd: string) => promisify(execFile)('npm', args, { cwd, encoding: 'utf8', timeout: 300_000 });

/** Every file under `dir`, with its size. */
function filesUnder(dir: string): { path: string; bytes: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path, bytes: statSync(path).size }));
}

/**
 * `@launchdesk/client` as a bot author gets it: packed from packages/client (its prepack builds dist/),
 * installed from the tarball into an empty project with npm from the registry alone (install scripts
 * allowed: there are none to run), then every example of examples/ run there with plain `node` against a
 * running server and the sandbox's JSON-RPC.
 */
describe('the packed @launchdesk/client', () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let ticker: ReturnType<typeof setInterval>;
  let work: string;
  let project: string;
  let modules: string;

  beforeAll(async () => {
    work = tempDir('launchdesk-client-pack-');
    project = join(work, 'bot');
    modules = join(project, 'node_modules');
    // Building, packing and installing take npm a minute: the server starts meanwhile.
    const installed = (async () => {
      await npm(['pack', '--workspace', '@launchdesk/client', '--pack-destination', work, '--silent'], process.cwd());
      const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
      cpSync(join(process.cwd(), 'examples'), join(project, 'examples'), { recursive: true });
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
      await npm(['install', join(work, tarball), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], project);
    })();
    installed.catch(() => undefined); // awaited below, after the server: a failure then is not unhandled meanwhile
    try {
      f = await startApi({ content: {} });
      facade = await startRpcFacade(f.sandbox, { port: 0 });
    } finally {
      await installed;
    }
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  }, 400_000);
  afterAll(async () => {
    clearInterval(ticker);
    await facade?.close();
    await f?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('installs no native module, no install script and nothing of the server', () => {
    const files = filesUnder(modules).map((file) => file.path);
    expect(files.filter((path) => path.endsWith('.node') || path.endsWith('binding.gyp'))).toEqual([]);
    const manifests = files.filter((path) => path.endsWith('/package.json') && !path.slice(modules.length).includes('/dist/'));
    for (const path of manifests) {
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as { name?: string; scripts?: Record<string, string>; gypfile?: boolean };
      expect(Object.keys(manifest.scripts ?? {}).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name)), path).toEqual([]);
      expect(manifest.gypfile ?? false, path).toBe(false);
      if (manifest.name) expect(isServerOnly(manifest.name), manifest.name).toBe(false);
    }
    // The client and the one package it leaves to npm; kit is bundled into it.
    expect(readdirSync(modules).filter((name) => !name.startsWith('.')).sort()).toEqual(['@launchdesk', 'ws']);
  });

  it('takes under 15 MB installed', () => {
    const bytes = filesUnder(modules).reduce((sum, file) => sum + file.bytes, 0);
    console.log(`@launchdesk/client installed: ${(bytes / MB).toFixed(2)} MB in node_modules`);
    expect(bytes).toBeLessThan(15 * MB);
  });

  it('holds the bundle, its declarations with the named answers, and reaches only ws and node', () => {
    const client = join(modules, '@launchdesk/client');
    expect(graphProblems(importGraph(join(client, 'dist/index.js')), ['ws'], client)).toEqual([]);
    const declarations = importGraph(join(client, 'dist/types/client/index.d.ts'));
    expect(graphProblems(declarations, ['@solana/kit', 'ws', 'node'], client)).toEqual([]);
    expect(readFileSync(join(client, 'dist/types/client/api-answers.d.ts'), 'utf8')).toMatch(/export interface CoinDetail extends Coin \{/);
    expect(readFileSync(join(client, 'resources/moderation/refused-words.txt'), 'utf8').length).toBeGreaterThan(0);
    // Sources, tests and the generator stay out of the package.
    expect(readdirSync(client).sort()).toEqual(['README.md', 'dist', 'package.json', 'resources']);
  });

  /** What each example bot is run with and must print; connect.mjs is the module the bots share. */
  const RUNS: Record<string, (env: Record<string, string>) => Promise<void>> = {
    'connect.mjs': async () => undefined,
    'plant-trade-claim.mjs': async (env) => {
      const run = await runExample('examples/plant-trade-claim.mjs', env, undefined, { cwd: project, fromSource: false });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^planted EXB\w+ at \w+: first buy of \d+ coin units\nbought \d+ coin units/);
      expect(run.stdout).toMatch(/\nsold all \d+ coin units for \d+ zat\n/);
      expect(run.stderr).toMatch(/verify: 1 transaction against your request/);
    },
    'follow-new-coins.mjs': async (env) => {
      let following!: () => void;
      const ready = new Promise<void>((resolve) => (following = resolve));
      const done: Promise<Run> = runExample('examples/follow-new-coins.mjs', { ...env, LAUNCHDESK_COINS: '1', LAUNCHDESK_SPEND: '0.25' }, (out) => out.includes('following new coins') && following(), {
        cwd: project,
        fromSource: false,
      });
      await Promise.race([ready, done]);
      const { mint } = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 5n * ZEC), { kind: 'holders' });
      const run = await done;
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`\\nbought \\d+ \\w+ \\(${mint}\\) for 25000000 zat\\n`));
    },
  };

  it('has a run for every example', () => {
    expect(readdirSync(join(process.cwd(), 'examples')).filter((name) => name.endsWith('.mjs')).sort()).toEqual(Object.keys(RUNS).sort());
  });

  for (const [example, run] of Object.entries(RUNS)) {
    if (example === 'connect.mjs') continue;
    it(`runs examples/${example} with plain node from the installed package`, async () => {
      const wallet = await keypairFile(f, work, 20n * ZEC);
      await run(await exampleEnv(f, facade, work, wallet.path));
    }, 90_000);
  }

  // Last: it adds @solana/kit to the project, which the size and contents above are measured without.
  it('types a TypeScript bot with named answers once @solana/kit (the optional peer) is beside it', async () => {
    await npm(['install', '@solana/kit@^8.4.0', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], project);
    writeFileSync(
      join(project, 'bot.ts'),
      [
        "import { createKeyPairSignerFromBytes, Launchdesk, type CoinDetail, type Quote, type Trade } from '@launchdesk/client';",
        'declare const coin: CoinDetail;',
        'declare const quote: Quote;',
        'declare const trades: Trade[];',
        "const desk = new Launchdesk({ baseUrl: 'http://127.0.0.1:7439', rpc: 'http://127.0.0.1:8899', pins: { launchpad: coin.mint, vault: coin.mint, treasury: coin.mint, zecMint: coin.mint } });",
        'const wallet = await createKeyPairSignerFromBytes(new Uint8Array(64));',
        'const mint: string = coin.route?.program ?? coin.mint;',
        'const zat: string = trades[0]?.zec ?? quote.limit;',
        '// @ts-expect-error amounts are decimal strings, never numbers',
        'const wrong: number = quote.limit;',
        'console.log(desk, wallet.address, mint, zat, wrong);',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2023', strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: ['bot.ts'] }),
    );
    const tsc = join(process.cwd(), 'node_modules/typescript/bin/tsc');
    const checked = await promisify(execFile)(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' }).catch((error: { stdout: string; stderr: string }) => error);
    expect(checked.stdout + checked.stderr).toBe('');
  }, 180_000);
});
