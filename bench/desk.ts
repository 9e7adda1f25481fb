import { mkdirSync } from 'node:fs';
import type { Address } from '@solana/kit';
import { createApiServer, listenLocal } from '../core/api/server.js';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { IndexStore, type IndexedTransaction, type PlantedFact } from '../core/index/store/index-store.js';
import { CURVE_SHAPE, INITIAL_VIRTUAL_ZEC_RESERVES } from '../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { startApi } from '../test/api/api-fixture.js';
import { openBrowser } from '../test/desk/browser.js';
import buildDesk from '../test/desk/desk-build.js';
import { DeskMarket, ZEC } from '../test/desk/market.js';
import { build, signAndSend } from '../test/engine/http-signing.js';
import { fakeAddress, fakeSignature } from './lib/index-facts.js';
import { intFromEnv, printTable } from './lib/report.js';

export const title = 'the desk in Chromium: a trade landing to the coin page showing it; Discover\'s first render over 100k coins';

/**
 * Part 1: BENCH_DESK_TRADES (default 30) buys through /v1 (build, sign, relay) while the coin page is open
 * in Debian's Chromium; each timed to the tape's
 * first row holding its signature (a MutationObserver's Date.now() in the page, the same machine clock),
 * timed from the signed transactions' POST to /v1/tx/send: relay -> chain -> index -> stream -> desk -> DOM
 * (the relay hands its signatures to the index at once, so the row can show before the relay's answer). Part 2: an index of BENCH_DESK_COINS (default
 * 100,000) listed coins behind the real server; Discover opened cold, timed from navigation start to the
 * Trending table's first row and to every column filled (the page's own performance.now()).
 */
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function tradeToDesk(trades: number): Promise<void> {
  const f = await startApi();
  const market = await DeskMarket.open(f);
  const coin = await market.plant('Bench Coin', 'BENCH');
  await market.buy(coin, ZEC);
  const browser = await openBrowser(1280, 800);
  try {
    const page = browser.page;
    await page.goto(`${f.base}/coin/${coin.mint}`);
    await page.locator('[role="row"][data-signature]').first().waitFor();
    const latencies: number[] = [];
    const relayed: number[] = [];
    for (let i = 0; i < trades; i++) {
      const answer = await build(f, '/v1/trade/build', { wallet: market.trader.address, mint: coin.mint, side: 'buy', amount: String(ZEC / 10n + BigInt(i)) });
      // A string, not a function: tsx's transform names functions with a helper the page does not have.
      const shown = page.evaluate<{ signature: string; at: number }>(`new Promise((resolve) => {
        const tape = document.querySelector('[aria-label="Trades, newest first"]');
        const first = () => tape.querySelector('[data-signature]')?.getAttribute('data-signature') ?? '';
        const before = first();
        new MutationObserver((_, observer) => {
          if (first() !== before) { observer.disconnect(); resolve({ signature: first(), at: Date.now() }); }
        }).observe(tape, { childList: true, subtree: true });
      })`);
      const sent = Date.now();
      const [signature] = await signAndSend(f, answer, [market.trader]);
      relayed.push(Date.now() - sent);
      f.sandbox.cluster.advanceSlots(1);
      const seen = await shown;
      if (seen.signature !== signature) throw new Error(`the tape showed ${seen.signature}, not the trade just sent (${signature})`);
      latencies.push(seen.at - sent);
    }
    const row = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [name, String(pct(sorted, 50)), String(pct(sorted, 99)), String(sorted.at(-1)), String(values.length)];
    };
    printTable(['a trade to the coin page', 'median ms', 'p99 ms', 'max ms', 'trades'], [
      row('send -> the tape shows it (relay, index, stream, DOM)', latencies),
      row('send -> the relay answers (landed, confirmed)', relayed),
    ]);
  } finally {
    await browser.close();
    await f.close();
  }
}

async function discoverFirstRender(coins: number): Promise<void> {
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  const dir = `/tmp/launchdesk-bench-desk-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  const store = IndexStore.open(`${dir}/index.sqlite`);
  const batch: IndexedTransaction[] = [];
  const started = performance.now();
  for (let c = 0; c < coins; c++) {
    const fact: PlantedFact = {
      kind: 'planted', mint: fakeAddress(`desk bench mint ${c}`) as Address, listed: true, unlistedReason: null, pair: 'zec',
      name: `Bench Coin ${c}`, symbol: `B${c % 1_000_000}`, uri: `https://example.com/${c}.json`, deployer: fakeAddress(`d ${c}`), creator: fakeAddress(`c ${c}`),
      payeeKind: 'holders', payee: null, virtualToken: CURVE_SHAPE.initialVirtualTokenReserves, virtualQuote: INITIAL_VIRTUAL_ZEC_RESERVES,
      realToken: CURVE_SHAPE.initialRealTokenReserves, realQuote: 0n, tokenTotalSupply: CURVE_SHAPE.tokenTotalSupply, curve: fakeAddress(`desk bench curve ${c}`),
    };
    batch.push({ signature: fakeSignature(`desk bench planting ${c}`), slot: BigInt(1_000 + c), at: 1_790_000_000n + BigInt(c), facts: [fact] });
    if (batch.length === 5_000) store.applyAll(batch.splice(0));
  }
  store.applyAll(batch.splice(0));
  const indexedMs = performance.now() - started;
  const app = await createApiServer({ store, chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile });
  const { url } = await listenLocal(app, 0);
  const browser = await openBrowser(1280, 800);
  try {
    const rows: string[][] = [];
    for (const round of ['cold', 'warm']) {
      const page = browser.page;
      await page.goto('about:blank');
      await page.goto(`${url}/`);
      await page.locator('[role="table"] [role="row"][data-mint]').first().waitFor({ timeout: 30_000 });
      const firstRow = await page.evaluate<number>('performance.now()');
      await page.getByRole('region', { name: 'New', exact: true }).locator('[data-mint]').first().waitFor();
      const columns = await page.evaluate<number>('performance.now()');
      rows.push([`Discover over ${coins.toLocaleString('en-US')} coins (${round})`, columns.toFixed(0), firstRow.toFixed(0)]);
    }
    printTable(['first render', 'columns filled ms', 'Trending first row ms'], rows);
    console.log(`(the index of ${coins.toLocaleString('en-US')} synthetic listed coins was written in ${(indexedMs / 1000).toFixed(1)} s, untimed)`);
  } finally {
    await browser.close();
    await app.close();
    store.close();
    sandbox.close();
  }
}

export async function run(): Promise<void> {
  await buildDesk();
  await tradeToDesk(intFromEnv('BENCH_DESK_TRADES', 30, 1_000));
  await discoverFirstRender(intFromEnv('BENCH_DESK_COINS', 100_000, 1_000_000));
}
