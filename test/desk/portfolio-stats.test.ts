import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCompactUnits, groupThousands } from '../../core/math/decimal-display.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { openBrowser, type Browser } from './browser.js';
import { DeskMarket, ZEC, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';

/** The Portfolio of a watched wallet and the Stats page, in Chromium, against the API's own figures. */
describe('Portfolio and Stats in Chromium', () => {
  let f: ApiFixture;
  let market: DeskMarket;
  let browser: Browser;
  let coin: PlantedCoin;
  const page = () => browser.page;
  const get = async (path: string) => {
    f.clock += 2_000;
    return (await call(f, 'GET', path)).body as Record<string, unknown>;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    f = await startApi({ content: {} });
    market = await DeskMarket.open(f);
    coin = await market.plant('Canopy', 'CANOPY');
    await market.buy(coin, 3n * ZEC);
    const other = await market.plant('Heartwood', 'HEART');
    await market.buy(other, 1n * ZEC);
    browser = await openBrowser(1280, 800);
    await page().goto(`${f.base}/`);
    await page().getByRole('status').filter({ hasText: 'Live' }).waitFor();
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  it('shows a watched wallet\'s holdings, value and PnL as the API answers them, and moves with its next trade', async () => {
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Portfolio' }).click();
    await page().getByRole('textbox', { name: 'Wallet address' }).fill(market.trader.address);
    await page().getByRole('button', { name: 'Watch', exact: true }).click();
    const account = await get(`/v1/accounts/${market.trader.address}`);
    const totals = account['totals'] as Record<string, string>;
    await expect.poll(() => page().locator('[data-field="value"]').textContent()).toBe(`${formatCompactUnits(BigInt(totals['valueZec']!), 8)} ZEC`);
    const unrealised = BigInt(totals['unrealisedPnlZec']!);
    expect(await page().locator('[data-field="unrealised"]').textContent()).toBe(`${unrealised > 0n ? '+' : unrealised < 0n ? '−' : ''}${formatCompactUnits(unrealised < 0n ? -unrealised : unrealised, 8)} ZEC`);
    // Largest value first.
    const holdings = (account['holdings'] as Record<string, string>[]).sort((a, b) => (BigInt(b['valueZec']!) > BigInt(a['valueZec']!) ? 1 : -1)).map((h) => h['mint']);
    expect(await page().locator('[role="row"][data-mint]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-mint')))).toEqual(holdings);
    await page().screenshot({ path: `${SHOTS}/desk-portfolio-1280x800.png` });
    const before = await page().locator('[role="row"][data-signature]').count();
    await market.buy(coin, ZEC);
    await expect.poll(() => page().locator('[role="row"][data-signature]').count(), { timeout: 10_000 }).toBe(before + 1);
  });

  it('shows /v1/stats and the daily series', async () => {
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Stats' }).click();
    const stats = await get('/v1/stats');
    await expect.poll(() => page().locator('[data-field="trades"]').textContent()).toBe(groupThousands(String(stats['trades'])));
    expect(await page().locator('[data-field="coins"]').textContent()).toBe(groupThousands(String(stats['coins'])));
    const daily = ((await get('/v1/stats/daily?limit=60'))['data'] as unknown[]).length;
    await expect.poll(() => page().getByRole('img', { name: 'Daily volume in ZEC' }).getAttribute('data-days')).toBe(String(daily));
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-stats-1920x1080.png` });
  });
});
