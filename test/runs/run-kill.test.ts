import { rmSync } from 'node:fs';
import type { Address } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { proRataShares } from '../../core/math/split.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { decodeRewardRun, findRewardRun } from '../../core/programs/vault/runs.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { tokenBalance } from '../helpers/launchpad.js';
import { killableChild } from '../helpers/kill-child.js';
import { tempDir } from '../helpers/sandbox.js';
import { vaultOf } from '../helpers/vault.js';

const CHILD = 'test/runs/run-child.ts';

const child = (args: string[], killAt: string | null = null) => killableChild(CHILD, args, killAt);

/**
 * A real kill -9 of the process running a holder-reward run, again and again at different points (right
 * after open_run; after a batch, twice; before close_run), each time started again on the same data dir
 * (sandbox ledger, index, runs journal): in the end every holder is paid exactly its pro-rata share,
 * once, as a run never interrupted pays it.
 */
describe('a holder-reward run killed with SIGKILL at several points', () => {
  const dir = tempDir('launchdesk-kill-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pays every holder exactly once after each restart', async () => {
    const setup = await child(['setup', dir]);
    const { mint, holders } = JSON.parse(setup.out.trim().split('\n').at(-1)!) as { mint: Address; holders: Address[] };
    let sandbox = await Sandbox.open({ dataDir: dir, slotMs: 0 });
    const zec = sandbox.profile.mints.zec;
    const zecBefore = await Promise.all(holders.map((h) => tokenBalance(sandbox, h, zec.address, zec.tokenProgram)));
    const balances = await Promise.all(holders.map((h) => tokenBalance(sandbox, h, mint, TOKEN_2022_PROGRAM)));
    sandbox.close();

    const steps: string[] = [];
    for (const killAt of ['opened', 'paid:0', 'paid:0', 'closing']) {
      const run = await child(['runs', dir], killAt);
      expect(run.killed, `killed at ${killAt}`).toBe(true);
      steps.push(...run.out.trim().split('\n'));
    }
    const last = await child(['runs', dir]);
    steps.push(...last.out.trim().split('\n'));
    // Twenty holders: 8 paid, then 8, then the last 4, then the close; every kill landed where it was aimed.
    expect(steps).toEqual(['step opened', 'step paid:0', 'step paid:0', 'step paid:0', 'step closing', 'step closing', 'closed']);

    sandbox = await Sandbox.open({ dataDir: dir, slotMs: 0 });
    try {
      const vault = vaultOf(sandbox);
      const run = decodeRewardRun(sandbox.cluster.getAccount(await findRewardRun(vault, mint, 1))!.data);
      expect(run).toMatchObject({ run: 1, recipients: 20, paidRecipients: 20, closed: true });
      expect(sandbox.cluster.getAccount(await findRewardRun(vault, mint, 2))).toBeNull();
      const { shares, dust } = proRataShares(run.total, balances);
      const zecAfter = await Promise.all(holders.map((h) => tokenBalance(sandbox, h, zec.address, zec.tokenProgram)));
      expect(zecAfter.map((z, i) => z - zecBefore[i]!)).toEqual(shares);
      expect(run.paid).toBe(run.total - dust);
      expect(await tokenBalance(sandbox, await findPayeeRecord(vault, mint), zec.address, zec.tokenProgram)).toBe(dust);
    } finally {
      sandbox.close();
    }
  }, 600_000);
});
