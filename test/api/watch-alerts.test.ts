import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../core/api/api-context.js';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { ProgramGuard } from '../../core/signer/program-guard.js';
import { WatchBook, WATCH_FILE } from '../../core/api/store/watch-book.js';
import { marketCapZat } from '../../core/math/level-cross.js';
import { DeskMarket, ZEC, type PlantedCoin } from '../desk/market.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { fundedWallet, send, tokenBalance } from '../helpers/launchpad.js';
import { plantingInstructions } from '../helpers/vault.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from './api-fixture.js';
import { join } from 'node:path';
import { TradingBook } from '../../core/signer/trading-book.js';
import { OneClickJournal } from '../../core/api/store/one-click-journal.js';

const TOKEN = 'desk-token-of-the-watch-alerts-test-01';
type Alert = { id: number; kind: string; mint: string | null; wallet: string | null; signature: string | null; title: string; line: string; seen: boolean };

/**
 * The watchlist, followed wallets and alert rules on the real server, sandbox and index: level rules fire
 * once per crossing and re-arm, a starred coin's graduation and its deployer's sale fire, a followed
 * wallet's trades and plantings fire, and a restart on the same data directory (even one that evaluates
 * the same events again) keeps the rules and fires nothing twice.
 */
describe('watchlists and alerts', () => {
  let f: ApiFixture;
  let market: DeskMarket;
  let deployer: KeyPairSigner;
  let trader: KeyPairSigner;
  let coin: Address;
  let restarted: { app: Api; base: string; book: WatchBook } | null = null;
  const base = () => restarted?.base ?? f.base;
  const desk = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base()}${path}`, { method, headers: { 'x-desk-token': TOKEN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: response.headers };
  };
  const alerts = async (): Promise<Alert[]> => {
    const answer = await desk('GET', '/desk-api/alerts?limit=200');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body['alerts'] as Alert[];
  };
  const ofKind = async (kind: string) => (await alerts()).filter((a) => a.kind === kind);
  const trade = async (signer: KeyPairSigner, side: 'buy' | 'sell', amount: bigint, mint = coin) => {
    const signatures = await signAndSend(f, await build(f, '/v1/trade/build', { wallet: signer.address, mint, side, amount: String(amount) }), [signer]);
    await f.indexed();
    return signatures;
  };
  const lastPrice = async (mint: Address = coin) => (await f.store.coin(mint))!.lastPriceE18;
  /** Plants a listed coin from `payer` with a first buy (so the deployer holds coins to sell). */
  const plantFrom = async (payer: KeyPairSigner, symbol: string): Promise<Address> => {
    const mint = await generateKeyPairSigner();
    const { instructions } = await plantingInstructions(f.sandbox, payer, mint, { kind: 'holders' }, 20_000_000_000n, 'zec', { name: `${symbol} coin`, symbol });
    const result = await send(f.sandbox, payer, instructions, [mint]);
    expect(result.err).toBeNull();
    await f.indexed();
    return mint.address;
  };

  beforeAll(async () => {
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    market = await DeskMarket.open(f);
    deployer = await fundedWallet(f.sandbox, 100n * ZEC);
    trader = await fundedWallet(f.sandbox, 500n * ZEC);
    coin = await plantFrom(deployer, 'WATCH');
  }, 120_000);

  afterAll(async () => {
    if (restarted) {
      await restarted.app.close();
      restarted.book.close();
    }
    await f?.close();
  });

  it('stars a coin and follows a wallet; both are listed', async () => {
    expect((await desk('PUT', `/desk-api/watch/coins/${coin}`)).status).toBe(200);
    const followed = await desk('PUT', `/desk-api/watch/wallets/${trader.address}`, { label: 'whale' });
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ coins: [{ mint: coin, starredAt: expect.any(Number) }], wallets: [{ wallet: trader.address, label: 'whale' }], sound: false });
    expect((await desk('PUT', '/desk-api/watch/settings', { sound: true })).body['sound']).toBe(true);
    expect((await alerts()).length).toBe(0);
  });

  it('a price level fires once when a trade crosses it, and again only after the price came back', async () => {
    const level = (await lastPrice() * 105n) / 100n;
    const levelText = (Number(level) / 1e18).toFixed(18).replace(/0+$/, '');
    const rule = await desk('POST', '/desk-api/alert-rules', { mint: coin, metric: 'price', direction: 'above', level: levelText });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect(rule.body['armed']).toBe(true);
    const exact = BigInt(rule.body['levelBase'] as string);

    const [first] = await trade(trader, 'buy', 5n * ZEC);
    expect(await lastPrice()).toBeGreaterThanOrEqual(exact);
    const fired = await ofKind('level');
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ mint: coin, signature: first, seen: false });
    expect(fired[0]!.title).toMatch(/^WATCH price rose to /);

    // Still above: nothing more, the rule waits for the price to come back.
    await trade(trader, 'buy', 1n * ZEC);
    expect(await ofKind('level')).toHaveLength(1);
    expect(((await desk('GET', `/desk-api/alert-rules?mint=${coin}`)).body['rules'] as { armed: boolean }[])[0]!.armed).toBe(false);

    // Back below (the trader sells what it bought, then a small buy trades near the old price) re-arms it; a buy crosses it again.
    await trade(trader, 'sell', await tokenBalance(f.sandbox, trader.address, coin, TOKEN_2022_PROGRAM));
    await trade(trader, 'buy', ZEC / 100n);
    expect(await lastPrice()).toBeLessThan(exact);
    expect(await ofKind('level')).toHaveLength(1);
    await trade(trader, 'buy', 5n * ZEC);
    expect(await ofKind('level')).toHaveLength(2);
  });

  it('a market-cap level below fires once when trades take the market cap under it', async () => {
    const supply = (await f.store.coin(coin))!.tokenTotalSupply;
    const capNow = marketCapZat(await lastPrice(), supply);
    const level = (capNow * 97n) / 100n;
    const rule = await desk('POST', '/desk-api/alert-rules', { mint: coin, metric: 'marketCap', direction: 'below', level: (Number(level) / 1e8).toFixed(8) });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const before = (await ofKind('level')).length;
    const held = await tokenBalance(f.sandbox, trader.address, coin, TOKEN_2022_PROGRAM);
    await trade(trader, 'sell', held);
    await trade(trader, 'buy', ZEC / 100n); // near the price before the buy: under the level, whatever the sale's own average was
    expect(marketCapZat(await lastPrice(), supply)).toBeLessThanOrEqual(BigInt(rule.body['levelBase'] as string));
    const levels = await ofKind('level');
    expect(levels).toHaveLength(before + 1);
    expect(levels.at(-1)!.title).toMatch(/^WATCH market cap fell to /);
  });

  it("a followed wallet's trades fire, and the starred coin's deployer selling fires", async () => {
    const trades = await ofKind('wallet_trade');
    expect(trades.length).toBe(7); // every trade of the followed trader above
    expect(trades.every((a) => a.wallet === trader.address && a.title.startsWith('whale '))).toBe(true);

    const held = await tokenBalance(f.sandbox, deployer.address, coin, TOKEN_2022_PROGRAM);
    const [sale] = await trade(deployer, 'sell', held / 2n);
    const sold = await ofKind('deployer_sell');
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({ mint: coin, wallet: deployer.address, signature: sale });
    expect(sold[0]!.title).toBe('WATCH: the deployer sold');
  });

  it("a followed wallet's planting fires, and a starred coin's graduation fires", async () => {
    const planter = await fundedWallet(f.sandbox, 50n * ZEC);
    expect((await desk('PUT', `/desk-api/watch/wallets/${planter.address}`, {})).status).toBe(200);
    const planted = await plantFrom(planter, 'SPROUT');
    const plants = await ofKind('wallet_plant');
    expect(plants).toHaveLength(1);
    expect(plants[0]).toMatchObject({ mint: planted, wallet: planter.address });

    const graduating: PlantedCoin = await market.plant('Meadow', 'MEADOW');
    expect((await desk('PUT', `/desk-api/watch/coins/${graduating.mint}`)).status).toBe(200);
    await market.graduate(graduating);
    const graduations = await ofKind('graduation');
    expect(graduations).toHaveLength(1);
    expect(graduations[0]).toMatchObject({ mint: graduating.mint, title: 'MEADOW graduated' });
  }, 120_000);

  it('marks alerts seen: the unseen list empties', async () => {
    const all = await alerts();
    const last = all.at(-1)!.id;
    expect((await desk('POST', '/desk-api/alerts/seen', { upTo: last })).body['marked']).toBe(all.length);
    expect(((await desk('GET', `/desk-api/alerts?unseen=true`)).body['alerts'] as Alert[]).length).toBe(0);
    expect(((await desk('GET', `/desk-api/alerts?after=${last - 1}`)).body['alerts'] as Alert[]).map((a) => a.id)).toEqual([last]);
  });

  it('a restart on the same data directory keeps everything and fires nothing twice, even when it evaluates the same events again', async () => {
    const before = await alerts();
    const rules = (await desk('GET', '/desk-api/alert-rules')).body['rules'];
    const position = f.watch!.evaluatedTo()!;
    await f.app.close();
    f.watch!.close();
    // The position kept is moved back to the start: the restarted server evaluates every event above again.
    const book = WatchBook.open(join(f.dir, WATCH_FILE));
    book.commit(0n, new Map(), []);
    const chain = new SandboxChain(f.sandbox.cluster);
    const guard = await ProgramGuard.open(chain, f.sandbox.profile, null);
    const app = await createApiServer({ store: f.store, chain, profile: f.sandbox.profile, desk: { wallets: f.wallets!, token: TOKEN, faucet: null, guard, watch: book, trading: await TradingBook.open(f.dir), journal: OneClickJournal.open(join(f.dir, 'one-click.sqlite')) }, deskDir: null });
    restarted = { app, book, base: (await listenLocal(app, 0)).url };
    expect(book.evaluatedTo()).toBe(position);
    expect((await desk('GET', '/desk-api/alert-rules')).body['rules']).toEqual(rules);
    expect((await desk('GET', '/desk-api/watch')).body).toMatchObject({ sound: true, wallets: [{ wallet: trader.address }, { label: '' }] });
    expect(await alerts()).toEqual(before);
    expect(((await desk('GET', '/desk-api/alerts?unseen=true')).body['alerts'] as Alert[]).length).toBe(0);
  });

  it('refuses bad input with the field and plain words', async () => {
    const level = await desk('POST', '/desk-api/alert-rules', { mint: coin, metric: 'price', direction: 'above', level: 'ten' });
    expect([level.status, codeOf(level as never)]).toEqual([400, 'invalid_param']);
    expect(messageOf(level as never)).toMatch(/^level: "ten" is not a decimal amount of ZEC per whole coin/);
    const zero = await desk('POST', '/desk-api/alert-rules', { mint: coin, metric: 'marketCap', direction: 'below', level: '0' });
    expect(messageOf(zero as never)).toBe('level: a level is above zero ZEC');
    const metric = await desk('POST', '/desk-api/alert-rules', { mint: coin, metric: 'volume', direction: 'above', level: '1' });
    expect([metric.status, codeOf(metric as never)]).toEqual([400, 'invalid_param']);
    expect(messageOf(metric as never)).toMatch(/^metric/);
    const unknown = (await generateKeyPairSigner()).address;
    const missing = await desk('POST', '/desk-api/alert-rules', { mint: unknown, metric: 'price', direction: 'above', level: '1' });
    expect([missing.status, codeOf(missing as never)]).toEqual([404, 'not_found']);
    expect(messageOf(missing as never)).toContain(unknown);
    const star = await desk('PUT', `/desk-api/watch/coins/${unknown}`);
    expect([star.status, codeOf(star as never)]).toEqual([404, 'not_found']);
    const gone = await desk('DELETE', '/desk-api/alert-rules/999');
    expect([gone.status, codeOf(gone as never)]).toEqual([404, 'not_found']);
    const notId = await desk('DELETE', '/desk-api/alert-rules/first');
    expect([notId.status, codeOf(notId as never)]).toEqual([400, 'invalid_param']);
    expect(messageOf(notId as never)).toMatch(/^id: /);
    const after = await desk('GET', '/desk-api/alerts?after=-1');
    expect([after.status, codeOf(after as never)]).toEqual([400, 'invalid_param']);
    const noToken = await call({ base: base() } as ApiFixture, 'GET', '/desk-api/alerts');
    expect(noToken.status).toBe(401);
    const rules = (await desk('GET', '/desk-api/alert-rules')).body['rules'] as { id: number }[];
    expect((await desk('DELETE', `/desk-api/alert-rules/${rules[0]!.id}`)).status).toBe(200);
    expect(((await desk('GET', '/desk-api/alert-rules')).body['rules'] as unknown[]).length).toBe(rules.length - 1);
  });
});
