import { mkdirSync } from 'node:fs';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCompactUnits, formatExactUnits } from '../../core/math/decimal-display.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { fundedWallet, tokenBalance } from '../helpers/launchpad.js';
import { transferTokens } from '../helpers/token-transfer.js';
import { openBrowser, type Browser } from './browser.js';
import { DeskMarket, ZEC, type PlantedCoin } from './market.js';
import { acknowledgeAndBuild, approveAndLand } from './review-steps.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-traders-day-test-01';
/** How soon a balance must show what the chain holds after a change landed (the bound). */
const WITHIN_MS = 1_000;

const sol = (lamports: bigint) => `${formatCompactUnits(lamports, 9)} SOL`;
const zec = (zat: bigint) => `${formatCompactUnits(zat, 8)} ZEC`;
const coins = (raw: bigint, ticker: string) => `${formatCompactUnits(raw, 6)} ${ticker}`;
const signed = (zat: bigint) => `${zat > 0n ? '+' : zat < 0n ? '−' : ''}${zec(zat < 0n ? -zat : zat)}`;

/**
 * "A trader's day" in Chromium, clicks and typing only, on the real server, sandbox, index and keychain:
 * a new wallet, the faucet, two buys, a plain Token-2022 transfer of coins into the wallet from another
 * wallet, and a sale of 100%. After each step every balance the desk shows (top bar, Wallets, the ticket,
 * Portfolio) is the chain's within a second; the coin ends at 0 with its account closed, and Portfolio lists
 * the closed position with the realised PnL its trades make. The cluster's clock runs throughout, as live.
 */
describe("a trader's day, in Chromium", () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let coin: PlantedCoin;
  let other: KeyPairSigner;
  let wallet: Address;
  let clock: ReturnType<typeof setInterval>;
  const page = () => browser.page;
  const chainSol = () => f.sandbox.cluster.getAccount(wallet)?.lamports ?? 0n;
  const chainZec = () => tokenBalance(f.sandbox, wallet, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);
  const chainCoins = () => tokenBalance(f.sandbox, wallet, coin.mint, TOKEN_2022_PROGRAM);
  const text = (selector: string) => () => page().locator(selector).first().textContent();
  /** The figure on screen becomes `expected` within the bound, measured from now (the change has landed). */
  const shows = (selector: string, expected: string) => expect.poll(text(selector), { timeout: WITHIN_MS, interval: 25 }).toBe(expected);
  const topBar = async () => {
    await shows('[data-field="bar-sol"]', sol(chainSol()));
    await shows('[data-field="bar-zec"]', zec(await chainZec()));
  };
  const ticket = () => page().getByRole('region', { name: 'Trade ticket' });
  const shots = async (name: string) => {
    await page().screenshot({ path: `${SHOTS}/desk-day-${name}-1280x800.png` });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-day-${name}-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
  };

  async function buyFromTicket(amount: string): Promise<void> {
    await ticket().getByRole('button', { name: 'Buy', exact: true }).click();
    await ticket().getByRole('textbox', { name: /^Amount/ }).fill(amount);
    await expect.poll(() => ticket().locator('.quote').getAttribute('data-state')).toBe('quoted');
    await acknowledgeAndBuild(ticket(), 'buy');
    await approveAndLand(f, page().getByRole('region', { name: 'Review before signing' }));
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    const market = await DeskMarket.open(f);
    coin = await market.plant('Thicket', 'THICK', { image: true });
    other = await fundedWallet(f.sandbox, 50n * ZEC);
    clock = setInterval(() => f.sandbox.cluster.advanceSlots(1), 100);
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await page().screenshot({ path: `${SHOTS}/desk-day-failed.png`, fullPage: true });
  });
  afterAll(async () => {
    clearInterval(clock);
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it('a new wallet and the faucet: the top bar and Wallets show the chain at each step', async () => {
    await page().goto(`${f.base}/wallets#token=${TOKEN}`);
    await page().getByRole('textbox', { name: "New wallet's name" }).fill('Day');
    await page().getByRole('button', { name: 'Create' }).click();
    await page().getByRole('status').filter({ hasText: 'Wallet "Day" created' }).waitFor();
    wallet = f.wallets!.list().active! as Address;
    await page().getByRole('link', { name: /^Active wallet Day/ }).waitFor();
    await topBar();
    expect(await text('[data-field="bar-sol"]')()).toBe('0 SOL');
    await page().getByRole('button', { name: '+10 SOL' }).click();
    await page().getByRole('status').filter({ hasText: '10 SOL sent' }).waitFor();
    await topBar();
    await shows('[data-field="balances"] [data-field="sol"]', '10 SOL');
    await page().getByRole('button', { name: '+100 ZEC' }).click();
    await page().getByRole('status').filter({ hasText: '100 ZEC sent' }).waitFor();
    await topBar();
    await shows('[data-field="balances"] [data-field="zec"]', '100 ZEC');
    await shots('wallets');
  });

  it('buys twice from the ticket: what it can spend, the position and the top bar follow each landing', async () => {
    await page().getByRole('link', { name: 'Discover' }).click();
    await page().goto(`${f.base}/coin/${coin.mint}`);
    await expect.poll(() => ticket().locator('input[list="keychain-wallets"]').inputValue(), { timeout: 10_000 }).toBe(wallet);
    await shows('[data-field="available"]', `you have ${zec(await chainZec())}`);
    // More than the curve has left: the ticket says before any build what the buy really does.
    await ticket().getByRole('textbox', { name: /^Amount/ }).fill('1000');
    await expect.poll(() => ticket().locator('[data-field="curve-end"]').textContent()).toMatch(/^This buy buys the last [\d.,]+[KMB]? THICK for [\d.,]+ ZEC \(of the 1K ZEC offered; the rest stays in your wallet\): the curve completes and the coin moves to its pool\.$/);
    await buyFromTicket('2');
    expect(await ticket().locator('[data-field="curve-end"]').count()).toBe(0);
    await shows('[data-field="position-amount"]', coins(await chainCoins(), 'THICK'));
    await topBar();
    await buyFromTicket('1.5');
    await shows('[data-field="position-amount"]', coins(await chainCoins(), 'THICK'));
    await shows('[data-field="available"]', `you have ${zec(await chainZec())}`);
    await topBar();
    expect(await chainZec()).toBe(100n * ZEC - 35n * ZEC / 10n);
  });

  it('a plain Token-2022 transfer into the wallet from another wallet shows in the ticket and Portfolio without a reload', async () => {
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: other.address, mint: coin.mint, side: 'buy', amount: String(3n * ZEC) }), [other]);
    const held = await chainCoins();
    const sent = (await tokenBalance(f.sandbox, other.address, coin.mint, TOKEN_2022_PROGRAM)) / 2n;
    await transferTokens(f.sandbox, other, wallet, coin.mint, sent);
    await shows('[data-field="position-amount"]', coins(held + sent, 'THICK'));
    await ticket().getByRole('button', { name: 'Sell', exact: true }).click();
    await shows('[data-field="available"]', `you hold ${coins(held + sent, 'THICK')}`);
    await shots('ticket');
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Portfolio' }).click();
    await page().locator('[data-field="shown-wallet"]').filter({ hasText: 'Day, your keychain wallet' }).waitFor();
    await shows(`[role="row"][data-mint="${coin.mint}"] [data-field="holding-balance"]`, coins(held + sent, 'THICK'));
    await shows('[data-field="cash-sol"]', sol(chainSol()));
    await shows('[data-field="cash-zec"]', zec(await chainZec()));
    await shots('portfolio');
    // Another address, watched, then back to the trading wallet and to the watched one, a click each.
    await page().getByRole('textbox', { name: 'Wallet address' }).fill(other.address);
    await page().getByRole('button', { name: 'Watch', exact: true }).click();
    await page().locator('[data-field="shown-wallet"]').filter({ hasText: 'A watched wallet' }).waitFor();
    await shows(`[role="row"][data-mint="${coin.mint}"] [data-field="holding-balance"]`, coins(await tokenBalance(f.sandbox, other.address, coin.mint, TOKEN_2022_PROGRAM), 'THICK'));
    const choices = page().getByRole('group', { name: 'Wallets to show' });
    await choices.getByRole('button', { name: 'Day (trading)' }).click();
    await page().locator('[data-field="shown-wallet"]').filter({ hasText: 'Day, your keychain wallet' }).waitFor();
    await choices.getByRole('button', { name: `Watched ${other.address.slice(0, 4)}…${other.address.slice(-4)}` }).click();
    await page().locator('[data-field="shown-wallet"]').filter({ hasText: 'A watched wallet' }).waitFor();
    await choices.getByRole('button', { name: 'Day (trading)' }).click();
  });

  it('sells 100%: the coin ends at 0 with its account closed, and Portfolio lists the closed position with its realised PnL', async () => {
    await page().goto(`${f.base}/coin/${coin.mint}`);
    await ticket().getByRole('button', { name: 'Sell', exact: true }).click();
    await ticket().getByRole('button', { name: '100%' }).click();
    expect(await ticket().getByRole('textbox', { name: /^Amount/ }).inputValue()).toBe(formatDecimalUnits(await chainCoins(), 6));
    await expect.poll(() => ticket().locator('.quote').getAttribute('data-state')).toBe('quoted');
    expect(await ticket().locator('[data-field="sell-all"]').textContent()).toContain('closes the emptied coin account');
    await acknowledgeAndBuild(ticket(), 'sell');
    const review = page().getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    expect(await review.getByRole('list', { name: 'Verdict' }).textContent()).toContain(`sells exactly the ${formatExactUnits(await chainCoins(), 6)} THICK you hold (all of it)`);
    await shots('sell-all-review');
    await approveAndLand(f, review);
    expect(await chainCoins()).toBe(0n);
    expect(f.sandbox.cluster.getAccount(await findAssociatedTokenAccount(wallet, coin.mint, TOKEN_2022_PROGRAM))).toBeNull();
    await shows('[data-field="available"]', 'you hold 0 THICK');
    await topBar();
    expect(await ticket().getByRole('button', { name: '100%' }).isDisabled()).toBe(true);

    // Realised PnL from the wallet's own trades: everything sold for, less everything bought for.
    f.clock += 61_000;
    const trades = (await call(f, 'GET', `/v1/trades?user=${wallet}&limit=100`)).body['data'] as { side: string; zec: string }[];
    expect(trades.map((t) => t.side).sort()).toEqual(['buy', 'buy', 'sell']);
    const realised = trades.reduce((sum, t) => sum + (t.side === 'sell' ? BigInt(t.zec) : -BigInt(t.zec)), 0n);
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Portfolio' }).click();
    const closed = page().getByRole('table', { name: 'Closed positions' }).locator(`[data-mint="${coin.mint}"]`);
    await closed.waitFor({ timeout: 5_000 });
    expect(await closed.locator('[data-field="closed-realised"]').textContent()).toBe(signed(realised));
    expect(await page().getByRole('table', { name: 'Holdings' }).count()).toBe(0);
    await shows('[data-field="cash-zec"]', zec(await chainZec()));
    await shots('portfolio-closed');

  });
});
