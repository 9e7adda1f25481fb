import type { Address } from '@solana/kit';
import { DESK_TOKEN_HEADER } from '../core/api/desk/desk-token.js';
import { OsKeychain } from '../core/signer/keychain.js';
import { call, startApi } from '../test/api/api-fixture.js';
import { openBrowser } from '../test/desk/browser.js';
import buildDesk from '../test/desk/desk-build.js';
import { DeskMarket, ZEC } from '../test/desk/market.js';
import { startKeychainSession } from '../test/helpers/keychain-session.js';
import { intFromEnv, printTable } from './lib/report.js';

export const title = 'a quick-buy click in Chromium to the trade shown as landed (one-click trading on), beside the same quick trade driven from Node';

const pct = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const TOKEN = 'desk-token-of-the-quick-buy-bench-000';

/**
 * BENCH_QUICK_BUYS (default 30) clicks on a Discover card's quick-buy with the wallet's one-click policy on,
 * each timed in the page from the click (a capturing listener's performance.now()) to the quick-trade stack
 * showing the run as landed (a MutationObserver): quote, build, the server's review and policy proof, the
 * keychain signature, the relay's send and its confirmation. Interleaved with each click, the peer: the same
 * quick trade from Node (GET quote, POST /v1/trade/build, POST /desk-api/quick/trade). The ratio is what the
 * desk (click, client, rendering) adds. The sandbox's slots advance every 5 ms, as in the tests; on a real
 * cluster the confirmation (about a slot) dominates both figures.
 */
export async function run(): Promise<void> {
  const buys = intFromEnv('BENCH_QUICK_BUYS', 30, 500);
  await buildDesk();
  const session = await startKeychainSession();
  const f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-bench-${process.pid}`), token: TOKEN } });
  const desk = (method: string, path: string, body?: unknown) => call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });
  const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  const browser = await openBrowser(1280, 800);
  try {
    const market = await DeskMarket.open(f);
    const coin = await market.plant('Quick Bench', 'QBEN');
    const wallet = (await desk('POST', '/desk-api/wallets', { label: 'Bench' })).body['address'] as Address;
    await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'SOL', amount: String(100n * 10n ** 9n) });
    await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'ZEC', amount: String(1_000n * ZEC) });
    const policy = { enabled: true, maxSpendZec: String(ZEC), maxSpendSol: '1000000000', maxSlippageBps: 300, maxPriorityLamports: '1000000', pairs: ['zec', 'native'], venues: ['curve', 'pool', 'route'], dailyCapZec: String(1_000n * ZEC), dailyCapSol: '1000000000' };
    const on = await desk('PUT', `/desk-api/wallets/${wallet}/one-click`, { policy, confirmation: 'sign without review' });
    if (on.status !== 200) throw new Error(`one-click could not be turned on: ${JSON.stringify(on.body)}`);
    const page = browser.page;
    await page.goto(`${f.base}/#token=${TOKEN}`);
    const button = page.locator(`li.card[data-mint="${coin.mint}"]`).getByRole('button', { name: 'Quick buy 0.1 ZEC of QBEN' });
    await button.waitFor();
    const ours: number[] = [];
    const peer: number[] = [];
    const amount = String(ZEC / 10n);
    for (let i = 0; i < buys; i++) {
      f.clock += 61_000; // past the builds group's rate window: this bench is not about rate limits
      await page.evaluate(`window.benchLanded = new Promise((resolve, reject) => {
        let clicked = null;
        const seen = document.querySelectorAll('[aria-label="Quick trades"] [data-state="landed"]').length;
        addEventListener('click', () => { clicked = performance.now(); }, { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (clicked === null) return;
          const failed = document.querySelector('[aria-label="Quick trades"] [data-state="failed"], [aria-label="Quick trades"] [data-state="review"]');
          if (failed) { observer.disconnect(); reject(new Error(failed.textContent)); }
          else if (document.querySelectorAll('[aria-label="Quick trades"] [data-state="landed"]').length > seen) { observer.disconnect(); resolve(performance.now() - clicked); }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        setTimeout(() => reject(new Error('no landing shown within 15 s of the click')), 15000);
      }); undefined`);
      await button.click();
      ours.push(await page.evaluate<number>('window.benchLanded'));
      // The stack keeps a few runs: dismissed so the next landing is a new element.
      for (const close of await page.getByRole('region', { name: 'Quick trades' }).getByRole('button', { name: 'Dismiss' }).all()) await close.click();
      f.clock += 61_000;
      const start = performance.now();
      const quote = await call(f, 'GET', `/v1/coins/${coin.mint}/quote?side=buy&amount=${amount}&slippageBps=100&wallet=${wallet}&computeUnitPrice=10000`);
      const built = await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: coin.mint, side: 'buy', amount, slippageBps: 100, computeUnitPrice: '10000' } });
      const ticket = { wallet, mint: coin.mint, side: 'buy', amount, pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: quote.body['minTokensOut'], computeUnitPrice: '10000' };
      const sent = await desk('POST', '/desk-api/quick/trade', { buildId: built.body['buildId'], ticket });
      peer.push(performance.now() - start);
      if (sent.status !== 200) throw new Error(`the peer's quick trade answered ${sent.status}: ${JSON.stringify(sent.body)}`);
    }
    const sortedOurs = [...ours].sort((a, b) => a - b);
    const sortedPeer = [...peer].sort((a, b) => a - b);
    const row = (name: string, sorted: number[]) => [name, pct(sorted, 50).toFixed(1), pct(sorted, 99).toFixed(1), sorted.at(-1)!.toFixed(1), String(sorted.length)];
    printTable(['Quick-buy to landed', 'p50 ms', 'p99 ms', 'max ms', 'samples'], [
      row('desk: click -> landed shown (Chromium)', sortedOurs),
      row('peer: quote + build + quick signature (Node)', sortedPeer),
    ]);
    console.log(`desk / peer: p50 ${(pct(sortedOurs, 50) / pct(sortedPeer, 50)).toFixed(2)}×, p99 ${(pct(sortedOurs, 99) / pct(sortedPeer, 99)).toFixed(2)}×`);
  } finally {
    clearInterval(ticker);
    await browser.close();
    await f.close();
    session.stop();
  }
}
