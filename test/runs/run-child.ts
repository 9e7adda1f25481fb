import { join } from 'node:path';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { startIndex } from '../../core/index/index-service.js';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { ServiceRuns } from '../../core/runs/service-runs.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokens } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';

/**
 * The process the kill -9 test starts and kills (test/runs/run-kill.test.ts), over a sandbox, an index and
 * a runs journal in one data dir, as `launchdesk serve` keeps them:
 *   setup DIR        plants a holders coin bought by 20 wallets; prints {"mint", "holders"} and exits
 *   runs DIR [STEP]  runs the service until the coin's first run is closed, printing each step of the run;
 *                    at STEP (opened, paid:N, closing) it stops dead until it is killed
 */
const [mode, dataDir, stopAt] = process.argv.slice(2);
if (!dataDir || (mode !== 'setup' && mode !== 'runs')) throw new Error('usage: run-child.ts setup|runs DIR [STEP]');

const sandbox = await Sandbox.open({ dataDir, slotMs: 10, market: { state: 'empty' } });
const chain = new SandboxChain(sandbox.cluster);
const index = await startIndex({ chain, profile: sandbox.profile, indexPath: join(dataDir, 'index.sqlite') });
const ZEC = 100_000_000n;

if (mode === 'setup') {
  const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' });
  const holders: string[] = [];
  for (let i = 0; i < 20; i++) {
    const holder = await fundedWallet(sandbox, 100n * ZEC);
    const quote = buyExactTokens(curveOf(sandbox, coin), tokens(BigInt(i + 1) * 89_000_000_000n), SANDBOX_FEE_RATES);
    const result = await send(sandbox, holder, [await openCoinAccount(holder, coin), await buyV2Instruction(partiesFor(sandbox, coin, holder.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    if (result.err !== null) throw new Error(`buy ${i}: ${JSON.stringify(result.err)}`);
    holders.push(holder.address);
  }
  sandbox.cluster.advanceSlots(2);
  await index.ingestor.idle();
  process.stdout.write(`${JSON.stringify({ mint: coin.mint, holders })}\n`);
} else {
  let mint: string | null = null;
  const runs = ServiceRuns.start({
    chain,
    store: index.store,
    profile: sandbox.profile,
    journalPath: join(dataDir, 'runs.sqlite'),
    authority: sandbox.serviceAuthority,
    timings: { splitDelayMs: 0, holderRunEveryMs: 60 * 60_000, holderRunMinimumZec: 1n, retryMs: 100, maxRetryMs: 200 },
    onStep: (coin, step) => {
      mint = coin;
      const name = step.step === 'paid' ? `paid:${step.batch}` : step.step;
      process.stdout.write(`step ${name}\n`);
      // Stop dead here (no event loop, no timer, nothing more sent) until the test's SIGKILL arrives.
      if (name === stopAt) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
    },
  });
  for (;;) {
    await new Promise((r) => setTimeout(r, 20));
    const last = mint === null ? null : await index.store.runs.lastRunOf(mint as never);
    if (last?.state === 'closed') break;
  }
  await runs.stop();
  process.stdout.write('closed\n');
}
await index.stop();
sandbox.close();
process.exit(0);
