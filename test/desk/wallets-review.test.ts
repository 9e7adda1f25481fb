import { mkdirSync, readFileSync } from 'node:fs';
import type { Address } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { resourcePath } from '../../core/config/resources.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { openBrowser, type Browser } from './browser.js';
import { acknowledgeAndBuild, approveAndLand } from './review-steps.js';
import { DeskMarket, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-wallets-test-0123';

/**
 * The desk's wallets and review in Chromium, on the real server with the real keychain: a wallet created
 * on the Wallets page and funded by the faucet, a buy on a coin page reviewed in words and signed with the
 * keychain key, the review's predicted changes equal to what moved on chain; without the token the page
 * says how to get one and signs nothing.
 */
describe('wallets and the review before signing, in Chromium', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let coin: PlantedCoin;
  const page = () => browser.page;

  /** The wallet's ZEC (its associated account's amount). */
  async function tokenBalance(chain: SandboxChain, wallet: Address): Promise<bigint> {
    const zec = f.sandbox.profile.mints.zec;
    const account = await findAssociatedTokenAccount(wallet, zec.address, zec.tokenProgram);
    const data = (await chain.getAccount(account))?.data;
    return data ? Buffer.from(data).readBigUInt64LE(64) : 0n;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    const market = await DeskMarket.open(f);
    coin = await market.plant('Bramble', 'BRAMBL');
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
  }, 120_000);
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await page().screenshot({ path: `${SHOTS}/desk-wallets-failed.png`, fullPage: true });
    // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
    browser?.assertNoProblems();
  });
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it('without the token the Wallets page says how to open the desk, and nothing can be made', async () => {
    await page().goto(`${f.base}/wallets`);
    await expect.poll(() => page().getByRole('alert').first().textContent()).toContain('Open the desk from the URL launchdesk printed when it started');
    expect(await page().getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
  });

  it('takes the token from the URL, hides it from the address bar, creates a wallet and funds it', async () => {
    await page().goto(`${f.base}/wallets#token=${TOKEN}`);
    await expect.poll(() => page().url()).toBe(`${f.base}/wallets`);
    await page().getByRole('textbox', { name: "New wallet's name" }).fill('Desk wallet');
    await page().getByRole('button', { name: 'Create' }).click();
    await page().getByRole('status').filter({ hasText: 'Wallet "Desk wallet" created' }).waitFor();
    await page().getByRole('button', { name: '+10 SOL' }).click();
    await page().getByRole('status').filter({ hasText: '10 SOL sent' }).waitFor();
    await page().getByRole('button', { name: '+100 ZEC' }).click();
    await page().getByRole('status').filter({ hasText: '100 ZEC sent' }).waitFor();
    const wallet = f.wallets!.list().active!;
    expect(await new SandboxChain(f.sandbox.cluster).getBalance(wallet)).toBe(10n * 10n ** 9n);
    // The row's balances are the confirmed ones: once a slot passes (this fixture's clock stands still), they are what the faucet sent.
    f.sandbox.cluster.advanceSlots(2);
    const row = page().getByRole('row').filter({ hasText: 'Desk wallet' });
    await expect.poll(() => row.textContent()).toContain('10 SOL');
    await expect.poll(() => row.textContent()).toContain('100 ZEC');
    await page().screenshot({ path: `${SHOTS}/desk-wallets-1280x800.png` });
  });

  it('buys through the review: instructions in words, every line holding, signed with the keychain key, and the ZEC that moved equals the review', async () => {
    const wallet = f.wallets!.list().active! as Address;
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Discover' }).click();
    await page().goto(`${f.base}/coin/${coin.mint}`);
    const ticket = page().getByRole('region', { name: 'Trade ticket' });
    await expect.poll(() => ticket.locator('input[list="keychain-wallets"]').inputValue(), { timeout: 10_000 }).toBe(wallet);
    await ticket.getByRole('textbox', { name: /Amount/ }).fill('2');
    await expect.poll(() => ticket.locator('.quote').getAttribute('data-state')).toBe('quoted');
    await acknowledgeAndBuild(ticket, 'buy');
    const review = page().getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      await page().screenshot({ path: `${SHOTS}/desk-review-failed.png`, fullPage: true });
      throw error;
    });
    expect(await review.getByRole('list', { name: 'Verdict' }).locator('li.bad').count()).toBe(0);
    expect(await review.getByRole('list', { name: 'Instructions of transaction 1' }).textContent()).toContain('Buy on the bonding curve: spend exactly 2 ZEC for at least');
    const zecChange = await review.locator('[data-field="change-ZEC"]').textContent();
    expect(zecChange).toBe('pays 2 ZEC');
    expect(await review.locator('[data-field="exact-ZEC"]').textContent()).toBe('exactly 2 ZEC');
    await review.getByRole('list', { name: 'Instructions of transaction 1' }).locator('details').filter({ hasText: 'the launchpad' }).locator('summary').click();
    await page().screenshot({ path: `${SHOTS}/desk-review-1280x800.png`, fullPage: true });
    const chain = new SandboxChain(f.sandbox.cluster);
    const zecAccount = (await review.getByRole('list', { name: 'Instructions of transaction 1' }).textContent()) ?? '';
    expect(zecAccount).toContain('your ZEC account');
    const expiry = await review.locator('.expiry').textContent();
    // Counted in blocks from the review (at 400 ms a slot), whatever the server's clock says.
    const left = Number(/about (\d+) s/.exec(expiry ?? '')?.[1]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(300 * 0.4);
    const zecBefore = await tokenBalance(chain, wallet);
    await approveAndLand(f, review);
    // What moved on chain equals what the review showed: 2 ZEC out of the wallet's ZEC account.
    expect(zecBefore - (await tokenBalance(chain, wallet))).toBe(2n * 10n ** 8n);
    await page().screenshot({ path: `${SHOTS}/desk-review-landed-1280x800.png`, fullPage: true });
    expect(browser.problems).toEqual([]);
  });

  it('a blockhash that expired before the approval: the same ticket is built again, stays within what was approved, and is signed', async () => {
    const ticket = page().getByRole('region', { name: 'Trade ticket' });
    await ticket.getByRole('textbox', { name: /Amount/ }).fill('0.5');
    await expect.poll(() => ticket.locator('.quote').getAttribute('data-state')).toBe('quoted');
    await acknowledgeAndBuild(ticket, 'buy');
    const review = page().getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    // The chain moves past the build's last valid block height while the person reads the review: the
    // server refuses that signature (422), and the desk builds the same ticket again.
    browser.expectProblems(/422.*\/desk-api\/sign/);
    f.sandbox.cluster.advanceSlots(400);
    await approveAndLand(f, review);
    expect(await review.locator('.notice').textContent()).toBe('The blockhash expired before the signature: the same ticket was built again, stayed within what you approved, and was signed.');
  });

  it('sells all of it with the 100% preset through the review, and the wallet holds none after', async () => {
    const wallet = f.wallets!.list().active! as Address;
    await f.indexed();
    await page().reload();
    const ticket = page().getByRole('region', { name: 'Trade ticket' });
    await ticket.getByRole('button', { name: 'Sell', exact: true }).click();
    await ticket.getByRole('button', { name: '100%' }).click();
    await expect.poll(() => ticket.locator('.quote').getAttribute('data-state')).toBe('quoted');
    await acknowledgeAndBuild(ticket, 'sell');
    const review = page().getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    expect(await review.getByRole('list', { name: 'Verdict' }).locator('li.bad').count()).toBe(0);
    await approveAndLand(f, review);
    const coinAccount = await findAssociatedTokenAccount(wallet, coin.mint as Address, 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address);
    const data = (await new SandboxChain(f.sandbox.cluster).getAccount(coinAccount))?.data;
    expect(data ? Buffer.from(data).readBigUInt64LE(64) : 0n).toBe(0n);
  });

  it('shows a banner while a program changed on the cluster, pauses signing, and lifts both once the new version is accepted', async () => {
    const vault = f.sandbox.profile.programs['vault']!;
    f.sandbox.cluster.installProgram(vault, new Uint8Array(readFileSync(resourcePath('programs', 'memo.so'))));
    await page().reload();
    const banner = page().getByRole('alert', { name: 'Program changed' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(`the vault program (${vault.slice(0, 8)}…) changed from`);
    const ticket = page().getByRole('region', { name: 'Trade ticket' });
    await ticket.getByRole('textbox', { name: /Amount/ }).fill('1');
    await expect.poll(() => ticket.locator('.quote').getAttribute('data-state')).toBe('quoted');
    await acknowledgeAndBuild(ticket, 'buy');
    const paused = page().getByRole('button', { name: 'Signing is paused: a program changed (see the banner)' });
    await paused.waitFor();
    expect(await paused.isDisabled()).toBe(true);
    await page().screenshot({ path: `${SHOTS}/desk-program-changed-1280x800.png` });
    await banner.getByRole('button', { name: 'I reviewed it: accept the new version' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page().getByRole('button', { name: 'Approve and sign' }).isEnabled()).toBe(true);
  });

  it('swaps SOL to ZEC from the Wallets page: quoted live, reviewed, signed, and at least the minimum arrives', async () => {
    const wallet = f.wallets!.list().active! as Address;
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Wallets' }).click();
    const panel = page().getByRole('region', { name: 'Swap SOL and ZEC' });
    await panel.getByRole('textbox', { name: 'Swap amount' }).fill('1');
    await expect.poll(() => panel.locator('.quote').getAttribute('data-state')).toBe('quoted');
    await panel.getByRole('button', { name: /^Build the swap for / }).click();
    const review = panel.getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    expect(await review.getByRole('list', { name: 'Verdict' }).textContent()).toContain('amount: swaps exactly the 1 SOL you typed');
    const chain = new SandboxChain(f.sandbox.cluster);
    const before = await tokenBalance(chain, wallet);
    await approveAndLand(f, review);
    expect(await tokenBalance(chain, wallet)).toBeGreaterThan(before);
    await page().screenshot({ path: `${SHOTS}/desk-swap-1280x800.png`, fullPage: true });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-swap-1920x1080.png`, fullPage: true });
    await page().setViewportSize({ width: 1280, height: 800 });
  });
});
