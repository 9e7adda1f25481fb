import { mkdirSync } from 'node:fs';
import { createKeyPairSignerFromBytes, getBase58Encoder, type KeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimalUnits } from '../../core/math/units.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { newSecretText } from '../../core/signer/secret-key-text.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { comparePrice } from '../../core/verify/order-trigger.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { tokenBalance } from '../helpers/launchpad.js';
import { openBrowser, type Browser } from './browser.js';
import { DeskMarket, ZEC, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-local-orders-desk-test-1';

interface OrderRow {
  readonly id: string;
  readonly kind: string;
  readonly state: string;
  readonly fills: { state: string; signatures: string[] }[];
}

/**
 * Local orders in Chromium on the real server, sandbox, index, keychain and order runner: a limit buy and a
 * stop-loss placed from the coin page's Orders panel are drawn on the chart at their prices and listed; a
 * price the server refuses shows its words; one is cancelled and its line leaves the chart; a scripted sale
 * crosses the limit buy, which fills on this machine: the tape and the chart mark the fill, a toast says so,
 * and the Orders page shows the fill and the journal of every step.
 */
describe('local orders in Chromium', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let market: DeskMarket;
  let coin: PlantedCoin;
  /** A coin the desk's wallet holds none of: a sale of it cannot be made, and its order pauses. */
  let empty: PlantedCoin;
  let own: KeyPairSigner;
  let clock: ReturnType<typeof setInterval>;
  /** The price when the orders are placed, ZEC per whole coin ×1e18. */
  let priceE18 = 0n;
  const page = () => browser.page;
  const desk = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${f.base}${path}`, { method, headers: { 'x-desk-token': TOKEN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const listed = async () => ((await desk('GET', `/local/orders?mint=${coin.mint}`)).body['data'] as OrderRow[]) ?? [];
  const shots = async (name: string) => {
    await page().screenshot({ path: `${SHOTS}/desk-orders-${name}-1280x800.png` });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-orders-${name}-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
  };
  const panel = () => page().getByRole('region', { name: 'Orders for BEAC' });
  const chart = () => page().locator('.chart-host .chart');
  const chartLines = async () => JSON.parse((await chart().getAttribute('data-order-lines')) ?? '[]') as string[];
  const toasts = () => page().getByRole('region', { name: 'Alerts' }).getByRole('status');
  /** The last trade of the coin, as the index keeps it (its exact price and ×1e18). */
  const lastTrade = async () => {
    const t = (await f.store.queries.coinTrades(coin.mint, { routed: false, limit: 1 })).rows[0]!;
    return { zat: t.quote, raw: t.tokens, priceE18: t.priceE18 };
  };
  /** A sale by the market trader (a new rate-limit window each time: it builds without a key). */
  const marketSell = async (raw: bigint) => {
    f.clock += 61_000;
    await market.sell(coin, raw);
    return await lastTrade();
  };
  /** A price ×1e18 scaled by `percent`/100, as the order form takes it (ZEC per whole coin, 18 decimals). */
  const priceAt = (percent: bigint) => formatDecimalUnits((priceE18 * percent) / 100n, 18);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN }, orders: { tickMs: 50, backoffMs: 50 } });
    market = await DeskMarket.open(f);
    coin = await market.plant('Beacon', 'BEAC', { image: true, firstBuyTokens: 20_000_000_000n });
    // A keychain wallet of the desk whose key the test also holds: it buys a position the stop-loss can sell.
    const secret = await newSecretText();
    own = await createKeyPairSignerFromBytes(new Uint8Array(getBase58Encoder().encode(secret)));
    expect((await desk('POST', '/desk-api/wallets/import', { label: 'Mine', secret })).status).toBe(200);
    await f.sandbox.faucet.sol(own.address, 10_000_000_000n as never);
    await f.sandbox.faucet.zec(own.address, (50n * ZEC) as never);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: own.address, mint: coin.mint, side: 'buy', amount: String(2n * ZEC) }), [own]);
    // Another trader holds a large position: its sales later move the price down through the limit buy.
    await market.buy(coin, 10n * ZEC);
    // The price now: a small sale's (a big buy's own price is its average, below the price it leaves).
    priceE18 = (await marketSell(1_000_000n)).priceE18;
    empty = await market.plant('Ember', 'EMBR');
    f.clock += 61_000;
    await market.buy(empty, ZEC / 10n);
    clock = setInterval(() => f.sandbox.cluster.advanceSlots(1), 20);
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
  }, 120_000);
  afterEach(() => browser?.assertNoProblems());
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await page().screenshot({ path: `${SHOTS}/desk-orders-failed.png`, fullPage: true });
  });
  afterAll(async () => {
    clearInterval(clock);
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it('places a limit buy and a stop-loss from the coin page: both listed, both drawn on the chart at their prices', async () => {
    await page().goto(`${f.base}/coin/${coin.mint}#token=${TOKEN}`);
    await panel().waitFor();
    await expect.poll(() => panel().locator('[data-field="order-wallet"]').textContent()).toMatch(/^For Mine, the active wallet/);
    // The limit buy, 5% under the price now.
    await panel().getByRole('textbox', { name: 'Price in ZEC per coin' }).fill(priceAt(95n));
    await panel().getByRole('textbox', { name: 'Amount in ZEC' }).fill('0.5');
    await panel().getByRole('button', { name: 'Place the limit buy' }).click();
    await panel().locator('li[data-kind="limit_buy"][data-state="open"]').waitFor();
    // The stop-loss, half the position at 40% under the price now (the sale later does not reach it).
    await panel().getByRole('combobox', { name: 'Order kind' }).selectOption('stop_loss');
    await panel().getByRole('textbox', { name: 'Price in ZEC per coin' }).fill(priceAt(60n));
    await panel().getByRole('textbox', { name: 'Percent of the position' }).fill('50');
    await panel().getByRole('button', { name: 'Place the stop-loss' }).click();
    await panel().locator('li[data-kind="stop_loss"][data-state="open"]').waitFor();

    const orders = await listed();
    expect(orders.map((o) => `${o.kind}:${o.state}`).sort()).toEqual(['limit_buy:open', 'stop_loss:open']);
    expect(await panel().locator('li[data-kind="limit_buy"] [data-field="terms"]').textContent()).toMatch(/^0\.5 ZEC at or below 0\.0/);
    const sorted = async () => (await chartLines()).sort();
    await expect.poll(sorted).toEqual([expect.stringMatching(/^Limit buy 0\.0/), expect.stringMatching(/^Stop 0\.0/)]);
    // The market-cap view draws the same triggers as market caps.
    await page().getByRole('group', { name: 'Chart of' }).getByRole('button', { name: 'Market cap' }).click();
    await expect.poll(sorted).toEqual([expect.stringMatching(/^Limit buy \d/), expect.stringMatching(/^Stop \d/)]);
    await shots('placed');
    await panel().scrollIntoViewIfNeeded();
    await shots('panel');
    await page().getByRole('group', { name: 'Chart of' }).getByRole('button', { name: 'Price' }).click();
  });

  it("shows the server's refusal of a field in its words", async () => {
    browser.expectProblems(/^HTTP 4\d\d POST \/local\/orders$/, /status of 4\d\d .*\(\/local\/orders\)$/);
    await panel().getByRole('combobox', { name: 'Order kind' }).selectOption('limit_buy');
    await panel().getByRole('textbox', { name: 'Price in ZEC per coin' }).fill('0');
    await panel().getByRole('textbox', { name: 'Amount in ZEC' }).fill('0.5');
    await panel().getByRole('button', { name: 'Place the limit buy' }).click();
    await expect.poll(() => panel().locator('[data-field="order-problem"]').textContent()).toMatch(/price/);
    expect((await listed()).length).toBe(2);
  });

  it('cancels the stop-loss: it is listed as cancelled and its line leaves the chart', async () => {
    await panel().getByRole('button', { name: 'Cancel the Stop-loss' }).click();
    await panel().locator('li[data-kind="stop_loss"][data-state="cancelled"]').waitFor();
    expect((await listed()).find((o) => o.kind === 'stop_loss')?.state).toBe('cancelled');
    await expect.poll(chartLines).toEqual([expect.stringMatching(/^Limit buy /)]);
  });

  it('a sale through the limit buy fills it here: the tape and the chart mark the fill, a toast tells it, the Orders page shows its journal', async () => {
    // Sales until one lands at or below the limit (checked exactly, as the runner does).
    const limitE18 = (priceE18 * 95n) / 100n;
    const chunk = (await tokenBalance(f.sandbox, market.trader.address, coin.mint, TOKEN_2022_PROGRAM)) / 8n;
    for (let crossed = await lastTrade(); comparePrice(crossed.zat, crossed.raw, limitE18) > 0; ) crossed = await marketSell(chunk);
    await expect.poll(async () => (await listed()).find((o) => o.kind === 'limit_buy')?.state, { timeout: 30_000 }).toBe('filled');
    const filled = (await listed()).find((o) => o.kind === 'limit_buy')!;
    const landed = filled.fills.find((fill) => fill.state === 'landed');
    expect(landed?.signatures.length).toBeGreaterThan(0);
    const signature = landed!.signatures.at(-1)!;

    // The runner's alert of the fill, toasted (its title and line are the server's).
    const toast = toasts().and(page().locator('[data-kind="order_fill"]'));
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(1);
    expect(await toast.getByRole('link', { name: 'See it on Orders' }).count()).toBe(1);
    await expect.poll(() => page().locator(`.tape [data-signature="${signature}"][data-order-fill="true"]`).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => JSON.parse((await chart().getAttribute('data-marks')) ?? '[]') as string[]).toContain('order:buy');
    await expect.poll(chartLines).toEqual([]);
    await panel().locator('li[data-kind="limit_buy"][data-state="filled"]').waitFor();
    await shots('filled');

    await page().getByRole('link', { name: 'Orders', exact: true }).click();
    const list = page().getByRole('list', { name: 'Orders, newest first' });
    await list.waitFor();
    await page().getByRole('group', { name: 'Show orders' }).getByRole('button', { name: /^filled/ }).click();
    await expect.poll(() => list.locator('li[data-order]').count()).toBe(1);
    await list.getByRole('button', { name: /^Open the journal of the Limit buy/ }).click();
    const fills = list.getByRole('list', { name: 'Fills' });
    await fills.locator('li[data-state="landed"]').waitFor();
    const journal = list.getByRole('list', { name: 'Journal' });
    await expect.poll(() => journal.locator('li').count()).toBeGreaterThan(2);
    await shots('orders-page');
  }, 90_000);

  it('a sale that cannot be made pauses its order: the reason, a toast, Resume tries again, Cancel ends it', async () => {
    await page().goto(`${f.base}/coin/${empty.mint}`);
    const emberPanel = page().getByRole('region', { name: 'Orders for EMBR' });
    await emberPanel.getByRole('combobox', { name: 'Order kind' }).selectOption('stop_loss');
    // At or below 1 ZEC a coin: the next trade fires it, and the wallet has nothing to sell.
    await emberPanel.getByRole('textbox', { name: 'Price in ZEC per coin' }).fill('1');
    await emberPanel.getByRole('button', { name: 'Place the stop-loss' }).click();
    await emberPanel.locator('li[data-kind="stop_loss"]').waitFor();
    f.clock += 61_000;
    await market.buy(empty, ZEC / 10n);
    const row = emberPanel.locator('li[data-kind="stop_loss"][data-state="paused"]');
    await row.waitFor({ timeout: 20_000 });
    expect(await row.locator('[data-field="reason"]').textContent()).toMatch(/^paused after \d+ failed attempts: /);
    const toast = toasts().and(page().locator('[data-kind="order_pause"]'));
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(1);
    expect(await toast.textContent()).toMatch(/EMBR: your stop-loss paused/);
    expect(await toast.getByRole('link', { name: 'Resume or cancel it on Orders' }).count()).toBe(1);
    await shots('paused');
    const id = (await row.getAttribute('data-order'))!;
    const fillsOf = async () => ((await desk('GET', `/local/orders/${id}`)).body['fills'] as unknown[]).length;
    const before = await fillsOf();
    await row.getByRole('button', { name: 'Resume the Stop-loss' }).click();
    // Resumed, it tries again (and, still with nothing to sell, pauses again).
    await expect.poll(fillsOf, { timeout: 20_000 }).toBeGreaterThan(before);
    await emberPanel.locator('li[data-kind="stop_loss"][data-state="paused"]').waitFor({ timeout: 20_000 });
    await emberPanel.getByRole('button', { name: 'Cancel the Stop-loss' }).click();
    await emberPanel.locator('li[data-kind="stop_loss"][data-state="cancelled"]').waitFor();
    await expect.poll(chartLines).toEqual([]);
  }, 90_000);

  it('a bracket and a trailing stop are drawn: both legs, and the trailing stop where it stops now', async () => {
    await page().goto(`${f.base}/coin/${coin.mint}`);
    const now = (await lastTrade()).priceE18;
    const at = (percent: bigint) => formatDecimalUnits((now * percent) / 100n, 18);
    await panel().getByRole('combobox', { name: 'Order kind' }).selectOption('bracket');
    await panel().getByRole('textbox', { name: 'Take-profit price in ZEC per coin' }).fill(at(150n));
    await panel().getByRole('textbox', { name: 'Stop-loss price in ZEC per coin' }).fill(at(70n));
    await panel().getByRole('textbox', { name: 'Percent of the position' }).fill('25');
    await panel().getByRole('button', { name: 'Place the bracket' }).click();
    await panel().locator('li[data-kind="bracket"][data-state="open"]').waitFor();
    await panel().getByRole('combobox', { name: 'Order kind' }).selectOption('trailing_stop');
    await panel().getByRole('textbox', { name: 'Trail in percent' }).fill('20');
    await panel().getByRole('button', { name: 'Place the trailing stop' }).click();
    const trailing = panel().locator('li[data-kind="trailing_stop"][data-state="open"]');
    await trailing.waitFor();
    await expect.poll(async () => (await chartLines()).map((l) => l.replace(/ [^ ]+$/, '')).sort()).toEqual(['Bracket TP', 'Bracket stop', 'Trailing stop']);
    expect(await trailing.locator('[data-field="terms"]').textContent()).toMatch(/^25%, 20% below the best \(stops at 0\.0.*, best 0\.0.*\)$|^100%, 20% below the best \(stops at 0\.0.*, best 0\.0.*\)$/);
    await page().locator('.chart-host').scrollIntoViewIfNeeded();
    await shots('bracket');
    await panel().getByRole('button', { name: 'Cancel the Bracket' }).click();
    await panel().getByRole('button', { name: 'Cancel the Trailing stop' }).click();
    await expect.poll(chartLines).toEqual([]);
  });

  it('opens the Orders page with g then o', async () => {
    await page().getByRole('link', { name: 'Discover' }).click();
    await page().locator('body').press('g');
    await page().locator('body').press('o');
    await page().waitForURL('**/orders');
  });
});
