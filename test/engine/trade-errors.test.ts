import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';

const ZEC = 100_000_000n;

/** Bad input to the trade build and the quote: the spec's code naming the field; nothing built or recorded. */
describe('trade build and quote: bad input', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;

  beforeAll(async () => {
    f = await startApi();
    trader = await fundedWallet(f.sandbox, 10n * ZEC);
  }, 60_000);
  afterAll(() => f.close());

  const post = (body: Record<string, unknown>) => {
    f.clock += 61_000;
    return call(f, 'POST', '/v1/trade/build', { body });
  };
  const good = () => ({ wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC) });

  it.each([
    ['wallet', { wallet: undefined }, /^wallet: /],
    ['wallet', { wallet: 'not-an-address' }, /^wallet: /],
    ['mint', { mint: 'O0O0' }, /^mint: /],
    ['side', { side: 'hold' }, /^side: must be one of buy, sell/],
    ['amount', { amount: '-5' }, /^amount: /],
    ['amount', { amount: '1.5' }, /^amount: /],
    ['amount', { amount: '0' }, /^amount: must be at least 1/],
    ['amount', { amount: '18446744073709551616' }, /^amount: is above/],
    ['amount', { amount: 'all' }, /^amount: /], // `all` is for a sale
    ['slippageBps', { slippageBps: 2001 }, /^slippageBps: must be an integer from 0 to 2000/],
    ['slippageBps', { slippageBps: -1 }, /^slippageBps: /],
    ['pay', { pay: 'BTC' }, /^pay: must be one of ZEC, SOL/],
    ['receive', { receive: 'ZEC' }, /^receive: is for a sale/],
  ])('%s: %j', async (_field, change, pattern) => {
    const answer = await post({ ...good(), ...change });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(codeOf(answer)).toBe('invalid_param');
    expect(messageOf(answer)).toMatch(pattern);
  });

  it('answers 404 for a mint that is no launchpad coin, and 422 refused in words for a sale of nothing', async () => {
    const stranger = (await generateKeyPairSigner()).address;
    const missing = await post({ ...good(), mint: stranger });
    expect(missing.status).toBe(404);
    expect(codeOf(missing)).toBe('not_found');
    expect(messageOf(missing)).toBe(`no coin ${stranger}`);
    const nothing = await post({ ...good(), side: 'sell', amount: 'all' });
    expect(nothing.status).toBe(422);
    expect(codeOf(nothing)).toBe('refused');
    expect(messageOf(nothing)).toMatch(/holds none of coin/);
  });

  it('answers 422 refused in the request\'s terms when the simulation fails for what the wallet holds (a buy it cannot pay for)', async () => {
    const poor = await fundedWallet(f.sandbox, ZEC);
    const answer = await post({ ...good(), wallet: poor.address, amount: String(2n * ZEC) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(codeOf(answer)).toBe('refused');
    // The rest of the cases, word for word: test/engine/holdings-errors.test.ts.
    expect(messageOf(answer)).toBe(`wallet ${poor.address} holds 1 ZEC, less than the 2 ZEC this buy spends`);
  });

  it('quotes with the same rules: a wrong side or a missing amount is invalid_param naming it', async () => {
    const wrong = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=hold&amount=1`);
    expect(wrong.status).toBe(400);
    expect(messageOf(wrong)).toMatch(/^side: /);
    const noAmount = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=buy`);
    expect(noAmount.status).toBe(400);
    expect(messageOf(noAmount)).toMatch(/^amount: /);
    const all = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=sell&amount=all`);
    expect(all.status).toBe(400);
    expect(messageOf(all)).toMatch(/^wallet: is needed to sell `all`/);
  });
});
