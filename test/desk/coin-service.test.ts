import { mkdirSync } from 'node:fs';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokens } from '../helpers/launchpad.js';
import { openBrowser, type Browser } from './browser.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { plantListedCoin } from '../helpers/vault.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import type { Coin } from '../helpers/launchpad.js';
import { DeskMarket, ZEC, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-coin-service-test';
type Json = Record<string, unknown>;

/**
 * The coin page's holders and service runs in Chromium, over a server whose service runs are on: the
 * holders the API lists (the curve marked apart, paged on with "Show more"), the holder-reward run the
 * service made, what it will run next, and the vault's movements, all without a reload.
 */
describe('the coin page: holders and service runs, in Chromium', () => {
  let f: ApiFixture;
  let browser: Browser;
  let coin: PlantedCoin;
  let ticker: NodeJS.Timeout;
  let session: KeychainSession;
  const holders: KeyPairSigner[] = [];
  /** Buys `amount` raw coins of `coin` for a new trader, straight to the sandbox (no page involved). */
  async function buyFor(c: Coin, amount: bigint): Promise<void> {
    const trader = await fundedWallet(f.sandbox, 100n * ZEC);
    const quote = buyExactTokens(curveOf(f.sandbox, c), tokens(amount), SANDBOX_FEE_RATES);
    const result = await send(f.sandbox, trader, [await openCoinAccount(trader, c), await buyV2Instruction(partiesFor(f.sandbox, c, trader.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err).toBeNull();
  }
  const page = () => browser.page;
  const get = async (path: string) => {
    f.clock += 2_000;
    return (await call(f, 'GET', path)).body as Json;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ runs: { splitDelayMs: 0, holderRunEveryMs: 250, holderRunMinimumZec: 1n }, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 10);
    const market = await DeskMarket.open(f);
    coin = await market.plant('Sprout Shares', 'SPRT');
    // Twenty-three holders: more than one page of the panel (20).
    for (let i = 0; i < 23; i++) {
      const holder = await fundedWallet(f.sandbox, 100n * ZEC);
      const quote = buyExactTokens(curveOf(f.sandbox, coin), tokens(BigInt(i + 1) * 41_000_000_000n), SANDBOX_FEE_RATES);
      const result = await send(f.sandbox, holder, [await openCoinAccount(holder, coin), await buyV2Instruction(partiesFor(f.sandbox, coin, holder.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
      expect(result.err).toBeNull();
      holders.push(holder);
    }
    await f.indexed();
    const deadline = Date.now() + 60_000;
    while (!((await f.store.runs.lastRunOf(coin.mint))?.recipients === 23 && (await f.store.runs.lastRunOf(coin.mint))?.state === 'closed')) {
      if (Date.now() > deadline) throw new Error(`no closed run of all 23 holders: ${JSON.stringify(f.runs?.jobs(coin.mint))}`);
      await f.indexed();
      await new Promise((r) => setTimeout(r, 25));
    }
    browser = await openBrowser(1280, 800);
  }, 180_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it.
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    clearInterval(ticker);
    session?.stop();
  });

  it('lists the holders the API lists, largest first, pages on, and marks the curve apart', async () => {
    await page().goto(`${f.base}/coin/${coin.mint}`);
    const panel = page().getByRole('region', { name: 'Holders' });
    await panel.getByRole('row').nth(1).waitFor();
    const api = await get(`/v1/coins/${coin.mint}/holders?limit=20`);
    const rows = () => panel.locator('[role="row"][data-wallet]').evaluateAll((els) => els.map((e) => e.getAttribute('data-wallet')));
    expect(await rows()).toEqual((api['data'] as Json[]).map((h) => h['wallet']));
    expect(await panel.getByRole('heading').textContent()).toContain('23 wallets, largest first');
    // Where the supply is: the holders together, the curve's coins for sale and the part it keeps for its
    // pool, marked apart, adding up to exactly 100% (seen before: 6.58% + 72.73% and nothing else).
    expect((api['vaults'] as Json[]).map((v) => v['role'])).toEqual(['curve', 'curve-reserve']);
    const shown = await panel.locator('dl.supply > div').evaluateAll((els) => els.map((e) => [e.getAttribute('data-part'), e.querySelector('dt')!.textContent, e.querySelector('.share')!.textContent]));
    expect(shown.map(([part, label]) => [part, label])).toEqual([
      ['held', '23 holders'],
      ['curve', 'Bonding curve, for sale · not a holder'],
      ['curve-reserve', 'Bonding curve, kept for its pool at graduation · not a holder'],
      ['supply', 'Supply'],
    ]);
    const hundredths = shown.slice(0, 3).reduce((sum, [, , share]) => {
      const [whole, part = ''] = share!.replace('%', '').split('.');
      return sum + BigInt(whole!) * 100n + BigInt(part.padEnd(2, '0'));
    }, 0n);
    expect([hundredths, shown[3]![2]]).toEqual([10_000n, '100%']);
    expect(shown[2]![2]).toBe('20.69%');
    // PnL carries its unit.
    expect(await panel.locator('[data-field="pnl"]').first().textContent()).toMatch(/^[+−]?[0-9.,<KMB]+ ZEC$/);
    await panel.getByRole('button', { name: 'Show more holders' }).click();
    await expect.poll(async () => (await rows()).length).toBe(23);
    const all = await get(`/v1/coins/${coin.mint}/holders?limit=100`);
    expect(await rows()).toEqual((all['data'] as Json[]).map((h) => h['wallet']));
    await expect.poll(() => panel.getByRole('button', { name: 'Show more holders' }).count()).toBe(0);
  });

  it('shows the service\'s holder-reward runs, what it runs next, and the latest fee movements', async () => {
    const service = page().getByRole('region', { name: 'Service runs' });
    const runs = (await get(`/v1/coins/${coin.mint}/runs`))['data'] as Json[];
    const last = runs[0]!;
    await expect.poll(() => service.locator(`[data-run="${String(last['run'])}"]`).getAttribute('data-state')).toBe('closed');
    expect(await service.locator(`[data-run="${String(last['run'])}"]`).textContent()).toContain('23/23 holders');
    const schedule = await get(`/v1/coins/${coin.mint}/schedule`);
    expect(schedule['runs']).toBe('on');
    const kinds = (schedule['scheduled'] as Json[]).map((j) => j['kind']);
    expect(await service.locator('.next li').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(kinds);
    expect(await service.locator('[data-kind="holders"] .what').textContent()).toBe('Holder-reward run');
    await service.locator('.rings li[data-kind="run-pay"]').first().waitFor();
    await page().locator('.below').scrollIntoViewIfNeeded();
    await page().screenshot({ path: `${SHOTS}/desk-coin-holders-1280x800.png`, fullPage: true });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-coin-holders-1920x1080.png`, fullPage: true });
  });
  it("a coin whose payee is your wallet: Fees, Service runs and the payee panel agree as the service splits and pays, without a reload", async () => {
    const payee = (await f.wallets!.create('Payee')).address;
    await f.sandbox.faucet.zec(payee, 1n as never); // a ZEC account: the service pays into it
    const mine = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee });
    await f.indexed();
    await page().setViewportSize({ width: 1280, height: 800 });
    await page().goto(`${f.base}/coin/${mine.mint}#token=${TOKEN}`);
    const panel = page().getByRole('region', { name: 'Your coin' });
    const fees = page().getByRole('region', { name: 'Fees' });
    const feeRow = (label: string) => fees.locator('div', { has: page().locator('dt', { hasText: label }) }).locator('dd');
    await panel.waitFor();
    await expect.poll(() => panel.locator('[data-field="waiting"]').textContent()).toBe('0 ZEC');
    expect(await panel.locator('[data-field="payout"]').textContent()).toBe('Nothing has been paid to the payee yet.');
    expect(await panel.getByRole('button', { name: 'Claim to Payee' }).isDisabled()).toBe(true);

    // A trade while the page is open: the service splits and pays the payee; every panel follows by itself.
    await buyFor(mine, 9_000_000_000_000n);
    await f.indexed();
    let paid: Json | undefined;
    await expect.poll(async () => {
      paid = ((await get(`/v1/coins/${mine.mint}/rings`))['data'] as Json[]).find((r) => r['kind'] === 'payout');
      return paid !== undefined;
    }, { timeout: 20_000 }).toBe(true);
    const zec = formatDecimalUnits(BigInt(paid!['zec'] as string), 8);
    await expect.poll(() => panel.locator('[data-field="payout"]').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^Last paid: ${zec.replace('.', '\\.')} ZEC [0-9]+s ago\\.$`));
    await expect.poll(() => panel.locator('[data-field="waiting"]').textContent()).toBe('0 ZEC');
    expect(await panel.locator('[data-field="claim-note"]').textContent()).toBe('Nothing to claim: every split share has been paid.');
    expect(await panel.getByRole('button', { name: 'Claim to Payee' }).isDisabled()).toBe(true);
    const api = await get(`/v1/coins/${mine.mint}/fees`);
    expect(api['paidOutZec']).toBe(paid!['zec']);
    expect(await feeRow('Paid out to the payee').textContent()).toBe(zec);
    expect(await feeRow('Waiting in the fee account').textContent()).toBe('0');
    const service = page().getByRole('region', { name: 'Service runs' });
    await service.locator('.rings li[data-kind="payout"]').first().waitFor();
    await page().locator('.below').scrollIntoViewIfNeeded();
    await page().screenshot({ path: `${SHOTS}/desk-coin-payee-paid-1280x800.png`, fullPage: true });
  });

  it("a payee wallet without a ZEC account: the panel says the service cannot pay it and Claim why it is needed; Fees shows the same amount", async () => {
    const payee = (await f.wallets!.create('Fresh')).address;
    await f.sandbox.faucet.sol(payee, (10n ** 9n) as never);
    const mine = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee });
    await f.indexed();
    await page().goto(`${f.base}/coin/${mine.mint}#token=${TOKEN}`);
    const panel = page().getByRole('region', { name: 'Your coin' });
    await panel.waitFor();
    await buyFor(mine, 9_000_000_000_000n);
    await f.indexed();
    await expect.poll(() => panel.locator('[data-field="payout"]').textContent(), { timeout: 20_000 }).toBe('Your wallet has no ZEC account, so the service cannot pay it.');
    const waiting = (await get(`/v1/coins/${mine.mint}/fees`))['waitingZec'] as string;
    expect(BigInt(waiting) > 0n).toBe(true);
    await expect.poll(() => panel.locator('[data-field="waiting"]').textContent()).toBe(`${formatDecimalUnits(BigInt(waiting), 8)} ZEC`);
    const fees = page().getByRole('region', { name: 'Fees' });
    expect(await fees.locator('div', { has: page().locator('dt', { hasText: 'Waiting in the fee account' }) }).locator('dd').textContent()).toBe(formatDecimalUnits(BigInt(waiting), 8));
    expect(await panel.locator('[data-field="claim-note"]').textContent()).toBe('Claim it: the claim opens your ZEC account and pays what waits into it.');
    expect(await panel.getByRole('button', { name: 'Claim to Fresh' }).isDisabled()).toBe(false);
    const service = page().getByRole('region', { name: 'Service runs' });
    expect(await service.locator('[data-kind="claim"] .why').textContent()).toContain('has no ZEC account');
    await page().locator('.below').scrollIntoViewIfNeeded();
    await page().screenshot({ path: `${SHOTS}/desk-coin-payee-no-zec-account-1280x800.png`, fullPage: true });
  });
});
