import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Address, Signature } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { runReport } from '../../core/runs/run-report.js';
import { spanText } from '../../core/types/span-text.js';
import { RunJournal } from '../../core/runs/store/run-journal.js';
import { tempDir } from '../helpers/sandbox.js';
import { launchdeskArgs } from '../helpers/child-js.js';

const A = 'So11111111111111111111111111111111111111112' as Address;
const B = '3XdVUDb8YE2ZBDGvdeQP2TnzbpzcXXeQG3UTQK4nuS65' as Address;
const SIG = '5'.repeat(88) as Signature;

/** `launchdesk runs` over a real runs.sqlite: what failed and why, what waits, what ran. */
describe('launchdesk runs', () => {
  const dir = tempDir('launchdesk-runs-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (args: string[]) => spawnSync(process.execPath, launchdeskArgs(args), { encoding: 'utf8', timeout: 30_000 });

  it('says there are none yet in a data dir the server never ran in', () => {
    const run = cli(['runs', '--data', dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`no runs yet in ${dir}: \`launchdesk serve\` (or \`start\`) sends them once coins trade\n`);
  });

  it('lists failures with their reason and retry time, waiting runs, and what ran', () => {
    const journal = RunJournal.open(join(dir, 'runs.sqlite'));
    const now = Date.now();
    journal.markDue(A, 'split', now - 5_000);
    journal.done(A, 'split', { lastDone: 'split the creator fees', signature: SIG }, now - 4_000);
    journal.markDue(B, 'claim', now);
    journal.failed(B, 'claim', `the payee ${A} has no ZEC account`, now + 190_000, now);
    journal.markDue(A, 'holders', now + 600_000);
    // A second due time later than the first never pushes a waiting run away.
    journal.markDue(A, 'holders', now + 3_600_000);
    journal.close();

    const run = cli(['runs', '--data', dir]);
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('failed (1): each is tried again by itself');
    expect(lines[1]).toMatch(new RegExp(`^  claim    ${B}  retry in 3 min \\d+ s, 1 failure in a row$`));
    expect(lines[2]).toBe(`           the payee ${A} has no ZEC account`);
    expect(lines[3]).toBe('waiting (1)');
    // Due in 600 s less the time the command took to start, to the nearest second: 10 min when that was under half a second.
    expect(lines[4]).toMatch(new RegExp(`^  holders  ${A}  in (9 min \\d+ s|10 min)$`));
    expect(lines[5]).toBe('ran (1)');
    expect(lines[6]).toMatch(new RegExp(`^  split    ${A}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  split the creator fees  ${SIG}$`));
  });

  it('refuses a flag it does not take, with its usage', () => {
    const run = cli(['runs', '--bogus']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("runs: Unknown option '--bogus'");
    expect(run.stderr).toContain('Usage: launchdesk runs [--data DIR]');
  });

  it('writes spans a person reads at a glance', () => {
    expect([0, 4_400, 60_000, 190_000, 3_600_000, 7_500_000].map(spanText)).toEqual(['0 s', '4 s', '1 min', '3 min 10 s', '1 h', '2 h 5 min']);
    expect(runReport([], 0)).toBe('failed (0)\nwaiting (0)\nran (0)\n');
  });
});
