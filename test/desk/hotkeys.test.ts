import { mkdirSync } from 'node:fs';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shareOf } from '../../core/math/position.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { KEYMAP, type KeyBinding } from '../../renderer/state/keymap.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { tokenBalance } from '../helpers/launchpad.js';
import { openBrowser, type Browser } from './browser.js';
import { DeskMarket, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-hotkeys-test-0001';
const SIZES = [
  [1280, 800],
  [1920, 1080],
] as const;
const sequenceOf = (b: KeyBinding) => (b.keys === 'paste' ? 'paste' : b.keys.join(' '));
const binding = (keys: string): KeyBinding => KEYMAP.find((b) => sequenceOf(b) === keys)!;

/**
 * The desk's keyboard (issue 31) in Chromium on the real server, sandbox, index and keychain: every key the
 * `?` overlay lists is pressed, and does what the overlay says (the overlay's rows are the keymap itself);
 * keys typed in a field stay text; every control reached by Tab shows its focus ring.
 */
describe('the keyboard, in Chromium', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let wallet: Address;
  let coin: PlantedCoin;
  const page = () => browser.page;
  const ticket = () => page().getByRole('region', { name: 'Trade ticket' });
  const amount = () => ticket().getByRole('textbox', { name: /^Amount/ });
  const pressed = (side: 'Buy' | 'Sell') => ticket().getByRole('group', { name: 'Side' }).getByRole('button', { name: side, exact: true }).getAttribute('aria-pressed');
  const chainCoins = () => tokenBalance(f.sandbox, wallet, coin.mint, TOKEN_2022_PROGRAM);
  const focusedId = () => page().evaluate<string>('document.activeElement?.id ?? ""');
  const focusedTag = () => page().evaluate<string>('document.activeElement?.tagName ?? ""');
  const path = () => new URL(page().url()).pathname;
  const shots = async (name: string) => {
    for (const [width, height] of SIZES) {
      await page().setViewportSize({ width, height });
      await page().screenshot({ path: `${SHOTS}/desk-keys-${name}-${width}x${height}.png` });
    }
    await page().setViewportSize({ width: 1280, height: 800 });
  };
  /** A paste outside any field, as the browser delivers one (a ClipboardEvent carrying the text). */
  const paste = (text: string) =>
    page().evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', ${JSON.stringify(text)});
      (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
  async function openTicket(): Promise<void> {
    await page().goto(`${f.base}/coin/${coin.mint}`);
    await expect.poll(() => ticket().locator('input[list="keychain-wallets"]').inputValue(), { timeout: 10_000 }).toBe(wallet);
    await expect.poll(() => ticket().locator('[data-field="available"]').textContent()).toMatch(/^you have [\d.,]+[KMB]? ZEC$/);
  }
  const quoted = () => expect.poll(() => ticket().locator('.quote').getAttribute('data-state')).toBe('quoted');

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    wallet = (await f.wallets!.create('Keys')).address;
    await f.sandbox.faucet.sol(wallet, (20n * 10n ** 9n) as never);
    await f.sandbox.faucet.zec(wallet, (100n * 10n ** 8n) as never);
    const market = await DeskMarket.open(f);
    coin = await market.plant('Keystone', 'KEYS', { image: true, links: true });
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
    await page().goto(`${f.base}/wallets#token=${TOKEN}`);
    await page().waitForURL(`${f.base}/wallets`);
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await page().screenshot({ path: `${SHOTS}/desk-keys-failed.png`, fullPage: true });
  });
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it('? opens the overlay, whose rows are the keymap; Tab stays inside it; Esc closes it; the top bar\'s ? opens it too', async () => {
    await page().goto(`${f.base}/`);
    await page().getByRole('table').first().waitFor();
    await page().keyboard.press('?');
    const help = page().getByRole('dialog', { name: 'Keyboard' });
    await help.waitFor();
    expect(await help.getAttribute('aria-modal')).toBe('true');
    const rows = help.locator('tr[data-keys]');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-keys')))).toEqual(KEYMAP.map(sequenceOf));
    expect(await rows.locator('td').allTextContents()).toEqual(KEYMAP.map((b) => b.does));
    expect(await help.locator('tr[data-keys="g d"] th').textContent()).toBe('GthenD');
    expect(await help.locator('tr[data-keys="Escape"] th').textContent()).toBe('Esc');
    await shots('overlay');
    // Focus is trapped: Tab and Shift+Tab never leave the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page().keyboard.press(key);
      expect(await page().evaluate<boolean>('document.activeElement?.closest("dialog[open]") !== null')).toBe(true);
    }
    // The dialog owns the keyboard: a page key does nothing under it.
    await page().keyboard.press('g');
    await page().keyboard.press('p');
    expect(path()).toBe('/');
    await page().keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page().getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await help.waitFor();
    await page().keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });

  it('/ focuses the search box, and keys typed there are text', async () => {
    expect(binding('/').action).toEqual({ kind: 'search' });
    await page().keyboard.press('/');
    expect(await focusedId()).toBe('coin-search');
    await page().keyboard.type('gp');
    expect(path()).toBe('/');
    expect(await page().locator('#coin-search').inputValue()).toBe('gp');
    await page().keyboard.press('Escape');
    expect(await focusedId()).not.toBe('coin-search');
    expect(await page().locator('#coin-search').inputValue()).toBe('');
  });

  it('g then a letter goes to each page the overlay lists', async () => {
    const goes = KEYMAP.filter((b) => b.action.kind === 'go');
    expect(goes.map(sequenceOf)).toEqual(['g d', 'g p', 'g o', 'g s', 'g k', 'g l', 'g w', 'g r']);
    for (const b of [...goes.slice(1), goes[0]!]) {
      const [first, second] = b.keys as readonly string[];
      await page().keyboard.press(first!);
      await page().keyboard.press(second!);
      expect(path(), sequenceOf(b)).toBe((b.action as { path: string }).path);
      await expect.poll(() => page().locator('nav[aria-label="Pages"] a[aria-current="page"]').getAttribute('href')).toBe((b.action as { path: string }).path);
    }
    // With a modifier a letter is the browser's, never the desk's.
    await page().keyboard.press('g');
    await page().keyboard.press('Alt+p');
    expect(path()).toBe('/');
  });

  it('a pasted mint opens its coin; an address the index does not know says so', async () => {
    const unknown = (await generateKeyPairSigner()).address;
    await paste(unknown);
    await expect.poll(() => page().locator('[data-field="hotkey-status"]').textContent()).toBe(`${unknown.slice(0, 4)}…${unknown.slice(-4)} is not a coin this desk's index knows.`);
    expect(path()).toBe('/');
    await paste(`  ${coin.mint}\n`);
    await page().waitForURL(`${f.base}/coin/${coin.mint}`);
    await ticket().waitFor();
  });

  it('B and S switch the side; 1 to 4 pick the i-th preset; keys typed in the amount field stay text', async () => {
    await openTicket();
    await page().keyboard.press('s');
    expect(await pressed('Sell')).toBe('true');
    await page().keyboard.press('B');
    expect(await pressed('Buy')).toBe('true');
    const presets = ticket().getByRole('group', { name: 'Amount presets' }).getByRole('button');
    const labels = await presets.allTextContents();
    expect(labels).toHaveLength(4);
    for (const n of [1, 2, 3, 4]) {
      await page().keyboard.press(String(n));
      expect(await amount().inputValue()).toBe(labels[n - 1]);
    }
    // Inside the amount field, letters and digits are typed, never hotkeys.
    await amount().fill('');
    await amount().focus();
    await page().keyboard.type('s1');
    expect(await pressed('Buy')).toBe('true');
    expect(await amount().inputValue()).toBe('s1');
    // Esc leaves the field (no build to drop), and the keys are hotkeys again.
    await page().keyboard.press('Escape');
    expect(await focusedTag()).toBe('BODY');
    await page().keyboard.press('Control+s'); // a modifier: the browser's, never the desk's
    expect(await pressed('Buy')).toBe('true');
  });

  it('Enter builds, Esc drops the build back to the ticket, Enter in the amount field builds, A approves and the buy lands', async () => {
    await openTicket();
    await page().keyboard.press('1');
    await quoted();
    await page().keyboard.press('Enter');
    const review = ticket().getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    await page().keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });
    expect(await ticket().locator('.built').count()).toBe(0);
    expect(await amount().inputValue()).toBe('0.1');
    // The amount field: typed, then Enter there builds.
    await amount().fill('0.2');
    await quoted();
    await amount().press('Enter');
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    await expect.poll(() => review.getByRole('button', { name: 'Approve and sign' }).isEnabled()).toBe(true);
    await shots('review');
    const before = await chainCoins();
    await amount().press('Escape'); // the field's Esc drops the build first
    await review.waitFor({ state: 'detached' });
    expect(await focusedTag()).toBe('INPUT');
    await page().keyboard.press('Escape'); // no build now: Esc leaves the field, where A would be typed
    expect(await focusedTag()).toBe('BODY');
    await quoted(); // back to the ticket, quoted afresh: Enter builds only once it can
    await page().keyboard.press('Enter');
    await expect.poll(() => review.getByRole('button', { name: 'Approve and sign' }).isEnabled()).toBe(true);
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 10);
    try {
      await page().keyboard.press('a');
      await review.getByRole('status').filter({ hasText: 'Signed with your keychain key and landed' }).waitFor({ timeout: 30_000 });
    } finally {
      clearInterval(ticker);
    }
    expect(await chainCoins()).toBeGreaterThan(before);
    // Nothing left to approve: A again signs nothing more.
    const held = await chainCoins();
    await page().keyboard.press('a');
    expect(await review.getByRole('status').filter({ hasText: 'landed' }).count()).toBe(1);
    expect(await chainCoins()).toBe(held);
    // On a sale the presets are shares of what the wallet holds.
    await page().keyboard.press('s');
    await expect.poll(() => ticket().getByRole('group', { name: 'Amount presets' }).getByRole('button', { name: '25%' }).isEnabled()).toBe(true);
    for (const [n, share] of [[1, 25n], [2, 50n], [3, 75n], [4, 100n]] as const) {
      await page().keyboard.press(String(n));
      expect(await amount().inputValue()).toBe(formatDecimalUnits(shareOf(held, share), 6));
    }
    expect(await ticket().getByRole('button', { name: '100%' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('Tab reaches every control of the coin page with a visible focus ring', async () => {
    await openTicket();
    await page().evaluate('document.activeElement?.blur()');
    const seen: string[] = [];
    const bare: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page().keyboard.press('Tab');
      const focus = await page().evaluate<{ what: string; outline: string; width: number; visible: boolean } | null>(`(() => {
        const e = document.activeElement;
        if (!e || e === document.body) return null;
        const s = getComputedStyle(e);
        const what = e.tagName.toLowerCase() + ' ' + (e.getAttribute('aria-label') || e.textContent || e.getAttribute('placeholder') || '').trim().slice(0, 40);
        return { what, outline: s.outlineStyle, width: parseFloat(s.outlineWidth), visible: e.matches(':focus-visible') };
      })()`);
      if (focus === null) continue;
      seen.push(focus.what);
      if (focus.outline === 'none' || focus.width < 2 || !focus.visible) bare.push(`${focus.what} (${focus.outline} ${focus.width}px)`);
      if (i === 12) await shots('focus-ring');
    }
    expect(bare).toEqual([]);
    // The top bar, the ticket's fields and buttons are all on the way.
    for (const name of ['Keyboard shortcuts', 'Search or paste a mint', 'Buy', 'Sell', 'Amount in ZEC']) expect(seen.some((w) => w.includes(name)), name).toBe(true);
  });
});
