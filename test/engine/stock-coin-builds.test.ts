import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';

/**
 * A stock coin's quote and trade build, as the spec says ("Coin reads with pairs": the quote of a stock
 * coin answers `404 not_found`; plant, trade and swap builds have no stock route, so a trade build is not
 * built: `422 refused`, the Build lifecycle's answer for a build that is not made) and docs/api.md repeats:
 * every side and leg alike, before any balance is read.
 */
describe("a stock coin's quote and build", () => {
  let f: ApiFixture;
  let mint: string;

  beforeAll(async () => {
    f = await startApi();
    await f.indexed();
    const listed = (await call(f, 'GET', '/v1/coins?stock=tslax')).body['data'] as { mint: string }[];
    mint = listed[0]!.mint;
  }, 60_000);
  afterAll(() => f.close());

  it.each([
    ['buy in ZEC', 'side=buy&amount=100000'],
    ['buy in SOL', 'side=buy&amount=1000000000&pay=SOL'],
    ['sale', 'side=sell&amount=1000'],
    ['sale for SOL', 'side=sell&amount=1000&receive=SOL'],
  ])('the quote of a %s is 404 not_found in plain words', async (_what, query) => {
    const answer = await call(f, 'GET', `/v1/coins/${mint}/quote?${query}`);
    expect([answer.status, codeOf(answer), messageOf(answer)]).toEqual([404, 'not_found', `no quote for ${mint}: a stock coin is not quoted in this API`]);
  });

  it.each([
    ['buy in ZEC', { side: 'buy', amount: '100000' }],
    ['buy in SOL', { side: 'buy', amount: '1000000000', pay: 'SOL' }],
    ['sale', { side: 'sell', amount: '1000' }],
    ['sale of all', { side: 'sell', amount: 'all' }],
    ['sale for SOL', { side: 'sell', amount: '1000', receive: 'SOL' }],
  ])('the build of a %s is 422 refused: no stock route (from a wallet holding nothing, so no balance is what refuses it)', async (_what, extra) => {
    const wallet = await fundedWallet(f.sandbox);
    f.clock += 61_000;
    const answer = await call(f, 'POST', '/v1/trade/build', { body: { wallet: wallet.address, mint, ...extra } });
    expect([answer.status, codeOf(answer), messageOf(answer)]).toEqual([422, 'refused', `${mint} is paired with a tokenized stock: this API builds no trade of a stock coin (it has no stock route)`]);
  });
});
