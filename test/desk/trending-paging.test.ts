import { SANDBOX_STOCK_PAIRS } from '../../core/sandbox/genesis/stock-pairs.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { openBrowser, type Browser } from './browser.js';
import { apiCoins, DeskMarket } from './market.js';

/**
 * The Trending table with more coins than one page: it follows the server's `next` cursors as it is
 * scrolled, and draws only the rows on screen, so its size in the page does not grow with the list.
 */
describe('Trending paging in Chromium', () => {
  let f: ApiFixture;
  let browser: Browser;
  // One page of 100 and half of another: the fixture's own coin, genesis's stock coins and the ones planted here.
  const COINS = 150 + SANDBOX_STOCK_PAIRS.length;

  beforeAll(async () => {
    f = await startApi();
    await (await DeskMarket.open(f)).plantMany(COINS - 1 - SANDBOX_STOCK_PAIRS.length, 'PG');
    browser = await openBrowser(1280, 800);
    await browser.page.goto(`${f.base}/`);
    await browser.page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  const rowsDrawn = () => browser.page.locator('[role="table"] [role="row"][data-mint]').count();
  const count = () => browser.page.getByRole('region', { name: 'Trending' }).locator('header .count').textContent();

  it('reads the next page as the table nears its end, in the order the API pages it, drawing only what is on screen', async () => {
    await expect.poll(count).toBe('100+ coins');
    expect(await rowsDrawn()).toBeLessThan(40);
    const viewport = browser.page.locator('[role="table"]');
    await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(count).toBe(`${COINS} coins`);
    await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
    expect(await rowsDrawn()).toBeLessThan(40);

    // The rows on screen at the end are the API's last page, in its order (the desk followed `next`).
    const first = await apiCoins(f, '&sort=trending');
    f.clock += 61_000;
    const second = (await (await fetch(`${f.base}/v1/coins?sort=trending&limit=100&cursor=100`)).json()) as { data: { mint: string }[]; next: string | null };
    expect(second.next).toBeNull();
    const all = [...first.map((c) => c['mint']), ...second.data.map((c) => c.mint)];
    expect(all).toHaveLength(COINS);
    const drawn = await browser.page.locator('[role="table"] [role="row"][data-mint]').evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute('aria-rowindex')) - 1, r.getAttribute('data-mint')] as const));
    expect(drawn.length).toBeGreaterThan(5);
    for (const [rank, mint] of drawn) expect(mint).toBe(all[rank - 1]);
    expect(drawn.at(-1)).toEqual([COINS, all[COINS - 1]]);
    expect(browser.problems).toEqual([]);
  });
});
