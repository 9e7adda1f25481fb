import { mkdirSync } from 'node:fs';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { RISK_DEFINITIONS } from '../../core/types/risk-figures.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, sendInSlot, tokens, type Coin } from '../helpers/launchpad.js';
import { plantingInstructions } from '../helpers/vault.js';
import { openBrowser, type Browser } from './browser.js';
import { apiCoins, DeskMarket, ZEC } from './market.js';

const SHOTS = 'test-results';
type Json = Record<string, unknown>;
type Risk = { holders: number; top10Share: string; deployerSold: boolean; sniperShare: string; bundled: boolean; bundleShare: string };

/** A nine-decimal share as percent with one decimal, truncated, worked out here by hand ("0%" for none). */
const percent = (share: string) => {
  const billionths = BigInt(share.replace('.', ''));
  const tenths = billionths / 1_000_000n;
  return billionths === 0n ? '0%' : `${tenths / 10n}.${tenths % 10n}%`;
};
/** The same from raw units (the full read's `sold`). */
const percentOf = (part: bigint, supply: bigint) => {
  const tenths = (part * 1_000n) / supply;
  return part === 0n ? '0%' : `${tenths / 10n}.${tenths % 10n}%`;
};
const riskOf = (coin: Json) => coin['risk'] as Risk | undefined;

/**
 * The risk figures on the desk in Debian's Chromium against a real server over a real sandbox: a bundled
 * launch (the deployer's first buy and two wallets buying in the creation slot), a deployer that sells, a
 * whale holding most of a coin, a coin bought out to its pool and a quiet one. Cards and rows show the
 * API's figures exactly, the coin header names each with its definition and the summary, and each risk
 * filter keeps exactly the coins that pass it.
 */
describe('risk figures on the desk in Chromium', () => {
  let f: ApiFixture;
  let market: DeskMarket;
  let browser: Browser;
  let bundled: Coin;
  let dumped: Coin;
  let whale: Coin;
  let pooled: Coin;
  let quiet: Coin;

  const page = () => browser.page;
  const columns = ['New', 'About to graduate', 'Graduated'];
  const column = (name: string) => page().getByRole('region', { name, exact: true });
  const table = () => page().getByRole('table');
  const tableRow = (mint: string) => table().locator(`[role="row"][data-mint="${mint}"]`);
  const mintsIn = async (name: string) => column(name).locator('[data-mint]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-mint')!));
  const columnMints = async () => (await Promise.all(columns.map(mintsIn))).flat().sort();
  const tableMints = async () => table().locator('[role="row"][data-mint]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-mint')!));
  const get = async (path: string) => {
    f.clock += 2_000;
    const answer = await call(f, 'GET', path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Json;
  };

  /** A buy of exactly `amount` raw coin units in the slot the sandbox is in now. */
  async function buyInSlot(trader: KeyPairSigner, coin: Coin, amount: bigint): Promise<void> {
    const quote = buyExactTokens(curveOf(f.sandbox, coin), tokens(amount), SANDBOX_FEE_RATES);
    const result = await sendInSlot(f.sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(f.sandbox, coin, trader.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
  }

  /** A listed planting by `deployer` (its first buy in it), then `sameSlot` buys in its creation slot (a bundle). */
  async function plantWith(deployer: KeyPairSigner, name: string, symbol: string, firstBuy: bigint | null, sameSlot: [KeyPairSigner, bigint][] = []): Promise<Coin> {
    const mint = await generateKeyPairSigner();
    const { coin, instructions } = await plantingInstructions(f.sandbox, deployer, mint, { kind: 'holders' }, firstBuy, 'zec', { name, symbol });
    const result = await send(f.sandbox, deployer, instructions, [mint]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    for (const [wallet, amount] of sameSlot) await buyInSlot(wallet, coin, amount);
    await f.indexed();
    return coin;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    f = await startApi({ content: {} });
    market = await DeskMarket.open(f);
    const wallets = await Promise.all([1, 2, 3, 4].map(() => fundedWallet(f.sandbox, 100n * ZEC)));
    const [bundler, seller, a, b] = wallets as [KeyPairSigner, KeyPairSigner, KeyPairSigner, KeyPairSigner];
    await f.indexed();
    bundled = await plantWith(bundler, 'Bundle Launch', 'BNDL', 30_000_000_000_000n, [[a, 20_000_000_000_000n], [b, 10_000_000_000_000n]]);
    dumped = await plantWith(seller, 'Dev Dumps', 'DUMP', 40_000_000_000_000n);
    f.sandbox.cluster.advanceSlots(10);
    const sale = sellExactTokens(curveOf(f.sandbox, dumped), tokens(25_000_000_000_000n), SANDBOX_FEE_RATES);
    const sold = await send(f.sandbox, seller, [await sellV2Instruction(partiesFor(f.sandbox, dumped, seller.address), { amount: sale.tokens, minQuoteOutput: sale.userReceives })]);
    expect(sold.err, sold.logs.join('\n')).toBeNull();
    await market.buy(dumped, 1n * ZEC);
    // A whale buys 55% of the supply well after the creation: concentrated, no sniper, no bundle.
    whale = await plantWith(await fundedWallet(f.sandbox, 10n * ZEC), 'Whale Heavy', 'WHALE', null);
    f.sandbox.cluster.advanceSlots(10);
    const big = buyExactTokens(curveOf(f.sandbox, whale), tokens(550_000_000_000_000n), SANDBOX_FEE_RATES);
    const holder = await fundedWallet(f.sandbox, big.totalCost + ZEC);
    await buyInSlot(holder, whale, 550_000_000_000_000n);
    await f.indexed();
    pooled = await plantWith(await fundedWallet(f.sandbox, 10n * ZEC), 'Pool Bought Out', 'POOL', null);
    await market.graduate(pooled);
    quiet = await plantWith(await fundedWallet(f.sandbox, 10n * ZEC), 'Quiet Acorn', 'ACORN', null);
    f.sandbox.cluster.advanceSlots(10);
    await market.buy(quiet, 2n * ZEC);
    f.clock += 61_000;
    browser = await openBrowser(1280, 800);
    await page().goto(`${f.base}/`);
    await page().getByRole('status').filter({ hasText: 'Live' }).waitFor();
  }, 180_000);

  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    await browser?.close();
    await f?.close();
  });

  it('the API has the figures the test planted: a bundle, a deployer sale, a whale', async () => {
    const all = await apiCoins(f, '&sort=new');
    const risk = (coin: Coin) => riskOf(all.find((c) => c['mint'] === coin.mint)!)!;
    expect(risk(bundled)).toMatchObject({ bundled: true, deployerSold: false, top10Share: '0.060000000' }); // 30 + 20 + 10 million of a billion
    expect(percent(risk(bundled).sniperShare)).toBe('3.0%'); // the two bundle wallets bought in the creation slot: snipers too
    expect(risk(dumped)).toMatchObject({ bundled: false, deployerSold: true });
    expect(percent(risk(whale).top10Share)).toBe('55.0%');
    expect(risk(whale)).toMatchObject({ bundled: false, deployerSold: false, sniperShare: '0.000000000' });
    expect(risk(quiet)).toMatchObject({ bundled: false, deployerSold: false, sniperShare: '0.000000000' });
  });

  it('cards and rows show holders, the top 10 and a badge only for what calls for a look, exactly as the API answers', async () => {
    const trending = await apiCoins(f, '&sort=trending');
    await expect.poll(tableMints).toEqual(trending.map((c) => c['mint']));
    const shown = await columnMints();
    expect(shown).toEqual(expect.arrayContaining([bundled.mint, dumped.mint, whale.mint, pooled.mint, quiet.mint]));
    for (const coin of trending) {
      const mint = coin['mint'] as string;
      const r = riskOf(coin);
      const places = [tableRow(mint), ...(shown.includes(mint) ? [page().locator(`li.card[data-mint="${mint}"]`)] : [])];
      for (const place of places) {
        if (r === undefined) {
          expect(await place.locator('[data-field="risk"]').count(), mint).toBe(0);
          continue;
        }
        await expect.poll(() => place.locator('[data-risk="holders"]').textContent()).toBe(String(r.holders));
        expect(await place.locator('[data-risk="top10"]').textContent()).toBe(percent(r.top10Share));
        expect(await place.locator('[data-risk="deployerSold"]').count()).toBe(r.deployerSold ? 1 : 0);
        expect(await place.locator('[data-risk="bundled"]').count()).toBe(r.bundled ? 1 : 0);
        const snipers = place.locator('[data-risk="snipers"]');
        if (BigInt(r.sniperShare.replace('.', '')) === 0n) expect(await snipers.count()).toBe(0);
        else expect(await snipers.textContent()).toBe(`Snipers ${percent(r.sniperShare)}`);
      }
    }
    // The badges read in words, with their definitions on hover.
    const card = page().locator(`li.card[data-mint="${bundled.mint}"]`);
    expect(await card.locator('[data-risk="bundled"]').textContent()).toBe('Bundled');
    expect(await card.locator('[data-risk="bundled"]').getAttribute('title')).toBe(`Bundled launch, the bundle holds 3.0% now: ${RISK_DEFINITIONS.bundle}`);
    expect(await page().locator(`li.card[data-mint="${dumped.mint}"] [data-risk="deployerSold"]`).textContent()).toBe('Dev sold');
    await page().screenshot({ path: `${SHOTS}/desk-risk-discover-1280x800.png` });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-risk-discover-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
  });

  it('each risk filter keeps exactly the coins that pass it, in every list, and passes it to the list call', async () => {
    const unfiltered = await columnMints();
    const all = await apiCoins(f, '&sort=trending');
    const filters = [
      { name: 'Top 10 > 50%', query: 'top10Above=50', passes: (r: Risk) => BigInt(r.top10Share.replace('.', '')) > 500_000_000n },
      { name: 'Dev sold', query: 'deployerSold=true', passes: (r: Risk) => r.deployerSold },
      { name: 'Bundled launch', query: 'bundled=true', passes: (r: Risk) => r.bundled },
    ];
    const requests: string[] = [];
    page().on('request', (request) => requests.push(request.url()));
    const toggle = (name: string) => page().getByRole('group', { name: 'Risk' }).getByRole('button', { name, exact: true });
    for (const filter of filters) {
      await toggle(filter.name).click();
      expect(await toggle(filter.name).getAttribute('aria-pressed')).toBe('true');
      const kept = (await apiCoins(f, `&sort=trending&${filter.query}`)).map((c) => c['mint']);
      // The server's list is exactly the coins whose figures pass (worked out here from the unfiltered rows).
      expect(kept).toEqual(all.filter((c) => riskOf(c) !== undefined && filter.passes(riskOf(c)!)).map((c) => c['mint']));
      await expect.poll(tableMints).toEqual(kept);
      await expect.poll(columnMints).toEqual(unfiltered.filter((m) => kept.includes(m)).sort());
      expect(requests.some((url) => url.includes('/v1/coins?') && url.includes(filter.query))).toBe(true);
      if (filter.name === 'Top 10 > 50%') {
        expect(kept).toEqual(expect.arrayContaining([whale.mint, pooled.mint]));
        expect(await mintsIn('Graduated')).toEqual([pooled.mint]); // the graduations, narrowed on the desk
        await page().screenshot({ path: `${SHOTS}/desk-risk-filter-top10-1280x800.png` });
      }
      if (filter.name === 'Dev sold') {
        expect(kept).toContain(dumped.mint);
        expect(await mintsIn('Graduated')).toEqual([]);
      }
      if (filter.name === 'Bundled launch') expect(kept).toEqual([bundled.mint]);
      await toggle(filter.name).click();
      expect(await toggle(filter.name).getAttribute('aria-pressed')).toBe('false');
      await expect.poll(tableMints).toEqual(all.map((c) => c['mint']));
    }
    // Two at once keep what passes both: no coin here is both bundled and sold by its deployer.
    await toggle('Dev sold').click();
    await toggle('Bundled launch').click();
    expect(await apiCoins(f, '&deployerSold=true&bundled=true')).toEqual([]);
    await expect.poll(tableMints).toEqual([]);
    await expect.poll(columnMints).toEqual([]);
    expect(await column('New').textContent()).toContain('No coin here passes the risk filters on.');
    await toggle('Dev sold').click();
    await toggle('Bundled launch').click();
    await expect.poll(tableMints).toEqual(all.map((c) => c['mint']));
  });

  it("the coin header shows each figure with its definition on hover and the server's summary, and follows a trade", async () => {
    await page().locator(`li.card[data-mint="${dumped.mint}"]`).getByRole('link', { name: 'Dev Dumps' }).click();
    await page().waitForURL(`${f.base}/coin/${dumped.mint}`);
    const strip = page().getByRole('region', { name: 'Risk figures' });
    const expectStrip = async () => {
      const risk = await get(`/v1/coins/${dumped.mint}/risk`);
      const supply = BigInt(risk['supply'] as string);
      const held = (part: string) => percent(((risk[part] as Json)['held'] as Json)['shareOfSupply'] as string);
      const deployer = risk['deployer'] as Json & { held: Json };
      const wallets = (n: number) => `${n} wallet${n === 1 ? '' : 's'}`;
      const some = (part: string) => ((risk[part] as Json)['count'] === 0 ? 'none' : `${wallets((risk[part] as Json)['count'] as number)} · ${held(part)}`);
      const want: Record<keyof typeof RISK_DEFINITIONS, [string, string]> = {
        holders: ['Holders', String(risk['holders'])],
        top10: ['Top 10', percent((risk['top10'] as Json)['shareOfSupply'] as string)],
        deployer: ['Deployer', `sold ${percentOf(BigInt(deployer['sold'] as string), supply)}, holds ${percent(deployer.held['shareOfSupply'] as string)}`],
        snipers: ['Snipers', some('snipers')],
        bundle: ['Bundle', some('bundle')],
        fresh: ['Fresh wallets', some('fresh')],
      };
      await expect.poll(() => strip.locator('[data-field="risk-summary"]').textContent()).toBe(risk['summary']);
      for (const [key, [label, value]] of Object.entries(want)) {
        const item = strip.locator(`[data-risk="${key}"]`);
        expect(await item.locator('dt').textContent()).toBe(label);
        expect(await item.locator('dd').textContent(), key).toBe(value);
        expect(await item.getAttribute('title')).toBe(`${label}: ${RISK_DEFINITIONS[key as keyof typeof RISK_DEFINITIONS]}`);
      }
      return risk;
    };
    const before = await expectStrip();
    expect(before['summary']).toMatch(/deployer sold \d+\.\d% of supply/);
    await strip.locator('[data-risk="top10"]').hover();
    await page().screenshot({ path: `${SHOTS}/desk-risk-coin-1280x800.png` });
    // A new holder buys while the page is open: the strip moves with the coin's row.
    await buyInSlot(await fundedWallet(f.sandbox, 10n * ZEC), dumped, 5_000_000_000_000n);
    await f.indexed();
    await expect.poll(() => strip.locator('[data-risk="holders"] dd').textContent(), { timeout: 10_000 }).toBe(String((before['holders'] as number) + 1));
    await expectStrip();
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-risk-coin-1920x1080.png` });
    // A bundled launch names its bundle as such.
    await page().goto(`${f.base}/coin/${bundled.mint}`);
    await expect.poll(() => strip.locator('[data-risk="bundle"] dt').textContent()).toBe('Bundled launch');
    expect(await strip.locator('[data-risk="bundle"] dd').textContent()).toBe('2 wallets · 3.0%');
    await page().screenshot({ path: `${SHOTS}/desk-risk-coin-bundled-1920x1080.png` });
    await page().setViewportSize({ width: 1280, height: 800 });
  });
});
