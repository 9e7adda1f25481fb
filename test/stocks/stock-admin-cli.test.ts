import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeToken2022Mint } from '../../core/programs/token-2022/mint.js';
import { startRpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { tempDir } from '../helpers/sandbox.js';
import { launchdesk } from '../helpers/child-js.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const cli = (args: string[]) => launchdesk(args);

/** `launchdesk stock`: the sandbox's stock admin from the command line, and through a running sandbox's JSON-RPC. */
describe('launchdesk stock', () => {
  it('pauses a stock in a stopped sandbox, holds one back, and refuses what it cannot do in plain words', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const pause = await cli(['stock', 'tslax', 'pause', '--data', dataDir]);
    expect(pause.stderr).toBe('');
    expect(pause.status).toBe(0);
    // A new sandbox seeds its market first (its progress lines), then the action's line.
    expect(pause.stdout).toMatch(/\ntslax: the issuer paused the token\n$/);
    const hold = await cli(['stock', 'amd', 'hold', 'review', '--data', dataDir]);
    expect([hold.status, hold.stdout]).toEqual([0, 'amd is held back (review)\n']);
    const off = await cli(['stock', 'all', 'pairs', 'off', '--data', dataDir]);
    expect([off.status, off.stdout]).toEqual([0, 'stock pairs are off service-wide\n']);

    // The refusals change nothing: they run side by side (at most one of them opens the sandbox).
    const refusals = [
      [['stock', 'tslax', 'explode'], /no action "explode": the actions are rotate, pause, /],
      [['stock', 'tslax', 'rotate', 'king'], /no role "king": the roles are mint-authority, freeze-authority, /],
      [['stock', 'tslax', 'multiplier-move', '1e3'], /not a plain non-negative decimal: "1e3"/],
      [['stock', 'TSLAX', 'pause'], /no stock "TSLAX": the keys are nvdax, /],
      [['stock', 'tslax', 'auto-approve', 'maybe'], /auto-approve takes on or off, not "maybe"/],
    ] as const;
    const [usage, ...refused] = await Promise.all([cli(['stock', 'tslax']), ...refusals.map(([args]) => cli([...args, '--data', dataDir]))]);
    refused.forEach((run, i) => {
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(refusals[i]![1]);
    });
    expect(usage!.status).toBe(2);

    const sandbox = await Sandbox.open({ dataDir, slotMs: 0 });
    try {
      const stocks = sandbox.profile.stocks!;
      expect(stocks.pairs).toBe('off');
      expect(stocks.stocks.find((s) => s.key === 'amd')!.hold).toBe('review');
      const tslax = stocks.stocks.find((s) => s.key === 'tslax')!;
      expect(decodeToken2022Mint(sandbox.cluster.getAccount(tslax.mint)!)!.pausable).toMatchObject({ paused: true });
    } finally {
      sandbox.close();
    }
  }, 120_000);

  it('a running sandbox takes the same actions over its JSON-RPC (sandboxStockAdmin)', async () => {
    const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    const facade = await startRpcFacade(sandbox, { port: 0 });
    try {
      const rpc = async (params: unknown[]) =>
        (await (await fetch(facade.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sandboxStockAdmin', params }) })).json()) as Record<string, unknown>;
      expect(await rpc(['nflx', { action: 'multiplier-move', to: '2' }])).toMatchObject({ result: 'nflx: multiplier 1 → 2 at once' });
      expect(await rpc(['tslax', { action: 'rotate', role: 'permanent delegate' }])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/a key the sandbox does not hold/) } });
      expect(await rpc(['nflx'])).toMatchObject({ error: { message: 'Invalid params: expected [stock key, action]' } });
    } finally {
      await facade.close();
      sandbox.close();
    }
  });
});
