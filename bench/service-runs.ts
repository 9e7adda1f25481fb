import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { Ingestor } from '../core/index/ingest/ingestor.js';
import { IndexStore, type IndexedTransaction } from '../core/index/store/index-store.js';
import { curveState } from '../core/math/curve.js';
import { ServiceRuns } from '../core/runs/service-runs.js';
import { CURVE_SHAPE, INITIAL_VIRTUAL_ZEC_RESERVES } from '../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { rulesOf } from '../test/index/rules.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokens } from '../test/helpers/launchpad.js';
import { plantingInstructions } from '../test/helpers/vault.js';
import { buyExactTokens } from '../core/math/curve.js';
import { buyV2Instruction } from '../core/programs/launchpad/instructions/buy-v2.js';
import { curveTradeFact, fakeAddress, fakeSignature } from './lib/index-facts.js';
import { fmtInt, fmtMs, intFromEnv, percentile, printTable } from './lib/report.js';

/**
 * The service's runs at scale, beside what they stand on, in the same run.
 *
 * 1. Runs for BENCH_RUN_COINS (1,000) coins with fees waiting: each coin planted with a wallet payee that
 *    has a ZEC account and bought once (its creator fee accrued), indexed; then the scheduler starts and
 *    sends a split and a claim per coin (2,000 real signed transactions, each simulated, sent and
 *    confirmed) until every payee is paid. Its transactions per second stand beside the sandbox's raw
 *    send rate in the same run: as many pre-signed SOL transfers sent straight to the cluster, nothing
 *    awaited between them. The slot clock ticks every SLOT_MS (10 ms) so that "confirmed" (the slot
 *    after landing) comes quickly; at the product's 400 ms slots the confirmation wait is the chain's
 *    pace, not ours (runs of 8 coins go at once to share it).
 * 2. The holders read at BENCH_HOLDERS (10,000) holders of one coin: the first page (50, largest first,
 *    valued) and the holder count, and a run's snapshot (every holder replayed from the trades at a slot),
 *    in an index built from that many buys; p50 and p99 over 200 reads.
 */

export const title = 'service runs: transactions per second vs the raw send rate; holders read at 10k holders';

const SLOT_MS = 10;
const ZEC = 100_000_000n;

export async function run(): Promise<void> {
  const coins = intFromEnv('BENCH_RUN_COINS', 1000, 20_000);
  const holderCount = intFromEnv('BENCH_HOLDERS', 10_000, 200_000);
  await runsAtScale(coins);
  await holdersRead(holderCount);
}

async function runsAtScale(coins: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-runs-'));
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  const store = IndexStore.open(join(dir, 'index.sqlite'));
  const chain = new SandboxChain(sandbox.cluster);
  const ingestor = new Ingestor(chain, store, rulesOf(sandbox));
  const ticker = setInterval(() => sandbox.cluster.advanceSlots(1), SLOT_MS);
  try {
    await ingestor.start();
    const payee = await fundedWallet(sandbox, 1n);
    const payer = await fundedWallet(sandbox, BigInt(coins) * ZEC);
    let setup = performance.now();
    for (let i = 0; i < coins; i++) {
      const mint = await generateKeyPairSigner();
      const { coin, instructions } = await plantingInstructions(sandbox, payer, mint, { kind: 'wallet', wallet: payee.address }, null, 'zec', { symbol: `RUN${i}`.slice(0, 10) });
      const planted = await send(sandbox, payer, instructions, [mint]);
      if (planted.err !== null) throw new Error(`planting ${i} failed: ${JSON.stringify(planted.err)}`);
      const buy = buyExactTokens(curveOf(sandbox, coin), tokens(1_000_000_000_000n), SANDBOX_FEE_RATES);
      const bought = await send(sandbox, payer, [await openCoinAccount(payer, coin), await buyV2Instruction(partiesFor(sandbox, coin, payer.address), { amount: buy.tokens, maxQuoteCost: buy.totalCost })]);
      if (bought.err !== null) throw new Error(`buy ${i} failed: ${JSON.stringify(bought.err)}`);
    }
    sandbox.cluster.advanceSlots(1);
    await ingestor.idle();
    setup = performance.now() - setup;

    const journalPath = join(dir, 'runs.sqlite');
    const started = performance.now();
    const runs = ServiceRuns.start({ chain, store, profile: sandbox.profile, journalPath, authority: sandbox.serviceAuthority, timings: { splitDelayMs: 0 } });
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      const jobs = runs.jobs();
      if (jobs.length >= 2 * coins && jobs.every((j) => j.state === 'idle')) break;
      if (jobs.some((j) => j.state === 'failed')) throw new Error(`a run failed: ${jobs.find((j) => j.state === 'failed')!.lastError}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const sent = runs.jobs().filter((j) => j.lastSignature !== null).length;
    await runs.stop();
    // Every payee paid: the index read back agrees.
    await ingestor.idle();
    const unpaid = (await store.runs.runFacts()).filter((c) => c.waitingZec > 0n).length;
    if (unpaid > 0) throw new Error(`${unpaid} coins still have something waiting`);

    // The peer: the cluster's raw send rate for as many pre-signed transfers, in this same run.
    const sender = await fundedWallet(sandbox);
    const recipient = (await generateKeyPairSigner()).address;
    const encoder = getTransactionEncoder();
    const wires: Uint8Array[] = [];
    const blockhash = sandbox.cluster.latestBlockhash();
    for (let i = 0; i < sent; i++) {
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(sender, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: sender, destination: recipient, amount: lamports(1_000_000n + BigInt(i)) }), m),
      );
      wires.push(new Uint8Array(encoder.encode(await signTransactionMessageWithSigners(message))));
    }
    const rawStart = performance.now();
    for (const wire of wires) if (!sandbox.cluster.send(wire).landed) throw new Error('a raw transfer did not land');
    const rawSeconds = (performance.now() - rawStart) / 1000;

    const ours = sent / seconds;
    const raw = sent / rawSeconds;
    console.log(`${fmtInt(coins)} coins planted and bought in ${(setup / 1000).toFixed(1)} s; the scheduler sent ${fmtInt(sent)} transactions (a split and a claim per coin), ${SLOT_MS} ms slots`);
    printTable(
      ['path', 'transactions', 'seconds', 'tx/s', 'ratio'],
      [
        ['service runs (simulate, send, confirm; 8 coins at once)', fmtInt(sent), seconds.toFixed(2), fmtInt(ours), `${(ours / raw).toFixed(3)}x`],
        ['sandbox raw send (pre-signed transfers, nothing awaited)', fmtInt(sent), rawSeconds.toFixed(2), fmtInt(raw), '1x'],
      ],
    );
  } finally {
    clearInterval(ticker);
    ingestor.stop();
    store.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function holdersRead(holderCount: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-holders-'));
  const store = IndexStore.open(join(dir, 'index.sqlite'));
  try {
    const mint = fakeAddress('holders coin');
    const planted: IndexedTransaction = {
      signature: fakeSignature('plant'), slot: 1n, at: 1_700_000_000n,
      facts: [{ kind: 'planted', mint, listed: true, unlistedReason: null, pair: 'zec', name: 'Holders', symbol: 'HOLD', uri: 'https://example.com/h.json', deployer: fakeAddress('deployer'), creator: fakeAddress('creator'), payeeKind: 'holders', payee: null, virtualToken: CURVE_SHAPE.initialVirtualTokenReserves, virtualQuote: INITIAL_VIRTUAL_ZEC_RESERVES, realToken: CURVE_SHAPE.initialRealTokenReserves, realQuote: 0n, tokenTotalSupply: CURVE_SHAPE.tokenTotalSupply, curve: fakeAddress('curve') }],
    };
    store.applyAll([planted]);
    let curve = curveState({ virtualTokenReserves: CURVE_SHAPE.initialVirtualTokenReserves, virtualQuoteReserves: INITIAL_VIRTUAL_ZEC_RESERVES, realTokenReserves: CURVE_SHAPE.initialRealTokenReserves, realQuoteReserves: 0n, complete: false });
    const batch: IndexedTransaction[] = [];
    for (let i = 0; i < holderCount; i++) {
      const amount = tokens(1_000_000n + BigInt((i * 7919) % 50_000) * 1_000_000n);
      const buy = buyExactTokens(curve, amount, SANDBOX_FEE_RATES);
      curve = buy.next;
      batch.push({ signature: fakeSignature(`buy ${i}`), slot: BigInt(2 + i), at: 1_700_000_000n + BigInt(i), facts: [curveTradeFact(mint, 'buy', fakeAddress(`holder ${i}`), buy.tokens, buy.quoteCost, buy.totalCost, buy.creatorFee, buy.protocolFee, curve)] });
      if (batch.length === 5_000) store.applyAll(batch.splice(0));
    }
    store.applyAll(batch.splice(0));
    const lastSlot = BigInt(1 + holderCount);
    const time = async (label: string, read: () => Promise<number>, reads: number) => {
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) await read(); // warm-up
      for (let i = 0; i < reads; i++) {
        const t = performance.now();
        await read();
        ms.push(performance.now() - t);
      }
      return [label, fmtMs(percentile(ms, 50)), fmtMs(percentile(ms, 99))];
    };
    printTable(['read at ' + fmtInt(holderCount) + ' holders', 'p50 ms', 'p99 ms'], [
      await time('first page of 50, valued, and the holder count (GET /v1/coins/{mint}/holders)', async () => (await store.holders(mint, 50)).length + Number((await store.holderTotals(mint)).holders), 200),
      await time('a page deep in the list (offset 9,000)', async () => (await store.holders(mint, 50, Math.min(9_000, holderCount - 50))).length, 200),
      await time("a run's snapshot: every holder replayed at a slot", async () => (await store.holdersAt(mint, lastSlot)).length, 20),
    ]);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
