import { mkdirSync } from 'node:fs';
import type { Address } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { openBrowser, type Browser } from './browser.js';
import { approveAndLand } from './review-steps.js';
import { gradientPng } from './market.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { fundedWallet, send, tokenBalance } from '../helpers/launchpad.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-plant-wizard-test1';

/**
 * The planting wizard in Chromium on the real server, sandbox and keychain: a refused image and a missing
 * acknowledgement of the permanent holders payee are said before anything is uploaded; then an image, a
 * name, a ticker, holder rewards and a first buy quoted live; upload, build, the review in words, signed
 * by the keychain wallet then the mint key, registered by the index, and the coin's page opens.
 */
describe('the planting wizard, in Chromium', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let wallet: Address;
  const page = () => browser.page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    wallet = (await f.wallets!.create('Planter')).address;
    await f.sandbox.faucet.sol(wallet, (10n * 10n ** 9n) as never);
    await f.sandbox.faucet.zec(wallet, (20n * 10n ** 8n) as never);
    browser = await openBrowser(1280, 800);
    browser.page.setDefaultTimeout(20_000);
    await page().goto(`${f.base}/plant#token=${TOKEN}`);
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  it('checks the image and the permanent payee before anything is uploaded', async () => {
    await page().getByLabel('Choose an image').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are not image bytes') });
    await expect.poll(() => page().locator('.drop + .problem').textContent()).toBe('image: not a PNG, JPEG, WebP or GIF (read from the file itself, not its name)');
    await page().getByLabel('Choose an image').setInputFiles({ name: 'bracken.png', mimeType: 'image/png', buffer: gradientPng('BRACKN') });
    await page().getByRole('textbox', { name: 'Name' }).fill('Bracken');
    await page().getByRole('textbox', { name: 'Ticker' }).fill('brackn');
    expect(await page().getByRole('textbox', { name: 'Ticker' }).inputValue()).toBe('BRACKN');
    await page().getByRole('radio', { name: 'Holder rewards' }).check();
    const todo = page().getByRole('list', { name: 'Still to do' });
    await expect.poll(() => todo.textContent()).toContain('payee: confirm that holder rewards can never be changed');
    expect(await page().getByRole('button', { name: 'Upload and build, then review' }).isDisabled()).toBe(true);
  });

  it('quotes the first buy live, uploads, builds, reviews, signs wallet then mint key, and opens the registered coin', async () => {
    await page().getByRole('checkbox', { name: 'I understand this can never be changed' }).check();
    await page().getByRole('textbox', { name: 'First buy' }).fill('1');
    await expect.poll(() => page().locator('.quote').getAttribute('data-state')).toBe('quoted');
    const quoted = await page().locator('[data-field="first-buy-tokens"]').textContent();
    expect(quoted).toMatch(/^[\d.,]+[KMB]?$/);
    await page().screenshot({ path: `${SHOTS}/desk-plant-1280x800.png`, fullPage: true });
    await page().getByRole('button', { name: 'Upload and build, then review' }).click();
    const review = page().getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    const verdict = await review.getByRole('list', { name: 'Verdict' }).textContent();
    expect(verdict).toContain('payee: holder rewards (for good): this can never be changed');
    expect(verdict).toContain('signers: your wallet, then the new mint key');
    expect(verdict).toContain('first buy: at most the 1 ZEC you typed');
    expect(await review.getByRole('list', { name: 'Verdict' }).locator('li.bad').count()).toBe(0);
    await page().screenshot({ path: `${SHOTS}/desk-plant-review-1280x800.png`, fullPage: true });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-plant-review-1920x1080.png`, fullPage: true });
    await page().setViewportSize({ width: 1280, height: 800 });
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 10);
    try {
      await review.getByRole('button', { name: 'Approve and sign' }).click();
      await page().waitForURL(/\/coin\/[1-9A-HJ-NP-Za-km-z]{32,44}$/, { timeout: 30_000 });
    } finally {
      clearInterval(ticker);
    }
    const mint = page().url().split('/coin/')[1]!;
    await expect.poll(() => page().locator('h1').first().textContent()).toContain('Bracken');
    const coin = await call(f, 'GET', `/v1/coins/${mint}`);
    expect([coin.body['symbol'], coin.body['payee']]).toEqual(['BRACKN', { kind: 'holders' }]);
    // The first buy's coins are in the wallet's coin account.
    const account = await new SandboxChain(f.sandbox.cluster).getAccount(await findAssociatedTokenAccount(wallet, mint as Address, 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address));
    expect(account && Buffer.from(account.data).readBigUInt64LE(64)).toBeGreaterThan(0n);
    expect(browser.problems).toEqual([]);
  });

  it('on a coin whose payee is your wallet: what waits after a split, claimed through the review to the base unit', async () => {
    // Its uri names a document this server does not hold: the desk asks once (404) and shows the initial.
    browser.expectProblems(/404.*\/ipfs\/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy/);
    const headers = { 'x-desk-token': TOKEN };
    const mint = (await call(f, 'POST', '/desk-api/plant/mint', { headers })).body['mint'] as Address;
    const built = await call(f, 'POST', '/v1/plant/build', { body: { wallet, mint, name: 'Sorrel', symbol: 'SORREL', uri: 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', payee: 'me' } });
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 10);
    try {
      const ticket = { wallet, mint, name: 'Sorrel', symbol: 'SORREL', payee: 'me', pair: 'zec' };
      expect((await call(f, 'POST', '/desk-api/sign/plant', { headers, body: { buildId: built.body['buildId'], ticket } })).status).toBe(200);
    } finally {
      clearInterval(ticker);
    }
    await f.indexed();
    // Someone trades it, and the vault splits the creator fee (this server runs no service runs): the payee's 40% waits.
    const trader = await fundedWallet(f.sandbox, 50n * 10n ** 8n);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint, side: 'buy', amount: String(5n * 10n ** 8n) }), [trader]);
    const { programs, mints } = f.sandbox.profile;
    const split = await send(f.sandbox, trader, [await splitFeesInstruction({ vault: vaultOf(f.sandbox), launchpad: programs['launchpad']!, amm: programs['amm']!, zecMint: mints.zec.address, mint, sender: trader.address, config: vaultConfigOf(f.sandbox) })]);
    expect(split.err).toBeNull();
    await f.indexed();
    const fees = (await call(f, 'GET', `/v1/coins/${mint}/fees`)).body;
    const waiting = BigInt(fees['waitingZec'] as string);
    expect(waiting > 0n).toBe(true);

    await page().goto(`${f.base}/coin/${mint}`);
    const panel = page().getByRole('region', { name: 'Your coin' });
    await expect.poll(() => panel.locator('[data-field="waiting"]').textContent()).toBe(`${formatDecimalUnits(waiting, 8)} ZEC`);
    const zecOf = () => tokenBalance(f.sandbox, wallet, mints.zec.address, mints.zec.tokenProgram);
    const before = await zecOf();
    await panel.getByRole('button', { name: 'Claim to Planter' }).click();
    const review = panel.getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    await page().screenshot({ path: `${SHOTS}/desk-claim-1280x800.png`, fullPage: true });
    await approveAndLand(f, review);
    await f.indexed();
    expect((await zecOf()) - before).toBe(waiting);
    await expect.poll(async () => (await call(f, 'GET', `/v1/coins/${mint}/fees`)).body['waitingZec']).toBe('0');
  });

  it('on a coin whose payee is your wallet: what waits, and a payee change to holder rewards through the review', async () => {
    // Its uri names a document this server does not hold: the desk asks once (404) and shows the initial.
    browser.expectProblems(/404.*\/ipfs\/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy/);
    const headers = { 'x-desk-token': TOKEN };
    const mint = (await call(f, 'POST', '/desk-api/plant/mint', { headers })).body['mint'] as string;
    const built = await call(f, 'POST', '/v1/plant/build', { body: { wallet, mint, name: 'Yarrow', symbol: 'YARROW', uri: 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', payee: 'me' } });
    const ticket = { wallet, mint, name: 'Yarrow', symbol: 'YARROW', payee: 'me', pair: 'zec' };
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 10);
    try {
      expect((await call(f, 'POST', '/desk-api/sign/plant', { headers, body: { buildId: built.body['buildId'], ticket } })).status).toBe(200);
    } finally {
      clearInterval(ticker);
    }
    await f.indexed();
    await page().goto(`${f.base}/coin/${mint}`);
    const panel = page().getByRole('region', { name: 'Your coin' });
    await panel.waitFor();
    await expect.poll(() => panel.locator('[data-field="waiting"]').textContent()).toBe('0 ZEC');
    await panel.getByRole('radio', { name: 'Pay holder rewards' }).check();
    expect(await panel.getByRole('button', { name: 'Build the payee change' }).isDisabled()).toBe(true);
    await panel.getByRole('checkbox', { name: 'I understand this can never be changed' }).check();
    await panel.getByRole('button', { name: 'Build the payee change' }).click();
    const review = panel.getByRole('region', { name: 'Review before signing' });
    await review.getByRole('button', { name: 'Approve and sign' }).waitFor();
    expect(await review.getByRole('list', { name: 'Verdict' }).textContent()).toContain('new payee: holder rewards (for good): it can never be changed again');
    await page().screenshot({ path: `${SHOTS}/desk-payee-change-1280x800.png`, fullPage: true });
    await approveAndLand(f, review);
    await f.indexed();
    expect((await call(f, 'GET', `/v1/coins/${mint}`)).body['payee']).toEqual({ kind: 'holders' });
  });
});
