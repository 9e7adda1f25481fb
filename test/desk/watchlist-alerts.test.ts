import { mkdirSync } from 'node:fs';
import { createKeyPairSignerFromBytes, getBase58Encoder, type KeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimalUnits } from '../../core/math/units.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { newSecretText } from '../../core/signer/secret-key-text.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { openBrowser, type Browser } from './browser.js';
import { DeskMarket, ZEC, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-watchlist-alerts-test-01';

/**
 * The watchlist and alerts in Chromium on the real server, sandbox, index and keychain: a coin starred from
 * its card is what Discover's Watchlist filter lists; a level set on the coin page is crossed by a trade
 * made over HTTP and toasts once, and a reload does not toast it again; the chart marks the person's own
 * and the deployer's trades and switches to the market cap.
 */
describe('watchlist and alerts, in Chromium', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let market: DeskMarket;
  let coin: PlantedCoin;
  let other: PlantedCoin;
  let own: KeyPairSigner;
  const page = () => browser.page;
  const desk = (method: string, path: string, body?: unknown) =>
    fetch(`${f.base}${path}`, { method, headers: { 'x-desk-token': TOKEN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const shots = async (name: string) => {
    await page().screenshot({ path: `${SHOTS}/desk-watch-${name}-1280x800.png` });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-watch-${name}-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
  };
  const toasts = () => page().getByRole('region', { name: 'Alerts' }).getByRole('status');

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    market = await DeskMarket.open(f);
    coin = await market.plant('Lantern', 'LAMP', { image: true, firstBuyTokens: 20_000_000_000n });
    other = await market.plant('Pebble', 'PEBL', { image: true });
    await market.buy(other, 2n * ZEC);
    // A keychain wallet of the desk whose key the test also holds: its trades are the person's own.
    const secret = await newSecretText();
    own = await createKeyPairSignerFromBytes(new Uint8Array(getBase58Encoder().encode(secret)));
    expect((await desk('POST', '/desk-api/wallets/import', { label: 'Mine', secret })).status).toBe(200);
    await f.sandbox.faucet.sol(own.address, 10_000_000_000n as never);
    await f.sandbox.faucet.zec(own.address, (50n * ZEC) as never);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: own.address, mint: coin.mint, side: 'buy', amount: String(2n * ZEC) }), [own]);
    await f.indexed();
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
  }, 120_000);
  afterEach(() => browser?.assertNoProblems());
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await page().screenshot({ path: `${SHOTS}/desk-watch-failed.png`, fullPage: true });
  });
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it("stars a coin from its card; Discover's Watchlist filter lists it and not the others", async () => {
    await page().goto(`${f.base}/#token=${TOKEN}`);
    const card = page().locator(`li.card[data-mint="${coin.mint}"]`).first();
    await card.getByRole('button', { name: 'Watch LAMP' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Watch LAMP' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => ((await (await desk('GET', '/desk-api/watch')).json()) as { coins: { mint: string }[] }).coins.map((c) => c.mint)).toEqual([coin.mint]);
    await page().getByRole('button', { name: /Watchlist/ }).click();
    await expect.poll(() => page().locator(`[role="row"][data-mint="${coin.mint}"]`).count()).toBe(1);
    await expect.poll(() => page().locator(`[role="row"][data-mint="${other.mint}"]`).count()).toBe(0);
    await expect.poll(() => page().locator(`li.card[data-mint="${other.mint}"]`).count()).toBe(0);
    await shots('discover');
  });

  it('a level set on the coin page, crossed by a trade over HTTP, toasts once; a reload does not toast it again', async () => {
    await page().goto(`${f.base}/coin/${coin.mint}`);
    const panel = page().getByRole('region', { name: 'Alerts for LAMP' });
    const level = formatDecimalUnits(((await f.store.coin(coin.mint))!.lastPriceE18 * 103n) / 100n, 18);
    await panel.getByRole('textbox', { name: 'Level in ZEC' }).fill(level);
    await panel.getByRole('button', { name: 'Set alert' }).click();
    await panel.locator('li[data-rule]').filter({ hasText: /^Price above / }).waitFor();
    expect(await toasts().count()).toBe(0);

    await market.buy(coin, 10n * ZEC);
    await expect.poll(() => toasts().count(), { timeout: 5_000 }).toBe(1);
    await expect(toasts().first().textContent()).resolves.toMatch(/LAMP price rose to .* ZEC/);
    await shots('toast');
    // It was marked seen on the server: a reload shows no toast for it.
    await expect.poll(async () => ((await (await desk('GET', '/desk-api/alerts?unseen=true')).json()) as { alerts: unknown[] }).alerts.length).toBe(0);
    await page().reload();
    await page().getByRole('region', { name: 'Alerts for LAMP' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await toasts().count()).toBe(0);
  }, 60_000);

  it("the chart marks the person's own and the deployer's trades, and switches to the market cap", async () => {
    const chart = page().locator('.chart-host .chart');
    await expect.poll(async () => JSON.parse((await chart.getAttribute('data-marks')) ?? '[]') as string[]).toEqual(expect.arrayContaining(['own:buy', 'deployer:buy']));
    await expect.poll(() => chart.getAttribute('data-metric')).toBe('price');
    const price = await chart.getAttribute('data-last-value');
    await page().getByRole('group', { name: 'Chart of' }).getByRole('button', { name: 'Market cap' }).click();
    await expect.poll(() => chart.getAttribute('data-metric')).toBe('marketCap');
    await expect.poll(() => chart.getAttribute('data-last-value')).not.toBe(price);
    await expect(page().getByRole('img', { name: 'Market cap chart: candles and volume' }).count()).resolves.toBe(1);
    await shots('chart');
  });

  it('follows the deployer from the coin page; the Portfolio page lists it and the tone setting', async () => {
    await page().getByRole('button', { name: /^Follow deployer/ }).click();
    await expect.poll(async () => ((await (await desk('GET', '/desk-api/watch')).json()) as { wallets: { wallet: string }[] }).wallets.map((w) => w.wallet)).toEqual([coin.payer]);
    await page().getByRole('link', { name: 'Portfolio' }).click();
    const section = page().getByRole('region', { name: 'Watchlist' });
    await section.getByRole('list', { name: 'Followed wallets' }).getByText('deployer').waitFor();
    await section.getByRole('checkbox', { name: 'Play a tone with each alert' }).check();
    await expect.poll(async () => ((await (await desk('GET', '/desk-api/watch')).json()) as { sound: boolean }).sound).toBe(true);
    await shots('portfolio');
  });
});
