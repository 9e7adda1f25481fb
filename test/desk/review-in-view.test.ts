import { mkdirSync } from 'node:fs';
import type { Address } from '@solana/kit';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OsKeychain } from '../../core/signer/keychain.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { fundedWallet, send } from '../helpers/launchpad.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { openBrowser, type Browser } from './browser.js';
import { DeskMarket, gradientPng, type PlantedCoin } from './market.js';
import { acknowledgeAndBuild } from './review-steps.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-review-in-view-01';
const SIZES = [
  [1280, 800],
  [1920, 1080],
] as const;

/**
 * "Approve and sign" in view for every kind of review, at 1280×800 and 1920×1080, in Chromium on the real
 * server, sandbox and keychain: once the review arrives its button's box lies inside the viewport with no
 * scrolling by the person, and it stays there while they scroll back up to read the review from its top;
 * the balance lines read "receives"/"pays" with formatted figures. Screenshots of what a person sees
 * (the viewport) at both sizes go to test-results/.
 */
describe('the approval stays in view, for every kind of review', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let wallet: Address;
  let coin: PlantedCoin;
  const page = () => browser.page;

  /** The button's box against the viewport now. */
  async function buttonInView(review: Locator, width: number, height: number): Promise<void> {
    const button = review.getByRole('button', { name: 'Approve and sign' });
    await expect.poll(async () => {
      const box = await button.boundingBox();
      return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    }, { timeout: 5_000 }).toBe(true);
  }

  /** At each size: the review arrives with its button in view, which stays there while the review is read from its top. */
  async function approvalInView(kind: string, open: () => Promise<Locator>): Promise<Locator> {
    let review: Locator | null = null;
    for (const [width, height] of SIZES) {
      await page().setViewportSize({ width, height });
      review = await open();
      await review.getByRole('button', { name: 'Approve and sign' }).waitFor({ timeout: 20_000 });
      await buttonInView(review, width, height);
      // The review arrives in view from its top: its heading and balance lines are on screen with the button.
      const heading = await review.getByRole('heading', { name: 'Review before signing' }).boundingBox();
      expect(heading !== null && heading.y >= 0 && heading.y + heading.height <= height).toBe(true);
      await page().screenshot({ path: `${SHOTS}/desk-review-${kind}-${width}x${height}.png` });
      // Reading the review from its heading: the approval is still on screen, and so are its flags.
      await review.getByRole('heading', { name: 'Review before signing' }).scrollIntoViewIfNeeded();
      await buttonInView(review, width, height);
      const balances = (await review.getByRole('table', { name: 'Balance changes' }).locator('td.num').allTextContents()).filter((t) => t !== '');
      expect(balances.length).toBeGreaterThan(0);
      for (const text of balances) expect(text).toMatch(/^(receives|pays) [\d,.]+[KMBT]? \S+$/);
    }
    return review!;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    wallet = (await f.wallets!.create('Viewer')).address;
    await f.sandbox.faucet.sol(wallet, (20n * 10n ** 9n) as never);
    await f.sandbox.faucet.zec(wallet, (100n * 10n ** 8n) as never);
    const market = await DeskMarket.open(f);
    coin = await market.plant('Lookout', 'LOOKOT');
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
    // The desk keeps the token for the tab's life and takes it out of the address bar.
    await page().goto(`${f.base}/wallets#token=${TOKEN}`);
    await page().waitForURL(`${f.base}/wallets`);
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await page().screenshot({ path: `${SHOTS}/desk-review-in-view-failed.png`, fullPage: true });
  });
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it('a trade on the coin page: the ticket\'s review', async () => {
    await approvalInView('trade', async () => {
      await page().goto(`${f.base}/coin/${coin.mint}`);
      const ticket = page().getByRole('region', { name: 'Trade ticket' });
      await expect.poll(() => ticket.locator('input[list="keychain-wallets"]').inputValue(), { timeout: 10_000 }).toBe(wallet);
      await ticket.getByRole('textbox', { name: /Amount/ }).fill('2');
      await expect.poll(() => ticket.locator('.quote').getAttribute('data-state')).toBe('quoted');
      await acknowledgeAndBuild(ticket, 'buy');
      expect(await ticket.locator('.built p').first().textContent()).toMatch(/simulated: the wallet pays [\d.,]+ SOL\./);
      return ticket.getByRole('region', { name: 'Review before signing' });
    });
  });

  it("a buy larger than the curve has left: the page shows the server's words, and the verdict's figures are the balance lines'", async () => {
    const market = await DeskMarket.open(f);
    const capped = await market.plant('Summit', 'SUMMIT');
    await market.buy(capped, 80n * 10n ** 8n); // most of the curve: what is left costs a few ZEC
    const review = await approvalInView('capped-buy', async () => {
      await page().goto(`${f.base}/coin/${capped.mint}`);
      const ticket = page().getByRole('region', { name: 'Trade ticket' });
      await expect.poll(() => ticket.locator('input[list="keychain-wallets"]').inputValue(), { timeout: 10_000 }).toBe(wallet);
      await ticket.getByRole('textbox', { name: /Amount/ }).fill('50');
      await expect.poll(() => ticket.locator('.quote').getAttribute('data-state')).toBe('quoted');
      await acknowledgeAndBuild(ticket, 'buy');
      return ticket.getByRole('region', { name: 'Review before signing' });
    });
    const verdict = (await review.getByRole('list', { name: 'Verdict' }).textContent()) ?? '';
    const spends = verdict.match(/amount: offers up to 50 ZEC; the curve has only ([\d.,]+[KMB]?) SUMMIT left: spends ([\d.,]+) ZEC and completes the curve; the coin then moves to its pool/);
    expect(spends, verdict).not.toBeNull();
    expect(await review.locator('[data-field="change-ZEC"]').textContent()).toBe(`pays ${spends![2]} ZEC`);
    expect(await review.locator('[data-field="change-SUMMIT"]').textContent()).toBe(`receives ${spends![1]} SUMMIT`);
    expect(verdict).not.toContain('spends exactly');
  });

  it('a swap on the Wallets page', async () => {
    await approvalInView('swap', async () => {
      await page().goto(`${f.base}/wallets`);
      const panel = page().getByRole('region', { name: 'Swap SOL and ZEC' });
      await panel.getByRole('textbox', { name: 'Swap amount' }).fill('1');
      await expect.poll(() => panel.locator('.quote').getAttribute('data-state')).toBe('quoted');
      await panel.getByRole('button', { name: /^Build the swap for / }).click();
      return panel.getByRole('region', { name: 'Review before signing' });
    });
  });

  it('a planting in the wizard', async () => {
    await approvalInView('plant', async () => {
      await page().goto(`${f.base}/plant`);
      await page().getByLabel('Choose an image').setInputFiles({ name: 'vista.png', mimeType: 'image/png', buffer: gradientPng('VISTA') });
      await page().getByRole('textbox', { name: 'Name' }).fill('Vista');
      await page().getByRole('textbox', { name: 'Ticker' }).fill('VISTA');
      await page().getByRole('radio', { name: 'Holder rewards' }).check();
      await page().getByRole('checkbox', { name: 'I understand this can never be changed' }).check();
      await page().getByRole('textbox', { name: 'First buy' }).fill('1');
      await expect.poll(() => page().locator('.quote').getAttribute('data-state')).toBe('quoted');
      f.clock += 3_600_001; // uploads and plant builds are 3 an hour without a key
      await page().getByRole('button', { name: 'Upload and build, then review' }).click();
      return page().getByRole('region', { name: 'Review before signing' });
    });
  });

  it('a claim and a payee change on a coin whose payee is this wallet', async () => {
    // The coin is planted with the test helpers' metadata uri, which this server does not hold.
    browser.expectProblems(/404.*\/ipfs\/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy/);
    const headers = { 'x-desk-token': TOKEN };
    const mint = (await call(f, 'POST', '/desk-api/plant/mint', { headers })).body['mint'] as Address;
    f.clock += 3_600_001;
    const built = await call(f, 'POST', '/v1/plant/build', { body: { wallet, mint, name: 'Vantage', symbol: 'VANTGE', uri: 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', payee: 'me' } });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 10);
    try {
      const ticket = { wallet, mint, name: 'Vantage', symbol: 'VANTGE', payee: 'me', pair: 'zec' };
      expect((await call(f, 'POST', '/desk-api/sign/plant', { headers, body: { buildId: built.body['buildId'], ticket } })).status).toBe(200);
    } finally {
      clearInterval(ticker);
    }
    await f.indexed();
    const trader = await fundedWallet(f.sandbox, 50n * 10n ** 8n);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint, side: 'buy', amount: String(5n * 10n ** 8n) }), [trader]);
    const { programs, mints } = f.sandbox.profile;
    const split = await send(f.sandbox, trader, [await splitFeesInstruction({ vault: vaultOf(f.sandbox), launchpad: programs['launchpad']!, amm: programs['amm']!, zecMint: mints.zec.address, mint, sender: trader.address, config: vaultConfigOf(f.sandbox) })]);
    expect(split.err).toBeNull();
    await f.indexed();

    await approvalInView('claim', async () => {
      await page().goto(`${f.base}/coin/${mint}`);
      const panel = page().getByRole('region', { name: 'Your coin' });
      await panel.getByRole('button', { name: 'Claim to Viewer' }).click();
      return panel.getByRole('region', { name: 'Review before signing' });
    });
    await approvalInView('payee', async () => {
      await page().goto(`${f.base}/coin/${mint}`);
      const panel = page().getByRole('region', { name: 'Your coin' });
      await panel.getByRole('radio', { name: 'Pay holder rewards' }).check();
      await panel.getByRole('checkbox', { name: 'I understand this can never be changed' }).check();
      await panel.getByRole('button', { name: 'Build the payee change' }).click();
      return panel.getByRole('region', { name: 'Review before signing' });
    });
  });
});
