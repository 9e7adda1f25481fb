import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { tempDir } from '../helpers/sandbox.js';
import { exampleEnv, keypairFile, runExample } from './example-run.js';

const ZEC = 100_000_000n;
const npm = (args: string[], cwd: string) => promisify(execFile)('npm', args, { cwd, encoding: 'utf8', timeout: 240_000 });

/**
 * `npm pack` gives a package another project installs and uses: packed from this repository (its
 * prepare step builds dist/ with declarations), installed into a project outside it, and an example
 * bot run there with plain `node` against a running server, importing `launchdesk/client` from the
 * installed package. Install scripts are skipped: the client never loads the native SQLite addon
 * (its import graph is kit, the Solana program clients and ws), and compiling it would take a minute.
 */
describe('the packed package', () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let ticker: ReturnType<typeof setInterval>;
  let work: string;
  let project: string;

  beforeAll(async () => {
    work = tempDir('launchdesk-pack-');
    project = join(work, 'bot');
    // Packing and installing take npm half a minute: the server starts meanwhile.
    const installed = (async () => {
      await npm(['pack', '--pack-destination', work, '--silent'], process.cwd());
      const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
      cpSync(join(process.cwd(), 'examples'), join(project, 'examples'), { recursive: true });
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-bot', private: true, type: 'module' }));
      await npm(['install', join(work, tarball), '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], project);
    })();
    installed.catch(() => undefined); // awaited below, after the server: a failure then is not unhandled meanwhile
    try {
      f = await startApi({ content: {} });
      facade = await startRpcFacade(f.sandbox, { port: 0 });
    } finally {
      await installed;
    }
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  }, 300_000);
  afterAll(async () => {
    clearInterval(ticker);
    await facade?.close();
    await f?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('holds the client library with its type declarations, the CLI and the examples', () => {
    const installed = join(project, 'node_modules', 'launchdesk');
    for (const file of ['dist/core/client/index.js', 'dist/core/client/index.d.ts', 'dist/core/client/verify-build.d.ts', 'dist/core/cli.js', 'examples/plant-trade-claim.mjs', 'resources/programs/launchpad.so']) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    // Sources and tests stay out of the package.
    expect(existsSync(join(installed, 'core'))).toBe(false);
    expect(existsSync(join(installed, 'test'))).toBe(false);
  });

  it('runs an example bot with plain node from the installed package', async () => {
    const wallet = await keypairFile(f, work, 50n * ZEC);
    const env = await exampleEnv(f, facade, work, wallet.path);
    const run = await runExample('examples/plant-trade-claim.mjs', env, undefined, { cwd: project, fromSource: false });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^planted EXB\w+ at \w+: first buy of \d+ coin units\nbought \d+ coin units/);
    expect(run.stdout).toMatch(/\nsold all \d+ coin units for \d+ zat\n/);
  }, 60_000);
});
