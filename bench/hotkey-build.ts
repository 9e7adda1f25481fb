import { call, startApi } from '../test/api/api-fixture.js';
import { openBrowser } from '../test/desk/browser.js';
import buildDesk from '../test/desk/desk-build.js';
import { DeskMarket, ZEC } from '../test/desk/market.js';
import { fundedWallet } from '../test/helpers/launchpad.js';
import { intFromEnv, printTable } from './lib/report.js';

export const title = 'a key press in Chromium (Enter on a filled ticket) to the build shown, beside the bare POST /v1/trade/build from Node';

const pct = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * BENCH_HOTKEY_PRESSES (default 40) presses of Enter on the coin page's filled, quoted ticket, each timed in
 * the page from the keydown (a capturing listener's performance.now(), before the desk's own listener) to the
 * build's answer in the DOM (a MutationObserver seeing the ticket's "Build" block); Esc drops the build and
 * the ticket is quoted again between presses (untimed). Interleaved with each press, the peer: the same
 * build's POST /v1/trade/build round-trip from Node (fetch, JSON parsed). The ratio says what the desk
 * (key dispatch, client, rendering) adds to the server's build.
 */
export async function run(): Promise<void> {
  const presses = intFromEnv('BENCH_HOTKEY_PRESSES', 40, 1_000);
  await buildDesk();
  const f = await startApi();
  const market = await DeskMarket.open(f);
  const coin = await market.plant('Hotkey Bench', 'HKEY');
  const wallet = await fundedWallet(f.sandbox, 1_000n * ZEC);
  const browser = await openBrowser(1280, 800);
  try {
    const page = browser.page;
    await page.goto(`${f.base}/coin/${coin.mint}`);
    const ticket = page.getByRole('region', { name: 'Trade ticket' });
    await ticket.getByPlaceholder('wallet address').fill(wallet.address);
    await ticket.getByRole('textbox', { name: /^Amount/ }).fill('0.1');
    await page.evaluate('document.activeElement?.blur()');
    const build = ticket.getByRole('button', { name: 'Build the buy' });
    /** The ticket can build again: quoted afresh, no build on screen. */
    const quoted = async () => {
      const ready = async () => (await ticket.locator('.quote').getAttribute('data-state')) === 'quoted' && (await ticket.locator('.built').count()) === 0 && (await build.isEnabled());
      for (let i = 0; i < 1_000 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 10));
    };
    const desk: number[] = [];
    const peer: number[] = [];
    const body = { wallet: wallet.address, mint: coin.mint, side: 'buy', amount: String(ZEC / 10n) };
    for (let i = 0; i < presses; i++) {
      await quoted();
      f.clock += 61_000; // past the builds group's rate window: this bench is not about rate limits
      // A string, not a function: tsx's transform names functions with a helper the page does not have.
      // The watch is installed (awaited) before the key is pressed, so it never misses the press.
      await page.evaluate(`window.benchShown = new Promise((resolve, reject) => {
        const ticket = document.querySelector('[aria-label="Trade ticket"]');
        let pressed = null;
        addEventListener('keydown', (e) => { if (e.key === 'Enter') pressed = performance.now(); }, { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (pressed === null) return;
          if (ticket.querySelector('.built')) { observer.disconnect(); resolve(performance.now() - pressed); }
          else if (ticket.querySelector('.build ~ .problem')) { observer.disconnect(); reject(new Error(ticket.querySelector('.build ~ .problem').textContent)); }
        });
        observer.observe(ticket, { childList: true, subtree: true });
        setTimeout(() => reject(new Error('no build shown within 10 s after Enter' + (pressed === null ? ' (no Enter seen)' : '') + ': ' + ticket.textContent.slice(0, 400))), 10000);
      }); undefined`);
      await page.keyboard.press('Enter');
      desk.push(await page.evaluate<number>('window.benchShown'));
      await page.keyboard.press('Escape');
      f.clock += 61_000;
      const start = performance.now();
      const answer = await call(f, 'POST', '/v1/trade/build', { body });
      peer.push(performance.now() - start);
      if (answer.status !== 200) throw new Error(`the peer's build answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    const sortedDesk = [...desk].sort((a, b) => a - b);
    const sortedPeer = [...peer].sort((a, b) => a - b);
    const row = (name: string, sorted: number[]) => [name, pct(sorted, 50).toFixed(1), pct(sorted, 99).toFixed(1), sorted.at(-1)!.toFixed(1), String(sorted.length)];
    printTable(['Enter to the build shown', 'p50 ms', 'p99 ms', 'max ms', 'samples'], [
      row('desk: keydown -> build shown (Chromium)', sortedDesk),
      row('peer: POST /v1/trade/build round-trip (Node)', sortedPeer),
    ]);
    console.log(`desk / peer: p50 ${(pct(sortedDesk, 50) / pct(sortedPeer, 50)).toFixed(2)}×, p99 ${(pct(sortedDesk, 99) / pct(sortedPeer, 99)).toFixed(2)}× (target: desk p50 under 50 ms)`);
  } finally {
    await browser.close();
    await f.close();
  }
}
