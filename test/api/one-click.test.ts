import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { TradingBook } from '../../core/signer/trading-book.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { tokenBalance } from '../helpers/launchpad.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from './api-fixture.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';

const ZEC = 100_000_000n;
const TOKEN = 'desk-token-of-the-one-click-test-0001';

interface Trading {
  presets: { buyZec: string[]; buySol: string[]; sellPercents: number[]; slippageBps: Record<string, number>; priority: { level: string; microLamports: string } };
  policy: Record<string, unknown> & { enabled: boolean };
  enabledAt: string | null;
  spent24h: { zec: string; sol: string };
  confirmation: string;
}
interface JournalRow {
  verdict: string;
  reasons: string[];
  spend: string | null;
  spendAsset: string | null;
  side: string;
  signatures: string[];
  buildId: string;
}

/**
 * One-click trading on the real server, keychain and sandbox: the presets and policy kept per wallet (and
 * across a reopen of the settings file), the typed confirmation, and the quick-trade route that signs
 * without review only inside the policy: a buy inside lands; a buy above the per-trade spend, with a
 * slippage above the limit, a minimum the ticket's slippage does not account for, past the daily cap, or
 * for a wallet with the policy off is refused naming the bound, nothing is signed, and the journal lists
 * every one with its verdict.
 */
describe('one-click trading routes (real keychain, real server, real sandbox)', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let wallet: Address;
  let ticker: ReturnType<typeof setInterval>;
  const desk = (method: string, path: string, body?: unknown): Promise<Answer> => call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });
  const trading = async () => (await desk('GET', `/desk-api/wallets/${wallet}/trading`)).body as unknown as Trading;
  const journal = async () => ((await desk('GET', `/desk-api/wallets/${wallet}/one-click/journal`)).body as { data: JournalRow[] }).data;
  const coins = () => tokenBalance(f.sandbox, wallet, f.mint as Address, TOKEN_2022_PROGRAM);

  async function quickBuy(amount: bigint, slippageBps = 100, minimum?: (quoted: bigint) => bigint) {
    const quote = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=buy&amount=${amount}&slippageBps=${slippageBps}`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const built = await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: f.mint, side: 'buy', amount: String(amount), slippageBps } });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const quoted = BigInt(quote.body['minTokensOut'] as string);
    const ticket = { wallet, mint: f.mint, side: 'buy', amount: String(amount), pay: 'ZEC', receive: 'ZEC', slippageBps, minimum: String(minimum ? minimum(quoted) : quoted) };
    return desk('POST', '/desk-api/quick/trade', { buildId: built.body['buildId'], ticket });
  }

  beforeAll(async () => {
    session = await startKeychainSession();
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    const created = await desk('POST', '/desk-api/wallets', { label: 'Quick' });
    wallet = created.body['address'] as Address;
    expect((await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'SOL', amount: String(10n * 10n ** 9n) })).status).toBe(200);
    expect((await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'ZEC', amount: String(50n * ZEC) })).status).toBe(200);
    // The relay confirms what it sends: the sandbox's clock runs while the test does.
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  });
  afterAll(async () => {
    clearInterval(ticker);
    await f?.close();
    session?.stop();
  });

  it('starts every wallet on the default presets with one-click trading off, and refuses a quick trade then', async () => {
    const t = await trading();
    expect(t.presets).toEqual({ buyZec: ['10000000', '50000000', '100000000', '500000000'], buySol: ['100000000', '500000000', '1000000000', '5000000000'], sellPercents: [25, 50, 75, 100], slippageBps: { curve: 100, pool: 200, route: 300 }, priority: { level: 'low', microLamports: '10000' } });
    expect([t.policy.enabled, t.enabledAt, t.confirmation]).toEqual([false, null, 'sign without review']);
    const before = await coins();
    const off = await quickBuy(ZEC / 10n);
    expect([off.status, codeOf(off), messageOf(off)]).toEqual([422, 'refused', 'not signed without review: one-click trading is off for this wallet (turn it on in Wallets, inside limits you set)']);
    expect(await coins()).toBe(before);
    const unknown = await desk('GET', `/desk-api/wallets/${f.mint}/trading`);
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'not_found']);
  });

  it('keeps presets checked whole, and names the field of a bad one', async () => {
    const presets = { buyZec: ['25000000', '100000000', '300000000'], buySol: ['200000000'], sellPercents: [10, 33, 100], slippageBps: { curve: 150, pool: 250, route: 400 }, priority: { level: 'fast', microLamports: '100000' } };
    const saved = await desk('PUT', `/desk-api/wallets/${wallet}/presets`, presets);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body as unknown as Trading).presets).toEqual(presets);
    const twice = await desk('PUT', `/desk-api/wallets/${wallet}/presets`, { ...presets, buyZec: ['1', '1'] });
    expect([twice.status, codeOf(twice), messageOf(twice)]).toEqual([400, 'invalid_param', 'presets.buyZec: each preset appears once']);
    const level = await desk('PUT', `/desk-api/wallets/${wallet}/presets`, { ...presets, priority: { level: 'turbo', microLamports: '5' } });
    expect(messageOf(level)).toBe('presets.priority: the turbo level is 1000000 micro-lamports per compute unit, not 5');
    const zero = await desk('PUT', `/desk-api/wallets/${wallet}/presets`, { ...presets, buySol: ['0'] });
    expect(messageOf(zero)).toBe('presets.buySol: 0 is not a positive amount');
    expect((await trading()).presets).toEqual(presets);
    // The file is what a restart reads.
    const reopened = await TradingBook.open(f.dir);
    expect(reopened.json(wallet).presets).toEqual(presets);
  });

  it('turns one-click trading on only with the typed confirmation, and refuses limits that contradict each other', async () => {
    const policy = { enabled: true, maxSpendZec: String(ZEC), maxSpendSol: '1000000000', maxSlippageBps: 300, maxPriorityLamports: '1000000', pairs: ['zec', 'native'], venues: ['curve', 'pool', 'route'], dailyCapZec: String(2n * ZEC), dailyCapSol: '5000000000' };
    const untyped = await desk('PUT', `/desk-api/wallets/${wallet}/one-click`, { policy });
    expect([untyped.status, codeOf(untyped), messageOf(untyped)]).toEqual([400, 'invalid_param', 'confirmation: type "sign without review" to let this desk sign trades inside these limits without showing you the review']);
    const wrong = await desk('PUT', `/desk-api/wallets/${wallet}/one-click`, { policy, confirmation: 'yes' });
    expect(codeOf(wrong)).toBe('invalid_param');
    const capBelow = await desk('PUT', `/desk-api/wallets/${wallet}/one-click`, { policy: { ...policy, dailyCapZec: '1' }, confirmation: 'sign without review' });
    expect(messageOf(capBelow)).toBe('policy.dailyCapZec: the daily cap (0.00000001 ZEC) is below the most one trade may spend (1 ZEC)');
    expect((await trading()).policy.enabled).toBe(false);
    const on = await desk('PUT', `/desk-api/wallets/${wallet}/one-click`, { policy, confirmation: 'sign without review' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const t = on.body as unknown as Trading;
    expect(t.policy).toEqual(policy);
    expect(t.enabledAt).not.toBeNull();
  });

  it('signs a buy inside the policy without review: it lands, and the journal lists it as signed with its spend', async () => {
    const before = await coins();
    const quick = await quickBuy(ZEC / 2n);
    expect(quick.status, JSON.stringify(quick.body)).toBe(200);
    expect((quick.body['signatures'] as string[]).length).toBe(1);
    expect(await coins()).toBeGreaterThan(before);
    const [last] = await journal();
    expect(last).toMatchObject({ verdict: 'signed', reasons: [], spend: String(ZEC / 2n), spendAsset: 'ZEC', side: 'buy', signatures: quick.body['signatures'] });
    expect((await trading()).spent24h).toEqual({ zec: String(ZEC / 2n), sol: '0' });
  });

  it('refuses, naming the bound, a buy above the per-trade spend, a slippage above the limit, and a minimum the ticket does not account for; nothing is signed', async () => {
    const before = await coins();
    const big = await quickBuy(2n * ZEC);
    expect([big.status, codeOf(big)]).toEqual([422, 'refused']);
    expect(messageOf(big)).toContain('the buy spends 2 ZEC, above the 1 ZEC a one-click trade may spend');
    const loose = await quickBuy(ZEC / 10n, 500);
    expect(messageOf(loose)).toBe('not signed without review: its slippage is 500 bps, above the 300 bps allowed one-click');
    // The page says 1% but asks for no minimum at all: the floor the build keeps is the server's, the ticket's
    // minimum is what the page accepts, and that one leaves every coin to slippage.
    const lying = await quickBuy(ZEC / 10n, 100, () => 1n);
    expect(messageOf(lying)).toBe("not signed without review: its slippage is 10000 bps, above the 300 bps allowed one-click");
    expect(await coins()).toBe(before);
    const rows = await journal();
    expect(rows.slice(0, 3).map((r) => r.verdict)).toEqual(['refused', 'refused', 'refused']);
    // Every bound the trade crosses is named, not only the first.
    expect(rows[2]!.reasons).toEqual(['the buy spends 2 ZEC, above the 1 ZEC a one-click trade may spend', 'one-click buys have spent 0.5 ZEC in the last 24 hours; this one would make 2.5 ZEC, above the daily cap of 2 ZEC']);
  });

  it('refuses a buy past the daily cap, counting only what one-click buys signed in the last 24 hours', async () => {
    // 0.5 ZEC spent; the cap is 2 ZEC: 1 ZEC passes, then another 1 ZEC would make 2.5.
    expect((await quickBuy(ZEC)).status).toBe(200);
    const over = await quickBuy(ZEC);
    expect(messageOf(over)).toBe('not signed without review: one-click buys have spent 1.5 ZEC in the last 24 hours; this one would make 2.5 ZEC, above the daily cap of 2 ZEC');
    expect((await trading()).spent24h.zec).toBe(String(3n * ZEC / 2n));
  });

  it('never signs the same build twice, and a ticket the build does not match is refused by the review first', async () => {
    const quote = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=buy&amount=${ZEC / 10n}`);
    const built = await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: f.mint, side: 'buy', amount: String(ZEC / 10n) } });
    const ticket = { wallet, mint: f.mint, side: 'buy', amount: String(ZEC / 10n), pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: quote.body['minTokensOut'] };
    const other = await desk('POST', '/desk-api/quick/trade', { buildId: built.body['buildId'], ticket: { ...ticket, amount: String(ZEC / 20n) } });
    expect([other.status, codeOf(other)]).toEqual([422, 'refused']);
    expect(messageOf(other)).toMatch(/^not signed without review: amount: /);
    expect((await desk('POST', '/desk-api/quick/trade', { buildId: built.body['buildId'], ticket })).status).toBe(200);
    const again = await desk('POST', '/desk-api/quick/trade', { buildId: built.body['buildId'], ticket });
    expect(messageOf(again)).toBe(`build ${built.body['buildId']} was sent before (a build is signed and sent once); build again`);
  });

  it('turning it off needs no confirmation, and the next quick trade is refused', async () => {
    const t = await trading();
    const off = await desk('PUT', `/desk-api/wallets/${wallet}/one-click`, { policy: { ...t.policy, enabled: false } });
    expect(off.status).toBe(200);
    expect((off.body as unknown as Trading).enabledAt).toBeNull();
    expect(messageOf(await quickBuy(ZEC / 10n))).toContain('one-click trading is off for this wallet');
    const rows = await journal();
    expect(rows[0]).toMatchObject({ verdict: 'refused', reasons: ['one-click trading is off for this wallet'] });
  });
});
