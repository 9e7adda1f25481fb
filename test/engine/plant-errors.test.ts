import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_SYMBOL } from '../../core/config/profile.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';

const ZEC = 100_000_000n;

/**
 * Bad input to the planting, claim and payee builds: the spec's code with a message naming the field,
 * and nothing built, recorded or sent (the relay's ledger holds no new build, the wallet's SOL is unmoved).
 */
describe('plant, claim and payee builds: bad input', () => {
  let f: ApiFixture;
  let planter: KeyPairSigner;
  let mint: string;

  beforeAll(async () => {
    f = await startApi();
    planter = await fundedWallet(f.sandbox, 10n * ZEC);
    mint = (await generateKeyPairSigner()).address;
  }, 60_000);
  afterAll(() => f.close());

  const post = (path: string, body: Record<string, unknown>) => {
    f.clock += 3_600_000; // past every group's window: these tests are not about rate limits
    return call(f, 'POST', path, { body });
  };
  const good = () => ({ wallet: planter.address, mint, name: 'Good Name', symbol: 'GOOD', uri: 'ipfs://bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', payee: 'me' });

  async function expectNothingBuilt(answer: Awaited<ReturnType<typeof post>>, status: number, code: string, pattern: RegExp, builds: number, sol: bigint) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(codeOf(answer)).toBe(code);
    expect(messageOf(answer)).toMatch(pattern);
    expect(await f.ledger.count()).toBe(builds);
    expect(f.sandbox.cluster.getAccount(planter.address)!.lamports).toBe(sol);
  }

  it.each([
    ['wallet', { wallet: 'nope' }, /^wallet: /],
    ['mint', { mint: undefined }, /^mint: /],
    ['mint', { mint: '0OIl' }, /^mint: /],
    ['name', { name: '' }, /^name: is empty/],
    ['name', { name: 'é'.repeat(17) }, /^name: takes 34 bytes; at most 32/],
    ['symbol', { symbol: 'good' }, /^symbol: "good" is not 2 to 10 characters of A-Z and 0-9/],
    ['symbol', { symbol: 'G' }, /^symbol: /],
    ['symbol', { symbol: 'GOODGOODGOO' }, /^symbol: /],
    ['symbol', { symbol: NATIVE_SYMBOL.toUpperCase() }, /^symbol: .* the native coin's own ticker/],
    ['uri', { uri: 'http://example.com/a.json' }, /^uri: must be an https:\/\/ or ipfs:\/\/ link/],
    ['uri', { uri: `https://example.com/${'a'.repeat(90)}` }, /^uri: has 110 characters; at most 100/],
    ['payee', { payee: 'someone' }, /^payee: "someone" is not a payee/],
    ['payee', { payee: 'wallet:xyz' }, /^payee: "xyz" is not a base58 address/],
    ['firstBuy.zec', { firstBuy: { zec: '0' } }, /^firstBuy.zec: must be at least 1/],
    ['firstBuy.zec', { firstBuy: { zec: '1.5' } }, /^firstBuy.zec: /],
    ['firstBuy.zec', { firstBuy: { zec: '18446744073709551616' } }, /^firstBuy.zec: is above/],
    ['firstBuy.slippageBps', { firstBuy: { zec: '100', slippageBps: 2001 } }, /^firstBuy.slippageBps: must be an integer from 0 to 2000/],
    ['firstBuy', { firstBuy: { zec: '100', extra: 1 } }, /^firstBuy/],
    ['pair', { pair: 'sol' }, /^pair: must be one of zec, native/],
  ])('plant %s: %j', async (_field, change, pattern) => {
    const builds = await f.ledger.count();
    const sol = f.sandbox.cluster.getAccount(planter.address)!.lamports;
    await expectNothingBuilt(await post('/v1/plant/build', { ...good(), ...change }), 400, 'invalid_param', pattern, builds, sol);
  });

  it('plant: a mint that already exists or is the wallet itself is invalid_param naming mint', async () => {
    const builds = await f.ledger.count();
    const sol = f.sandbox.cluster.getAccount(planter.address)!.lamports;
    await expectNothingBuilt(await post('/v1/plant/build', { ...good(), mint: f.mint }), 400, 'invalid_param', /^mint: .* already exists on chain/, builds, sol);
    await expectNothingBuilt(await post('/v1/plant/build', { ...good(), mint: planter.address }), 400, 'invalid_param', /^mint: is the wallet/, builds, sol);
  });

  it.each([
    ['/v1/claim/build', { wallet: 'nope' }, /^wallet: /],
    ['/v1/claim/build', { mint: 'nope' }, /^mint: /],
    ['/v1/payee/build', { wallet: 'nope' }, /^wallet: /],
    ['/v1/payee/build', { payee: 'me' }, /^payee: "me" is not a payee: use `wallet:<address>` or `holders`/],
    ['/v1/payee/build', { payee: 'wallet:nope' }, /^payee: /],
    ['/v1/payee/build', { payee: undefined }, /^payee: /],
  ])('%s: %j', async (path, change, pattern) => {
    const builds = await f.ledger.count();
    const sol = f.sandbox.cluster.getAccount(planter.address)!.lamports;
    await expectNothingBuilt(await post(path, { wallet: planter.address, mint: f.mint, payee: 'holders', ...change }), 400, 'invalid_param', pattern, builds, sol);
  });

  it('claim and payee builds of a mint that is no listed coin answer 404 not_found naming it', async () => {
    const builds = await f.ledger.count();
    const sol = f.sandbox.cluster.getAccount(planter.address)!.lamports;
    const stranger = (await generateKeyPairSigner()).address;
    await expectNothingBuilt(await post('/v1/claim/build', { wallet: planter.address, mint: stranger }), 404, 'not_found', new RegExp(`^no coin ${stranger}$`), builds, sol);
    await expectNothingBuilt(await post('/v1/payee/build', { wallet: planter.address, mint: stranger, payee: 'holders' }), 404, 'not_found', new RegExp(`^no coin ${stranger}$`), builds, sol);
  });
});
