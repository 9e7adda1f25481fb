import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCompactUnits, formatPrice } from '../../core/math/decimal-display.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { openBrowser, type Browser } from './browser.js';
import { COIN_LINKS, DeskMarket, ZEC, type PlantedCoin } from './market.js';
import { MARKET_CAP_DEFINITION, PRICE_DEFINITION } from '../../renderer/state/coin-figures.js';

const SHOTS = 'test-results';

/**
 * A coin's page in Debian's Chromium against a real server: its figures equal the API's, the chart draws
 * the API's candles, and a trade sent while the page is open reaches the tape and the chart's last candle
 * through the push stream, without a reload.
 */
describe('the coin page in Chromium', () => {
  let f: ApiFixture;
  let market: DeskMarket;
  let browser: Browser;
  let coin: PlantedCoin;
  let native: PlantedCoin;
  const page = () => browser.page;
  const field = (name: string) => page().locator(`[data-field="${name}"]`).first();
  const get = async (path: string) => {
    f.clock += 2_000;
    return (await call(f, 'GET', path)).body as Record<string, unknown>;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    f = await startApi({ content: {} });
    market = await DeskMarket.open(f);
    coin = await market.plant('Orchard Fox', 'FOX', { image: true, links: true });
    for (const zec of [2n, 5n, 1n, 3n]) await market.buy(coin, zec * ZEC);
    native = await market.plant('Nighthawk Native', 'HAWK', { pair: 'native' });
    await market.buy(native, 2n * ZEC);
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

  it('is reached from Discover and shows the figures the API answers', async () => {
    await page().getByRole('region', { name: 'New', exact: true }).getByRole('link', { name: 'Orchard Fox' }).click();
    await page().waitForURL(`${f.base}/coin/${coin.mint}`);
    await field('price').waitFor();
    const detail = await get(`/v1/coins/${coin.mint}`);
    expect(await field('price').textContent()).toBe(formatPrice(BigInt(detail['priceZecE18'] as string), 18));
    expect(await field('marketCap').textContent()).toBe(formatCompactUnits(BigInt(detail['marketCapZec'] as string), 8));
    // The header's price says it is the spot, beside a chart of fill prices.
    expect(await field('price').locator('..').getAttribute('title')).toBe(PRICE_DEFINITION);
    expect(await field('marketCap').locator('..').getAttribute('title')).toBe(MARKET_CAP_DEFINITION);
    expect(await field('venue').textContent()).toBe('bonding curve');
    expect(await page().getByRole('heading', { level: 1 }).textContent()).toContain('Orchard Fox');
    // The creator is the wallet that planted it; the coin-authority address is named as such.
    expect(await field('creator').getAttribute('title')).toBe(coin.payer);
    expect(await field('creator').textContent()).toBe(`Creator: ${coin.payer.slice(0, 4)}…${coin.payer.slice(-4)}`);
    expect(await field('coinAuthority').getAttribute('title')).toBe(detail['creator']);
    expect(await field('coinAuthority').textContent()).toContain('Coin authority: ');
    // The description and links given when planting: in the API's detail (an addition) and on the page.
    expect(detail['metadata']).toEqual({ description: 'Orchard Fox, planted by the desk tests', ...COIN_LINKS });
    await expect.poll(() => field('description').textContent()).toBe('Orchard Fox, planted by the desk tests');
    const links = page().getByRole('group', { name: "Orchard Fox's links" });
    expect(await links.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title')))).toEqual([`Website: ${COIN_LINKS.website}`, `X: ${COIN_LINKS.twitter}`, `Telegram: ${COIN_LINKS.telegram}`]);
    await links.getByRole('button', { name: /Website/ }).click();
    const dialog = page().getByRole('dialog', { name: 'Leave launchdesk for orchard.example?' });
    expect(await dialog.getByRole('link', { name: 'Open orchard.example' }).getAttribute('href')).toBe(COIN_LINKS.website);
    await page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The tape: the API's trades, newest first.
    const trades = (await get(`/v1/coins/${coin.mint}/trades`))['data'] as Record<string, string>[];
    const shown = await page().locator('[role="row"][data-signature]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-signature')));
    expect(shown).toEqual(trades.map((t) => t['signature']));
    // The chart: the API's candles, its last one exactly.
    const candles = ((await get(`/v1/coins/${coin.mint}/candles?interval=1m`))['data'] as unknown[]);
    const chart = page().getByRole('img', { name: /Price chart/ });
    await expect.poll(() => chart.getAttribute('data-candles')).toBe(String(candles.length));
    expect(JSON.parse((await chart.getAttribute('data-last-candle'))!)).toEqual(candles.at(-1));
    await page().screenshot({ path: `${SHOTS}/desk-coin-1280x800.png` });
  });

  it('takes a trade sent while it is open: the tape and the last candle move without a reload', async () => {
    await page().evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const chart = page().getByRole('img', { name: /Price chart/ });
    const before = await chart.getAttribute('data-last-candle');
    await market.buy(coin, 4n * ZEC);
    const newest = ((await get(`/v1/coins/${coin.mint}/trades?limit=1`))['data'] as Record<string, string>[])[0]!;
    await expect.poll(() => page().locator('[role="row"][data-signature]').first().getAttribute('data-signature'), { timeout: 10_000 }).toBe(newest['signature']);
    await expect.poll(() => chart.getAttribute('data-last-candle'), { timeout: 10_000 }).not.toBe(before);
    const candles = ((await get(`/v1/coins/${coin.mint}/candles?interval=1m`))['data'] as unknown[]);
    expect(JSON.parse((await chart.getAttribute('data-last-candle'))!)).toEqual(candles.at(-1));
    const detail = await get(`/v1/coins/${coin.mint}`);
    await expect.poll(() => field('price').textContent()).toBe(formatPrice(BigInt(detail['priceZecE18'] as string), 18));
    expect(await page().evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('quotes live as the amount changes, warns past a large impact, and builds checked against the ticket', async () => {
    await page().setViewportSize({ width: 1280, height: 800 });
    const ticket = page().getByRole('region', { name: 'Trade ticket' });
    const amount = ticket.getByRole('textbox', { name: /^Amount/ });
    const out = ticket.locator('[data-field="out"]');
    const quoted = ticket.locator('.quote[data-state="quoted"]');
    await amount.fill('0.5');
    await quoted.waitFor();
    const half = await out.textContent();
    const api = (await get(`/v1/coins/${coin.mint}/quote?side=buy&amount=${ZEC / 2n}`)) as Record<string, string>;
    expect(half).toBe(`${formatCompactUnits(BigInt(api['tokensOut']!), 6)} ${coin.symbol}`);
    await amount.fill('2');
    await expect.poll(() => out.textContent()).not.toBe(half);
    expect(await ticket.getByRole('checkbox').count()).toBe(0); // a small impact needs no acknowledgement
    // A buy big enough to move the curve by more than 5%: shown in warning colours, acknowledged before the build.
    await amount.fill('40');
    await quoted.waitFor();
    await expect.poll(() => ticket.getByRole('checkbox').count()).toBe(1);
    const build = ticket.getByRole('button', { name: 'Build the buy' });
    await ticket.getByRole('combobox', { name: /^Wallet/ }).fill(market.trader.address);
    expect(await build.isDisabled()).toBe(true);
    await ticket.getByRole('checkbox').check();
    expect(await build.isEnabled()).toBe(true);
    await amount.fill('0.00000000001');
    await expect.poll(() => ticket.getByRole('alert').textContent()).toBe('ZEC have at most 8 decimal places');
    expect(await build.isDisabled()).toBe(true);
    await amount.fill('1');
    await quoted.waitFor();
    await build.click();
    const verdict = ticket.locator('.verdict li');
    await verdict.first().waitFor();
    const lines = await verdict.allTextContents();
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line.startsWith('✓'), line).toBe(true);
    await page().screenshot({ path: `${SHOTS}/desk-coin-ticket-1280x800.png` });
    // A sale of a share of the watched wallet's balance, as the chain holds it, typed exactly; switching side cleared the ZEC typed.
    await ticket.getByRole('button', { name: 'Sell', exact: true }).click();
    expect(await amount.inputValue()).toBe('');
    expect(await ticket.locator('[data-field="unit"]').textContent()).toBe(coin.symbol);
    const held = ((await get(`/v1/accounts/${market.trader.address}/balances`))['coins'] as Record<string, string>[]).find((h) => h['mint'] === coin.mint)!['amount']!;
    await ticket.getByRole('button', { name: '50%' }).click();
    const share = BigInt(held) / 2n;
    expect(await amount.inputValue()).toBe(`${share / 1_000_000n}${share % 1_000_000n ? `.${(share % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')}` : ''}`);
    await quoted.waitFor();
  });

  it('switches the chart\'s interval, and shows a native coin\'s route, its routed-free tape and its fees', async () => {
    await page().getByRole('button', { name: '1h', exact: true }).click();
    const hourly = ((await get(`/v1/coins/${coin.mint}/candles?interval=1h`))['data'] as unknown[]);
    const chart = page().getByRole('img', { name: /Price chart/ });
    await expect.poll(async () => JSON.parse((await chart.getAttribute('data-last-candle')) || 'null')).toEqual(hourly.at(-1));
    expect((await get(`/v1/coins/${native.mint}`))['metadata']).toBeUndefined(); // its uri names no document held here
    await page().goto(`${f.base}/coin/${native.mint}`);
    await page().getByRole('region', { name: 'Route' }).waitFor();
    // The route names its venues and their sides, not raw addresses.
    const nativeSymbol = ((await get('/v1/params'))['pairs'] as { native: { symbol: string } }).native.symbol;
    const hops = await page().getByRole('region', { name: 'Route' }).locator('li').allTextContents();
    expect(hops).toEqual([`Hop 1 the ${nativeSymbol}/ZEC pool ${nativeSymbol} / ZEC`, `Hop 2 HAWK's bonding curve HAWK / ${nativeSymbol}`]);
    expect(await page().getByRole('region', { name: 'Fees' }).textContent()).toContain('Creator fees paid');
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-coin-native-1920x1080.png` });
  });

  it('says plainly when a coin does not exist', async () => {
    browser.expectProblems(/404.*\/v1\/coins\/11111111111111111111111111111112/);
    await page().goto(`${f.base}/coin/11111111111111111111111111111112`);
    await page().getByRole('heading', { name: 'No such coin' }).waitFor();
  });
});
