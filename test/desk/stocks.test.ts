import { mkdirSync } from 'node:fs';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import type { Keychain } from '../../core/signer/keychain.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { openBrowser, type Browser } from './browser.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-stocks-test-001';
const FOLLOWED_KEY = 'launchdesk.stocks.followed';
/** No wallet is made here: a keychain holding nothing stands in for the OS one. */
const NO_KEYS: Keychain = {
  read: async () => null,
  write: async () => {
    throw new Error('this test makes no wallet');
  },
  remove: async () => false,
};

/**
 * The Stocks page in Debian's Chromium over a real server and sandbox: the 44 stocks with the sandbox's held
 * ones closed and a normal multiplier step noticed; a stock followed with the keyboard and kept across a
 * reload; its mint authority rotated for real by the issuer's key, and the desk (polling by itself, no
 * reload) raising the alert banner on every page and a notification through the shell's bridge; then the
 * chain unreadable and readable again.
 */
describe('the Stocks page and issuer alerts, in Chromium', () => {
  let f: ApiFixture;
  let browser: Browser;
  /** The server's chain refuses the issuer status's read while this is set. */
  let chainDown = false;
  /** The stock the person follows: the first open one whose mint authority the sandbox's issuer holds. */
  let key: string;
  let symbol: string;
  let rotatedTo: Address;
  const page = () => browser.page;
  const row = (stock: string) => page().locator(`[role="row"][data-stock="${stock}"]`);
  const star = (name: string) => page().getByRole('button', { name: `Follow ${name}`, exact: true });
  const alerts = () => page().getByRole('region', { name: 'Issuer alerts' });
  const notices = async () => (await page().evaluate('window.__notices')) as string[];
  const tradingOf = async () =>
    Object.fromEntries(
      await page()
        .locator('[role="row"][data-stock]')
        .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-stock'), r.querySelector('[data-field="trading"]')?.textContent ?? ''])),
    ) as Record<string, string>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    f = await startApi({
      desk: { keychain: NO_KEYS, token: TOKEN },
      chain: (sandbox) => {
        const chain = new SandboxChain(sandbox.cluster);
        const read = chain.getAccountsAt.bind(chain);
        chain.getAccountsAt = async (addresses) => {
          if (chainDown) throw new Error('fetch failed: connect ECONNREFUSED 127.0.0.1:8899');
          return read(addresses);
        };
        return chain;
      },
    });
    const entry = f.sandbox.profile.stocks!.stocks.find((s) => s.hold === null && s.key !== 'nvdax' && s.roles['mint authority'])!;
    key = entry.key;
    browser = await openBrowser(1280, 800);
    page().setDefaultTimeout(15_000);
    // A stand-in for the Electron preload's bridge (Electron cannot run on this machine): the token, and the
    // desktop notifications the desk sends, recorded.
    await page().addInitScript(`window.__notices = []; window.launchdesk = {
      deskToken: async () => ${JSON.stringify(TOKEN)},
      notify: async (title, body) => { window.__notices.push(title + ': ' + body); },
      openReviewFile: async () => null,
    };`);
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  it('lists the 44 stocks from the top bar: the held ones closed in words, nvdax\'s normal multiplier step as a notice', async () => {
    await page().goto(`${f.base}/`);
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Stocks' }).click();
    await expect.poll(() => page().locator('[role="row"][data-stock]').count()).toBe(44);
    symbol = (await row(key).locator('b').textContent())!;
    const trading = await tradingOf();
    expect(Object.entries(trading).filter(([, text]) => text !== 'open')).toEqual([
      ['crclx', 'held for review'],
      ['qubt', 'not open yet'],
      ['djt', 'not open yet'],
    ]);
    expect(await row('nvdax').locator('[data-field="status"]').textContent()).toBe('as reviewed');
    const notice = row('nvdax').getByRole('list', { name: 'Notices' });
    expect(await notice.textContent()).toMatch(/^Normal share multiplier step scheduled\s*from 1 → to 1\.01 from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    // The mint: shortened, the whole address in its tooltip, copied on click.
    const mint = f.sandbox.profile.stocks!.stocks.find((s) => s.key === 'nvdax')!.mint;
    const copy = row('nvdax').getByRole('button', { name: `Copy ${mint}` });
    expect([await copy.textContent(), await copy.getAttribute('title')]).toEqual([`${mint.slice(0, 4)}…${mint.slice(-4)}`, mint]);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: f.base });
    await copy.click();
    await copy.getByRole('status').filter({ hasText: 'copied' }).waitFor();
    expect(await page().evaluate('navigator.clipboard.readText()')).toBe(mint);
    // Filters: closed, then all again.
    await page().getByRole('group', { name: 'Show' }).getByRole('button', { name: /^Closed/ }).click();
    await expect.poll(() => page().locator('[role="row"][data-stock]').count()).toBe(3);
    await page().getByRole('group', { name: 'Show' }).getByRole('button', { name: /^All/ }).click();
    await expect.poll(() => page().locator('[role="row"][data-stock]').count()).toBe(44);
    await page().screenshot({ path: `${SHOTS}/desk-stocks-1280x800.png` });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-stocks-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
  });

  it('follows a stock with the keyboard (Tab to its star, Enter or Space), kept across a reload', async () => {
    const all = page().getByRole('group', { name: 'Show' }).getByRole('button', { name: /^All/ });
    await all.focus();
    let focused: string | null = null;
    for (let i = 0; i < 20 && focused !== `Follow ${symbol}`; i++) {
      await page().keyboard.press('Tab');
      focused = (await page().evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')) as string | null;
    }
    expect(focused).toBe(`Follow ${symbol}`);
    await page().keyboard.press('Enter');
    await expect.poll(() => star(symbol).getAttribute('aria-pressed')).toBe('true');
    await page().keyboard.press('Space');
    await expect.poll(() => star(symbol).getAttribute('aria-pressed')).toBe('false');
    await page().keyboard.press('Space');
    await expect.poll(() => star(symbol).getAttribute('aria-pressed')).toBe('true');
    expect(await page().evaluate(`localStorage.getItem(${JSON.stringify(FOLLOWED_KEY)})`)).toBe(JSON.stringify([key]));

    await page().reload();
    await expect.poll(() => page().locator('[role="row"][data-stock]').count()).toBe(44);
    expect(await star(symbol).getAttribute('aria-pressed')).toBe('true');
    await page().getByRole('group', { name: 'Show' }).getByRole('button', { name: /^Followed/ }).click();
    await expect.poll(() => page().locator('[role="row"][data-stock]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-stock')))).toEqual([key]);
  });

  it('raises the alert without a reload when the followed stock\'s mint authority is rotated, on every page, and notifies through the shell', async () => {
    rotatedTo = (await generateKeyPairSigner()).address;
    expect(await f.sandbox.stockAdmin(key, { action: 'rotate', role: 'mint authority', to: rotatedTo })).toBe(`${key}: mint authority is now ${rotatedTo}`);
    f.clock += 15_000; // the server's kept answer is past its 15 s: the desk's next poll reads the chain
    const alert = alerts().locator(`[data-alert="stock:${key}"]`);
    await alert.waitFor({ state: 'visible', timeout: 15_000 });
    const paused = `${symbol} is paused: its mint authority differs from the review. New buys and new pairs wait until it is reviewed again. Selling works.`;
    expect(await alert.textContent()).toContain(`${symbol} paused: mint authority changed. ${paused}`);
    expect(await row(key).locator('[data-field="trading"]').textContent()).toBe('paused: issuer controls changed');
    expect(await row(key).locator('[data-field="status"]').textContent()).toBe('changed');
    expect(await row(key).locator('[data-field="paused"]').textContent()).toContain(paused);
    const changed = row(key).getByRole('list', { name: 'Changed' });
    expect(await changed.textContent()).toContain('Mint authority');
    expect(await changed.getByRole('button', { name: `Copy ${rotatedTo}` }).getAttribute('title')).toBe(rotatedTo);
    expect(await notices()).toEqual([`${symbol} paused: mint authority changed: ${paused}`]);
    await page().screenshot({ path: `${SHOTS}/desk-stocks-alert-1280x800.png` });

    // The banner is on every page, with the way to the Stocks page.
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Discover' }).click();
    await alert.waitFor();
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-stocks-alert-discover-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
    await alerts().getByRole('link', { name: 'Open the Stocks page' }).click();
    await row(key).waitFor();
    await alerts().getByRole('button', { name: `Dismiss: ${symbol} paused: mint authority changed` }).click();
    await alerts().waitFor({ state: 'detached' });
    // Nothing new: no second alert or notification from the polls that follow.
    f.clock += 15_000;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await alerts().count()).toBe(0);
    expect(await notices()).toHaveLength(1);
  });

  it('says when the issuer status cannot be read (every stock treated as paused, the list greyed) and when it can again', async () => {
    await page().getByRole('group', { name: 'Show' }).getByRole('button', { name: /^All/ }).click();
    chainDown = true;
    f.clock += 15_000;
    const alert = alerts().locator('[data-alert="issuer-status"]');
    await alert.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await alert.textContent()).toContain('Issuer status cannot be read.');
    const banner = page().getByRole('alert').filter({ hasText: 'Issuer status cannot be read: every stock is treated as paused.' });
    await banner.waitFor();
    expect(new Set(Object.values(await tradingOf()))).toEqual(new Set(['paused: status cannot be read']));
    expect(await page().getByRole('region', { name: 'Stocks', exact: true }).getAttribute('class')).toMatch(/\bstale\b/);
    await page().screenshot({ path: `${SHOTS}/desk-stocks-unreadable-1280x800.png` });

    chainDown = false;
    f.clock += 15_000;
    await alerts().getByText('Issuer status can be read again').waitFor({ timeout: 15_000 });
    await banner.waitFor({ state: 'detached' });
    expect(await alerts().locator('[data-alert]').count()).toBe(1); // in place of the unreadable one
    expect((await tradingOf())[key]).toBe('paused: issuer controls changed');
    expect((await notices()).map((n) => n.split(':')[0])).toEqual([`${symbol} paused`, 'Issuer status cannot be read', 'Issuer status can be read again']);
    expect(browser.problems).toEqual([]);
  });

  it("a stock coin's page shows its stock pair: the disclosure sentences, open or sell-only with the reason, and no trade ticket", async () => {
    const coinOf = async (stock: string) => {
      const answer = await fetch(`${f.base}/v1/coins?stock=${stock}`, { headers: { 'x-forwarded-for': '10.9.9.9' } });
      return ((await answer.json()) as { data: { mint: string }[] }).data[0]!.mint;
    };
    await f.sandbox.stockAdmin('pfe', { action: 'hold', reason: 'review' });
    const panel = page().getByRole('region', { name: 'Stock pair' });
    await page().goto(`${f.base}/coin/${await coinOf('nvdax')}`);
    await expect.poll(() => panel.locator('[data-field="stock-state"]').textContent()).toBe('open');
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Paired with NVDAx');
    const disclosure = await panel.locator('[data-field="disclosure"] li').allTextContents();
    expect(disclosure[0]).toBe('NVDAx is a tokenized stock: its issuer, not this launchpad, controls the token.');
    expect(disclosure).toContain("The issuer can move or burn NVDAx from any account without its holder's signature.");
    expect(await page().getByRole('region', { name: 'Trade ticket' }).count()).toBe(0);
    // Its runs are not listed (spec), said as such on a coin that trades, and its fees are not asked for (the API
    // answers 404 for a stock coin; the collector fails the test on one).
    const runs = page().getByRole('region', { name: 'Service runs' });
    await expect.poll(() => runs.locator('[data-field="stock-runs"]').textContent()).toContain("A stock coin's fees and runs are not listed");
    expect(await runs.textContent()).not.toContain('Nothing to run yet');
    expect(await page().getByRole('region', { name: 'Fees' }).count()).toBe(0);
    await page().screenshot({ path: `${SHOTS}/desk-stock-coin-1280x800.png` });

    await page().goto(`${f.base}/coin/${await coinOf('pfe')}`);
    await expect.poll(() => panel.locator('[data-field="stock-state"]').textContent()).toBe('sell-only: held for review');
    expect(await panel.textContent()).toContain('No new buys or pairs in PFE for now (held for review); selling stays open.');
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-stock-coin-held-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
  });

  it('alerts on a stock the person holds a coin of, followed or not: the watched wallet holds a pfe coin', async () => {
    const pfe = f.sandbox.profile.stocks!.stocks.find((s) => s.key === 'pfe')!;
    const coin = ((await (await fetch(`${f.base}/v1/coins?stock=pfe`, { headers: { 'x-forwarded-for': '10.9.9.8' } })).json()) as { data: { mint: string }[] }).data[0]!.mint;
    const trades = (await (await fetch(`${f.base}/v1/coins/${coin}/trades`, { headers: { 'x-forwarded-for': '10.9.9.8' } })).json()) as { data: { user: string }[] };
    await page().evaluate(`localStorage.setItem('launchdesk.watchWallet', ${JSON.stringify(trades.data[0]!.user)})`);
    await page().goto(`${f.base}/stocks`);
    await expect.poll(() => row('pfe').locator('[data-field="held"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await row('pfe').getByRole('button', { name: 'Follow PFE', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await f.sandbox.stockAdmin('pfe', { action: 'rotate', role: 'metadata pointer authority' });
    f.clock += 15_000;
    await alerts().getByText('PFE paused').first().waitFor({ timeout: 15_000 });
    expect((await notices()).some((text) => text.startsWith('PFE paused'))).toBe(true);
    expect(pfe.roles['metadata pointer authority']).toBeDefined();
  });
  it("a stock coin's page open while its issuer pauses it: badge, state, sentences and notice change together, never \"open\" beside the pause", async () => {
    const tsla = f.sandbox.profile.stocks!.stocks.find((s) => s.key === 'tslax')!;
    const coin = ((await (await fetch(`${f.base}/v1/coins?stock=tslax`, { headers: { 'x-forwarded-for': '10.9.9.7' } })).json()) as { data: { mint: string }[] }).data[0]!.mint;
    const panel = page().getByRole('region', { name: 'Stock pair' });
    const badge = page().locator('[data-field="pair-badge"]').first();
    await page().goto(`${f.base}/coin/${coin}`);
    await expect.poll(() => panel.locator('[data-field="stock-state"]').textContent()).toBe('open');
    expect(await panel.textContent()).toContain('New money can go into TSLAx pairs now.');
    expect(await badge.textContent()).toBe('TSLAx');
    expect(await panel.locator('[data-field="paused"]').count()).toBe(0);

    // The issuer rotates a role while the page shows the coin: no reload, the desk's next status read pauses it.
    const role = Object.keys(tsla.roles).find((r) => tsla.roles[r as keyof typeof tsla.roles])!;
    await f.sandbox.stockAdmin('tslax', { action: 'rotate', role: role as never });
    f.clock += 15_000;
    await expect.poll(() => panel.locator('[data-field="stock-state"]').textContent(), { timeout: 15_000 }).toBe('sell-only: paused: issuer controls changed');
    const text = (await panel.textContent())!;
    expect(text).toContain('No new buys or pairs in TSLAx for now (paused: issuer controls changed); selling stays open.');
    expect(text).not.toContain('New money can go');
    expect(await panel.locator('[data-field="paused"]').textContent()).toMatch(/^TSLAx is paused: its .+ differs from the review\./);
    expect(await badge.textContent()).toBe('TSLAx · paused');
    expect(await badge.getAttribute('title')).toBe('Paired with TSLAx: sell-only: paused: issuer controls changed');
    await page().screenshot({ path: `${SHOTS}/desk-stock-coin-paused-1280x800.png` });
  });
});
