import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { exampleEnv, keypairFile, runExample } from './example-run.js';

const ZEC = 100_000_000n;

/** The example bots in examples/, run as separate processes against a real server and the sandbox's JSON-RPC. */
describe('the example bots', () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let ticker: ReturnType<typeof setInterval>;
  let dir: string;

  beforeAll(async () => {
    f = await startApi({ content: {} });
    facade = await startRpcFacade(f.sandbox, { port: 0 });
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    dir = tempDir('launchdesk-examples-');
  }, 60_000);
  afterAll(async () => {
    clearInterval(ticker);
    await facade.close();
    await f.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plants with an upload, holder rewards and a first buy, buys, sells all and tries its claim', async () => {
    const wallet = await keypairFile(f, dir, 50n * ZEC);
    const run = await runExample('examples/plant-trade-claim.mjs', await exampleEnv(f, facade, dir, wallet.path));
    expect(run.stderr).not.toMatch(/Error|refused:/);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^planted EXB\w+ at \w+: first buy of \d+ coin units$/);
    expect(lines[1]).toMatch(/^bought \d+ coin units for \d+ zat \(quoted \d+\)$/);
    expect(lines[2]).toMatch(/^sold all \d+ coin units for \d+ zat$/);
    // No split run on this server: nothing waits in the fee account yet, and the refusal says so.
    expect(lines[3]).toMatch(/^(claimed \d+ zat for EXP\w+|no claim for EXP\w+ yet: .*nothing waits in the fee account.*)$/);
    // Progress went to stderr, step by step.
    expect(run.stderr).toMatch(/verify: 1 transaction against your request/);
    expect(run.stderr).toMatch(/register: waiting for the index/);
  }, 60_000);

  it('follows the push stream and buys each new coin as it is listed', async () => {
    const wallet = await keypairFile(f, dir, 10n * ZEC);
    const env = { ...(await exampleEnv(f, facade, dir, wallet.path)), LAUNCHDESK_COINS: '2', LAUNCHDESK_SPEND: '0.25' };
    let following!: () => void;
    const ready = new Promise<void>((resolve) => (following = resolve));
    const done = runExample('examples/follow-new-coins.mjs', env, (out) => out.includes('following new coins') && following());
    await ready;
    const planted: string[] = [];
    for (let i = 0; i < 2; i++) planted.push((await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 5n * ZEC), { kind: 'holders' })).mint);
    const run = await done;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const bought = run.stdout.split('\n').filter((line) => line.startsWith('bought '));
    expect(bought).toHaveLength(2);
    planted.forEach((mint, i) => expect(bought[i]).toMatch(new RegExp(`^bought \\d+ \\w+ \\(${mint}\\) for 25000000 zat$`)));
  }, 60_000);
});
