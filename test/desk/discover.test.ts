import { SANDBOX_STOCK_PAIRS } from '../../core/sandbox/genesis/stock-pairs.js';
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../core/api/api-context.js';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { formatCompactUnits, formatPrice } from '../../core/math/decimal-display.js';
import { poolLiquidityZat } from '../../core/math/pool-liquidity.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { openBrowser, type Browser } from './browser.js';
import { apiCoins, COIN_LINKS, DeskMarket, ZEC, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
/** The coins genesis pairs with stocks (listed beside the ones this test plants). */
const STOCK_COINS = SANDBOX_STOCK_PAIRS.length;
const marketCapOf = (coin: Record<string, unknown>) => formatCompactUnits(BigInt(coin['marketCapZec'] as string), 8);
const priceOf = (coin: Record<string, unknown>) => formatPrice(BigInt(coin['priceZecE18'] as string), 18);

/**
 * The Discover page in Debian's Chromium against a real server over a real sandbox: coins planted and
 * traded by real transactions, the numbers on the page compared with the API's, the filters and the
 * search, a coin planted while the page is open, and the server stopped and started again.
 */
describe('Discover in Chromium', () => {
  let f: ApiFixture;
  let market: DeskMarket;
  let browser: Browser;
  let alpha: PlantedCoin;
  let beta: PlantedCoin;
  let gamma: PlantedCoin;
  let delta: PlantedCoin;
  let nativeSymbol: string;
  let restarted: Api | null = null;
  /** What the desk's push stream received (its frames, as text). */
  const streamed: string[] = [];

  const page = () => browser.page;
  const column = (name: string) => page().getByRole('region', { name, exact: true });
  const card = (name: string, mint: string) => column(name).locator(`[data-mint="${mint}"]`);
  const table = () => page().getByRole('table');
  const tableRow = (mint: string) => table().locator(`[role="row"][data-mint="${mint}"]`);
  const mintsIn = async (name: string) => column(name).locator('[data-mint]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-mint')));
  const tableMints = async () => table().locator('[role="row"][data-mint]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-mint')));

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    f = await startApi({ content: {} });
    market = await DeskMarket.open(f);
    alpha = await market.plant('Alpha Rocket', 'ALPHA', { image: true, links: true });
    await market.buy(alpha, 2n * ZEC);
    beta = await market.plant('Beta Moon', 'BETA');
    const raise = BigInt((await apiCoins(f)).find((c) => c['mint'] === beta.mint)!['raiseAtCompletionZec'] as string);
    await market.buy(beta, (raise * 70n) / 100n); // well past half of its raise: about to graduate
    gamma = await market.plant('Gamma Native', 'GAMMA', { pair: 'native' });
    await market.buy(gamma, 3n * ZEC);
    delta = await market.plant('Delta Pool', 'DELTA');
    await market.graduate(delta);
    f.clock += 61_000;
    nativeSymbol = ((await call(f, 'GET', '/v1/params')).body['pairs'] as { native: { symbol: string } }).native.symbol;
    browser = await openBrowser(1280, 800);
    page().on('websocket', (socket) => socket.on('framereceived', (frame) => streamed.push(String(frame.payload))));
    await page().goto(`${f.base}/`);
    await page().getByRole('status').filter({ hasText: 'Live' }).waitFor();
  }, 120_000);

  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await restarted?.close();
    await f?.close();
  });

  it('shows every list with the figures the API answers, each coin in one column only, each figure labelled', async () => {
    // New: curves under half of their raise, newest first (BETA is about to graduate, DELTA graduated).
    const fresh = (await apiCoins(f, '&sort=new&stage=curve')).filter((c) => c['mint'] !== beta.mint);
    expect(fresh.length).toBe(3 + STOCK_COINS);
    await expect.poll(() => mintsIn('New')).toEqual(fresh.map((c) => c['mint']));
    for (const coin of fresh) {
      const shown = card('New', coin['mint'] as string);
      await expect.poll(() => shown.locator('[data-field="marketCap"]').textContent()).toBe(marketCapOf(coin));
      expect(await shown.textContent()).toContain(coin['name'] as string);
      expect(await shown.textContent()).toContain(coin['symbol'] as string);
      // Every figure carries its label.
      for (const label of ['MC', 'To graduation', 'Age']) expect(await shown.textContent()).toContain(label);
    }
    // About to graduate: BETA (70% of its raise spent, fees included); never a fresh coin. Graduated: DELTA.
    expect(await mintsIn('About to graduate')).toEqual([beta.mint]);
    expect(await card('About to graduate', beta.mint).getByRole('progressbar').getAttribute('aria-valuetext')).toMatch(/^(5[0-9]|6[0-9])(\.[0-9])?%$/);
    expect(await mintsIn('Graduated')).toEqual([delta.mint]);
    // A graduated coin shows its pool's liquidity (both sides at the spot price), not a full progress bar.
    const graduated = card('Graduated', delta.mint);
    expect(await graduated.getByRole('progressbar').count()).toBe(0);
    const pooled = (await apiCoins(f, '&stage=pool')).find((c) => c['mint'] === delta.mint)!;
    const pool = (pooled['reserves'] as { pool: { base: string } }).pool;
    expect(await graduated.locator('[data-field="liquidity"]').textContent()).toBe(formatCompactUnits(poolLiquidityZat(BigInt(pool.base), BigInt(pooled['priceZecE18'] as string)), 8));
    expect(await graduated.textContent()).toContain('Liquidity');
    // One column each.
    const shown = [...(await mintsIn('New')), ...(await mintsIn('About to graduate')), ...(await mintsIn('Graduated'))];
    expect(new Set(shown).size).toBe(shown.length);

    const trending = await apiCoins(f, '&sort=trending');
    await expect.poll(tableMints).toEqual(trending.map((c) => c['mint']));
    for (const coin of trending) {
      const row = tableRow(coin['mint'] as string);
      expect(await row.locator('[data-field="price"]').textContent()).toBe(priceOf(coin));
      expect(await row.locator('[data-field="marketCap"]').textContent()).toBe(marketCapOf(coin));
    }
    // The graduated row too: its pool's liquidity where a curve has its progress.
    expect(await tableRow(delta.mint).getByRole('progressbar').count()).toBe(0);
    expect(await tableRow(delta.mint).locator('[data-field="liquidity"]').textContent()).toBe(await graduated.locator('[data-field="liquidity"]').textContent());
    expect(browser.problems).toEqual([]);
  });

  it("shows a coin's links as icons, opened only after a confirmation naming where they go", async () => {
    const links = card('New', alpha.mint).getByRole('group', { name: "Alpha Rocket's links" });
    await expect.poll(() => links.getByRole('button').count()).toBe(3);
    expect(await card('New', gamma.mint).getByRole('group', { name: /'s links$/ }).count()).toBe(0); // planted without links
    await links.getByRole('button', { name: /X: x\.com/ }).click();
    const dialog = page().getByRole('dialog', { name: 'Leave launchdesk for x.com?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(COIN_LINKS.twitter);
    await page().screenshot({ path: `${SHOTS}/desk-discover-link-confirm-1280x800.png` });
    await dialog.getByRole('button', { name: 'Stay here' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(browser.context.pages()).toHaveLength(1); // nothing opened
    // Confirmed, it opens in a new window with no handle back to the desk.
    await browser.context.route('https://t.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title>' }));
    await links.getByRole('button', { name: /Telegram: t\.me/ }).click();
    const go = page().getByRole('dialog', { name: 'Leave launchdesk for t.me?' }).getByRole('link', { name: 'Open t.me' });
    expect(await go.getAttribute('rel')).toContain('noopener');
    const [opened] = await Promise.all([browser.context.waitForEvent('page'), go.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(COIN_LINKS.telegram);
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    await opened.close();
  });

  it('shows an uploaded image from this server, and the initial for a coin whose image is elsewhere', async () => {
    const image = card('New', alpha.mint).locator('img');
    await expect.poll(() => image.getAttribute('src')).toMatch(/^\/ipfs\/bafkrei[a-z2-7]+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
    expect(await card('About to graduate', beta.mint).locator('img').count()).toBe(0);
    expect(await card('About to graduate', beta.mint).locator('.avatar').textContent()).toContain('B');
    await page().screenshot({ path: `${SHOTS}/desk-discover-1280x800.png` });
  });

  it('is reachable by keyboard: `/` focuses the search, Tab walks the bar with a visible focus ring', async () => {
    await page().locator('body').click({ position: { x: 5, y: 300 } });
    await page().keyboard.press('/');
    expect(await page().evaluate(() => document.activeElement?.id)).toBe('coin-search');
    await page().keyboard.press('Escape');
    await page().reload(); // Tab from the top of a fresh page
    await page().getByRole('status').filter({ hasText: 'Live' }).waitFor();
    const focused: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page().keyboard.press('Tab');
      focused.push(await page().evaluate(() => (document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('aria-label') || document.activeElement?.id) ?? ''));
    }
    expect(focused.slice(0, 8)).toEqual(['Skip to the page', '◆ launchdesk', 'Discover', 'Portfolio', 'Orders', 'Stats', 'Stocks', 'Plant']);
    const outline = await page().evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });

  it('narrows every list by pair', async () => {
    await page().getByRole('button', { name: nativeSymbol, exact: true }).click();
    await expect.poll(() => mintsIn('New')).toEqual([gamma.mint]);
    await expect.poll(tableMints).toEqual([gamma.mint]);
    expect(await mintsIn('Graduated')).toEqual([]);
    expect(await column('Graduated').textContent()).toContain('No coin has graduated to its pool yet.');
    await page().getByRole('button', { name: 'ZEC', exact: true }).click();
    await expect.poll(() => mintsIn('New')).toEqual((await apiCoins(f, '&sort=new&stage=curve&quote=zec')).filter((c) => c['mint'] !== beta.mint).map((c) => c['mint']));
    expect(await tableMints()).not.toContain(gamma.mint);
    expect(await mintsIn('Graduated')).toEqual([delta.mint]);
    // The sandbox's stock coins (genesis): their own list.
    await page().getByRole('button', { name: 'Stocks', exact: true }).click();
    await expect.poll(() => mintsIn('New')).toEqual((await apiCoins(f, '&sort=new&quote=stocks')).map((c) => c['mint']));
    expect(await mintsIn('New')).toHaveLength(STOCK_COINS);
    await page().getByRole('button', { name: 'All pairs' }).click();
    await expect.poll(() => mintsIn('New')).toHaveLength(3 + STOCK_COINS);
  });

  it('narrows every list by a search for a name, a ticker or a mint, and Escape ends it', async () => {
    const search = page().getByRole('searchbox', { name: /search coins/i });
    await search.fill('moon');
    await expect.poll(tableMints).toEqual([beta.mint]);
    expect(await page().getByRole('heading', { name: 'Search results' }).count()).toBe(1);
    expect(await mintsIn('About to graduate')).toEqual([beta.mint]);
    expect(await mintsIn('New')).toEqual([]);
    await search.fill('DELTA');
    await expect.poll(() => mintsIn('Graduated')).toEqual([delta.mint]);
    expect(await mintsIn('About to graduate')).toEqual([]);
    await search.fill(alpha.mint);
    await expect.poll(tableMints).toEqual([alpha.mint]);
    await search.fill('no such coin anywhere');
    await expect.poll(() => column('New').textContent()).toContain('No new coin matches the search.');
    await search.press('Escape');
    await expect.poll(() => mintsIn('New')).toHaveLength(3 + STOCK_COINS);
    expect(await page().getByRole('heading', { name: 'Trending' }).count()).toBe(1);
  });

  it('opens a coin from a pasted mint, or from Enter on a query naming one coin exactly, and not otherwise', async () => {
    const search = page().getByRole('searchbox', { name: /search coins/i });
    // A paste of a mint (the clipboard's text as the browser hands it to the page).
    await search.focus();
    await search.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, delta.mint);
    await page().waitForURL(`${f.base}/coin/${delta.mint}`);
    await page().getByRole('heading', { level: 1 }).filter({ hasText: 'Delta Pool' }).waitFor();
    expect(await search.inputValue()).toBe('');
    // Enter on a ticker only one coin has.
    await search.fill('beta');
    await search.press('Enter');
    await page().waitForURL(`${f.base}/coin/${beta.mint}`);
    await page().getByRole('heading', { level: 1 }).filter({ hasText: 'Beta Moon' }).waitFor();
    // Enter on a query no coin is named exactly: the results stay on Discover.
    await search.fill('moo');
    await search.press('Enter');
    await expect.poll(tableMints).toEqual([beta.mint]);
    expect(new URL(page().url()).pathname).toBe('/');
    await search.press('Escape');
    await expect.poll(() => mintsIn('New')).toHaveLength(3 + STOCK_COINS);
  });

  it('shows a coin planted while the page is open, without a reload', async () => {
    await page().evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const epsilon = await market.plant('Epsilon Live', 'EPS');
    await expect.poll(() => mintsIn('New'), { timeout: 15_000 }).toContain(epsilon.mint);
    expect((await mintsIn('New'))[0]).toBe(epsilon.mint);
    expect(await card('New', epsilon.mint).textContent()).toContain('Epsilon Live');
    expect(await page().evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // It came over the push stream (/v1/stream), not only the lists' polling.
    expect(streamed.some((text) => text.includes('"kind":"coin"') && text.includes(epsilon.mint))).toBe(true);
  });

  it('says in plain words that the server is not answering while it is stopped, then comes back live when it restarts', async () => {
    // The stopped server refuses connections; the new run's server refuses the old run's desk session (401).
    browser.expectProblems(/ERR_CONNECTION_REFUSED/, /\b401\b/);
    await f.app.close();
    const alert = page().getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('The local server is not answering.');
    expect(await alert.textContent()).toContain('npm start');
    expect(await page().getByRole('status').filter({ hasText: 'Reconnecting…' }).count()).toBe(1);
    expect(await mintsIn('New')).toHaveLength(4 + STOCK_COINS); // the last figures stay on screen
    await page().screenshot({ path: `${SHOTS}/desk-discover-reconnecting-1280x800.png` });

    // The same index and chain behind a new server on the same port: a new run, with a new desk session.
    restarted = await createApiServer({ store: f.store, chain: new SandboxChain(f.sandbox.cluster), profile: f.sandbox.profile, ...(f.content ? { content: f.content } : {}) });
    await listenLocal(restarted, f.port);
    await page().getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 15_000 });
    expect(await page().getByRole('alert').count()).toBe(0);
    const zeta = await market.plant('Zeta After', 'ZETA');
    await expect.poll(() => mintsIn('New'), { timeout: 15_000 }).toContain(zeta.mint);
    // The push stream is back too (its failed reconnections, all before this, were this test's to expect).
    await expect.poll(() => streamed.some((text) => text.includes('"kind":"coin"') && text.includes(zeta.mint)), { timeout: 15_000 }).toBe(true);
  });

  it('fits 1920×1080 as well', async () => {
    // Reads the desk sent with its old session as the server restarted may still come back 401 now.
    browser.expectProblems(/\b401\b/);
    await page().setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(() => mintsIn('New')).toHaveLength(5 + STOCK_COINS);
    await page().screenshot({ path: `${SHOTS}/desk-discover-1920x1080.png` });
  });
});
