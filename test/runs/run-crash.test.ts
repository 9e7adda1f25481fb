import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { buyExactTokens } from '../../core/math/curve.js';
import { proRataShares } from '../../core/math/split.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { ServiceRuns } from '../../core/runs/service-runs.js';
import type { RunStep } from '../../core/runs/holder-runs.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { plantListedCoin, vaultOf } from '../helpers/vault.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';

const ZEC = 100_000_000n;

/** The "process" dies here: the run stops at this step as a kill would stop it, and nothing of it goes on. */
class Killed extends Error {}

/**
 * Holder-reward runs stopped at every point (after opening, after each batch, before closing), the
 * service started again each time, with and without its journal (the kept snapshot lost): every holder
 * is paid exactly its pro-rata share of each run, once, as a run that was never interrupted pays it.
 */
describe('holder-reward runs stopped mid-way and resumed', () => {
  let f: ApiFixture;
  let ticker: NodeJS.Timeout;
  let coin: Coin;
  let holders: KeyPairSigner[];
  let spent: bigint[];
  let journal: string;

  beforeAll(async () => {
    f = await startApi();
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    journal = join(f.dir, 'runs.sqlite');
    coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' });
    holders = [];
    spent = [];
    // Twenty holders: three pay_run batches (8, 8, 4).
    for (let i = 0; i < 20; i++) {
      const holder = await fundedWallet(f.sandbox, 100n * ZEC);
      holders.push(holder);
      spent.push(await buy(holder, BigInt(i + 1) * 97_000_000_000n));
    }
  });
  afterAll(async () => {
    await f.close();
    clearInterval(ticker);
  });

  async function buy(holder: KeyPairSigner, amount: bigint): Promise<bigint> {
    const quote = buyExactTokens(curveOf(f.sandbox, coin), tokens(amount), SANDBOX_FEE_RATES);
    const result = await send(f.sandbox, holder, [await openCoinAccount(holder, coin), await buyV2Instruction(partiesFor(f.sandbox, coin, holder.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    return quote.totalCost;
  }

  const zec = () => f.sandbox.profile.mints.zec;
  const zecOf = (owner: Address) => tokenBalance(f.sandbox, owner, zec().address, zec().tokenProgram);

  function start(crashAt: ((step: RunStep) => boolean) | null): ServiceRuns {
    let crashed = false;
    return ServiceRuns.start({
      chain: new SandboxChain(f.sandbox.cluster),
      store: f.store,
      profile: f.sandbox.profile,
      journalPath: journal,
      authority: f.sandbox.serviceAuthority,
      timings: { splitDelayMs: 0, holderRunEveryMs: 0, holderRunMinimumZec: 1n, retryMs: 60 * 60_000, maxRetryMs: 60 * 60_000 },
      // Only this coin's run stops (the fixture's own holders coin has runs too).
      onStep: (mint, step) => {
        if (!crashed && mint === coin.mint && crashAt?.(step)) {
          crashed = true;
          throw new Killed(`stopped at ${JSON.stringify(step)}`);
        }
      },
    });
  }

  async function until(what: string, check: () => boolean | Promise<boolean>, runs: ServiceRuns): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; jobs: ${JSON.stringify(runs.jobs(coin.mint))}; last run: ${JSON.stringify(await f.store.runs.lastRunOf(coin.mint), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`);
      await f.indexed();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const points: { name: string; at: (step: RunStep) => boolean; loseJournal: boolean }[] = [
    { name: 'right after open_run', at: (s) => s.step === 'opened', loseJournal: false },
    { name: 'after the first batch', at: (s) => s.step === 'paid' && s.batch === 0, loseJournal: false },
    { name: 'after the second batch, journal lost', at: (s) => s.step === 'paid' && s.batch === 1, loseJournal: true },
    { name: 'after the last batch, before close_run', at: (s) => s.step === 'closing', loseJournal: false },
    { name: 'right after open_run, journal lost', at: (s) => s.step === 'opened', loseJournal: true },
  ];

  for (const point of points) {
    it(`pays everyone exactly once when stopped ${point.name}`, async () => {
      // More trades: more fees for a new run, and balances that move between runs.
      for (const [i, h] of holders.entries()) if (i % 3 === 0) spent[i] = spent[i]! + (await buy(h, 11_000_000_000n));
      const runsBefore = (await f.store.runs.runsOf(coin.mint, 1000)).length;
      const paidBefore = await Promise.all(holders.map((h) => zecOf(h.address)));
      const balances = await Promise.all(holders.map((h) => tokenBalance(f.sandbox, h.address, coin.mint, TOKEN_2022_PROGRAM)));

      const first = start(point.at);
      try {
        await until('the run stopped', () => first.jobs(coin.mint).some((j) => j.kind === 'holders' && j.state === 'failed'), first);
      } finally {
        await first.stop();
      }
      const stopped = (await f.store.runs.lastRunOf(coin.mint))!;
      expect(stopped.state).toBe('paying');
      if (point.loseJournal) for (const file of [journal, `${journal}-wal`, `${journal}-shm`]) rmSync(file, { force: true });

      const second = start(null);
      try {
        await until('the run closed', async () => (await f.store.runs.lastRunOf(coin.mint))?.state === 'closed' && (await f.store.runs.lastRunOf(coin.mint))!.run === stopped.run, second);
        await second.idle();
      } finally {
        await second.stop();
      }

      // Exactly one new run, paid in full, each holder once, as an uninterrupted run pays it.
      const runs = await f.store.runs.runsOf(coin.mint, 1000);
      expect(runs.length).toBe(runsBefore + 1);
      const run = runs[0]!;
      const { shares, dust } = proRataShares(run.total, balances);
      const payments = await f.store.runs.payments(coin.mint, run.run, 1000);
      expect(payments.length).toBe(holders.length);
      expect(new Map(payments.map((p) => [p.holder, p.share]))).toEqual(new Map(holders.map((h, i) => [h.address, shares[i]!])));
      const after = await Promise.all(holders.map((h) => zecOf(h.address)));
      expect(after.map((z, i) => z - paidBefore[i]!)).toEqual(shares);
      expect(run).toMatchObject({ recipients: 20, paidRecipients: 20, paid: run.total - dust, dust });
      expect(await zecOf(await findPayeeRecord(vaultOf(f.sandbox), coin.mint))).toBe(dust);
    }, 240_000);
  }
});
