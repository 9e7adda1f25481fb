import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedWallet, plantCoin } from '../helpers/launchpad.js';
import { call, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const ZEC = 100_000_000n;

/**
 * Spec, Errors: "A hidden coin answers exactly like a missing one". A coin planted on the launchpad
 * outside the listed shape (here: another creator, no launch fee, no payee) is in the index, unlisted;
 * every endpoint that takes a mint answers it with the same 404 body as a mint nobody planted.
 */
describe('a hidden coin answers exactly like a missing one', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;
  let hidden: Address;
  let missing: Address;

  beforeAll(async () => {
    f = await startApi();
    trader = await fundedWallet(f.sandbox, 10n * ZEC);
    const planted = await plantCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC));
    expect(planted.err).toBeNull();
    hidden = planted.coin.mint;
    missing = (await generateKeyPairSigner()).address;
    await f.indexed();
  }, 60_000);
  afterAll(() => f.close());

  const requests: [string, (mint: Address) => Promise<Answer>][] = [
    ['GET /v1/coins/{mint}', (mint) => call(f, 'GET', `/v1/coins/${mint}`)],
    ['GET /v1/coins/{mint}/trades', (mint) => call(f, 'GET', `/v1/coins/${mint}/trades`)],
    ['GET /v1/coins/{mint}/candles', (mint) => call(f, 'GET', `/v1/coins/${mint}/candles`)],
    ['GET /v1/coins/{mint}/fees', (mint) => call(f, 'GET', `/v1/coins/${mint}/fees`)],
    ['GET /v1/coins/{mint}/holders', (mint) => call(f, 'GET', `/v1/coins/${mint}/holders`)],
    ['GET /v1/coins/{mint}/runs', (mint) => call(f, 'GET', `/v1/coins/${mint}/runs`)],
    ['GET /v1/coins/{mint}/rings', (mint) => call(f, 'GET', `/v1/coins/${mint}/rings`)],
    ['GET /v1/coins/{mint}/schedule', (mint) => call(f, 'GET', `/v1/coins/${mint}/schedule`)],
    ['GET /v1/coins/{mint}/quote', (mint) => call(f, 'GET', `/v1/coins/${mint}/quote?side=buy&amount=${ZEC}`)],
    ['POST /v1/trade/build', (mint) => call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint, side: 'buy', amount: String(ZEC) } })],
    ['POST /v1/claim/build', (mint) => call(f, 'POST', '/v1/claim/build', { body: { wallet: trader.address, mint } })],
    ['POST /v1/payee/build', (mint) => call(f, 'POST', '/v1/payee/build', { body: { wallet: trader.address, mint, payee: 'holders' } })],
  ];

  it('is in the index, unlisted, with the reason', async () => {
    const row = await f.store.coin(hidden);
    expect(row).not.toBeNull();
    expect(row!.listed).toBe(false);
    expect(row!.unlistedReason).toMatch(/creator/);
  });

  it.each(requests)('%s: the same 404 not_found body as an unknown mint, and nothing built', async (_name, request) => {
    const builds = await f.ledger.count();
    f.clock += 61_000; // a fresh rate-limit window for each
    const [a, b] = [await request(hidden), await request(missing)];
    expect(a.status, JSON.stringify(a.body)).toBe(404);
    expect(b.status).toBe(404);
    expect(a.body).toEqual({ error: { code: 'not_found', message: `no coin ${hidden}` } });
    expect(JSON.stringify(a.body).replaceAll(hidden, '<mint>')).toBe(JSON.stringify(b.body).replaceAll(missing, '<mint>'));
    expect(await f.ledger.count()).toBe(builds);
  });
});
