import { mkdirSync } from 'node:fs';
import type { Address } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OsKeychain } from '../../core/signer/keychain.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { tokenBalance } from '../helpers/launchpad.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { openBrowser, type Browser } from './browser.js';
import { acknowledgeAndBuild, approveAndLand } from './review-steps.js';
import { DeskMarket, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-two-steps-test-01';

/**
 * A buy paid in SOL that does not fit one transaction (this cluster's profile names no lookup table, so the
 * swap and the buy are answered as two steps, `then`): in Chromium, step 1 (the swap) is reviewed as a swap
 * against the accepted quote and signed; once it lands, step 2 (the buy in ZEC for what the swap guarantees)
 * is built, reviewed against the same quote's minimum of coins and signed; the wallet ends up with at least
 * that minimum.
 */
describe('a trade in two steps, in Chromium', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let coin: PlantedCoin;
  let wallet: Address;
  const page = () => browser.page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({
      desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN },
      profile: (p) => {
        const { lookupTable: _table, ...accounts } = p.accounts;
        return { ...p, accounts };
      },
    });
    const market = await DeskMarket.open(f);
    coin = await market.plant('Thistle', 'THSTL');
    wallet = (await f.wallets!.create('Two steps')).address;
    await f.sandbox.faucet.sol(wallet, (20n * 10n ** 9n) as never);
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it('reviews and signs the swap, then builds, reviews and signs the buy it guarantees', async () => {
    // A stand-in for the Electron preload's bridge (Electron cannot run on this machine): the token, and the
    // desktop notifications the desk sends when what it signed lands, recorded.
    await page().addInitScript(`window.__notices = []; window.launchdesk = {
      deskToken: async () => ${JSON.stringify(TOKEN)},
      notify: async (title, body) => { window.__notices.push(title + ': ' + body); },
      openReviewFile: async () => null,
    };`);
    await page().goto(`${f.base}/coin/${coin.mint}`);
    const ticket = page().getByRole('region', { name: 'Trade ticket' });
    await expect.poll(() => ticket.locator('input[list="keychain-wallets"]').inputValue(), { timeout: 10_000 }).toBe(wallet);
    await ticket.getByRole('combobox').first().selectOption('SOL');
    await ticket.getByRole('textbox', { name: /Amount/ }).fill('1');
    await expect.poll(() => ticket.locator('.quote').getAttribute('data-state')).toBe('quoted');
    f.clock += 2_000;
    const quote = (await call(f, 'GET', `/v1/coins/${coin.mint}/quote?side=buy&amount=${10n ** 9n}&pay=SOL`)).body;
    await acknowledgeAndBuild(ticket, 'buy');
    expect(await ticket.locator('[data-field="two-steps"]').textContent()).toContain('the swap and the buy do not fit one transaction');

    const step1 = ticket.getByRole('group', { name: 'Step 1' }).getByRole('region', { name: 'Review before signing' });
    await step1.getByRole('button', { name: 'Approve and sign' }).waitFor();
    expect(await step1.getByRole('list', { name: 'Verdict' }).locator('li.bad').count()).toBe(0);
    expect(await ticket.getByRole('group', { name: 'Step 2' }).textContent()).toContain('Step 2 waits for step 1 to land.');
    await page().screenshot({ path: `${SHOTS}/desk-two-steps-1-1280x800.png`, fullPage: true });
    await approveAndLand(f, step1);

    const step2 = ticket.getByRole('group', { name: 'Step 2' }).getByRole('region', { name: 'Review before signing' });
    await step2.getByRole('button', { name: 'Approve and sign' }).waitFor().catch(async (error: unknown) => {
      await page().screenshot({ path: `${SHOTS}/desk-two-steps-failed.png`, fullPage: true });
      throw new Error(`step 2 did not come: ${await ticket.getByRole('group', { name: 'Step 2' }).textContent()}`, { cause: error });
    });
    expect(await step2.getByRole('list', { name: 'Verdict' }).locator('li.bad').count()).toBe(0);
    // Step 2 spends what step 1's swap guaranteed: nothing the person typed in ZEC.
    expect(await step2.getByRole('list', { name: 'Verdict' }).textContent()).toMatch(/spends exactly the [\d.,]+ ZEC step 1 guaranteed/);
    expect(await step2.getByRole('list', { name: 'Instructions of transaction 1' }).textContent()).toContain('Buy on the bonding curve');
    await page().screenshot({ path: `${SHOTS}/desk-two-steps-2-1280x800.png`, fullPage: true });
    await approveAndLand(f, step2);
    await f.indexed();
    const coins = await tokenBalance(f.sandbox, wallet, coin.mint, TOKEN_2022_PROGRAM);
    expect(coins >= BigInt(quote['minTokensOut'] as string)).toBe(true);
    // Each step's landing was told through the shell's notifications.
    const notices = (await page().evaluate('window.__notices')) as string[];
    expect(notices.map((n) => n.split(':')[0])).toEqual(['Swap landed', 'Trade landed']);
    expect(notices[1]).toMatch(/^Trade landed: Signed with your keychain key and confirmed: \w{8}…\w{8}$/);
    expect(browser.problems).toEqual([]);
  });

  it('opens a file for the offline review through the shell\'s own dialog when the bridge is there', async () => {
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Review' }).click();
    await page().evaluate('window.launchdesk.openReviewFile = async () => "AQID"');
    await page().getByRole('button', { name: 'open a file…' }).click();
    await expect.poll(() => page().getByRole('textbox', { name: 'Build or transaction' }).inputValue()).toBe('AQID');
    expect(await page().locator('input[type="file"]').count()).toBe(0);
  });
});
