import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, codeOf, startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, tokenBalance } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';
import { build, signAndSend } from './http-signing.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;

/** A fixture, a trader holding only SOL, one ZEC-paired and one native-paired coin. */
async function market(options: Parameters<typeof startApi>[0] = {}) {
  const f = await startApi(options);
  const trader = await fundedWallet(f.sandbox);
  const coin = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' })).mint;
  const nativeCoin = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;
  await f.indexed(); // builds take listed coins only
  return { f, trader, coin, nativeCoin };
}

function balancesOf(f: ApiFixture, trader: KeyPairSigner) {
  return async (mint: Address) => {
    const zec = f.sandbox.profile.mints.zec;
    return {
      sol: f.sandbox.cluster.getAccount(trader.address)!.lamports,
      zec: await tokenBalance(f.sandbox, trader.address, zec.address, zec.tokenProgram),
      tokens: await tokenBalance(f.sandbox, trader.address, mint, TOKEN_2022_PROGRAM),
    };
  };
}

const solCostOf = (answer: Answer) => BigInt((answer.body['simulation'] as { solCostLamports: string }).solCostLamports);
const sizesOf = (answer: Answer) => (answer.body['transactions'] as { size: number }[]).map((t) => t.size);

/**
 * Buys paid in SOL and sales received in SOL through HTTP only: the aggregator's swap and the trade in
 * one transaction (the sandbox's lookup table makes them fit), each leg's amounts exactly as `expected`.
 */
describe('trades paid or received in SOL, one transaction', () => {
  let m: Awaited<ReturnType<typeof market>>;
  beforeAll(async () => {
    m = await market();
  }, 60_000);
  afterAll(() => m.f.close());

  async function trade(mint: Address, body: Record<string, unknown>) {
    const balances = balancesOf(m.f, m.trader);
    const answer = await build(m.f, '/v1/trade/build', { wallet: m.trader.address, mint, ...body });
    expect(sizesOf(answer)).toHaveLength(1);
    expect(answer.body['then']).toBeUndefined();
    const before = await balances(mint);
    await signAndSend(m.f, answer, [m.trader]);
    const after = await balances(mint);
    const expected = answer.body['expected'] as Record<string, string>;
    return { expected, moved: { sol: before.sol - after.sol, zec: after.zec - before.zec, tokens: after.tokens - before.tokens }, solCost: solCostOf(answer) };
  }

  for (const pair of ['zec', 'native'] as const) {
    it(`buys a ${pair}-paired coin with SOL, then sells it all for SOL: both legs move exactly what was expected`, async () => {
      const mint = pair === 'zec' ? m.coin : m.nativeCoin;
      const buy = await trade(mint, { side: 'buy', pay: 'SOL', amount: String(2n * SOL) });
      expect(buy.expected['solIn']).toBe(String(2n * SOL));
      // The buy spends exactly the ZEC the swap guarantees; what the swap gives above it stays in the wallet.
      expect(buy.expected['maxZecIn']).toBe(buy.expected['swapMinZecOut']);
      expect(buy.moved.tokens).toBe(BigInt(buy.expected['tokensOut']!));
      expect(buy.moved.zec).toBe(BigInt(buy.expected['swapZecOut']!) - BigInt(buy.expected['zecIn']!));
      expect(buy.moved.sol).toBe(buy.solCost);
      expect(buy.solCost > 2n * SOL).toBe(true);

      const sale = await trade(mint, { side: 'sell', receive: 'SOL', amount: 'all' });
      expect(sale.moved.tokens).toBe(-buy.moved.tokens);
      expect(sale.expected['swapZecIn']).toBeDefined();
      // The swap spends what the sale guarantees (at most); the rest of the sale's ZEC stays.
      expect(sale.moved.zec).toBe(BigInt(sale.expected['zecOut']!) - BigInt(sale.expected['swapZecIn']!));
      expect(sale.moved.sol).toBe(sale.solCost);
      expect(-sale.solCost >= BigInt(sale.expected['minSolOut']!) - 10_000_000n).toBe(true);
    });
  }

  it('quotes pay=SOL and receive=SOL as the build makes them: the swap leg with its own minimum, the same figures as `expected`', async () => {
    for (const mint of [m.coin, m.nativeCoin]) {
      m.f.clock += 61_000;
      const buyQuote = await call(m.f, 'GET', `/v1/coins/${mint}/quote?side=buy&pay=SOL&amount=${SOL}&wallet=${m.trader.address}`);
      expect(buyQuote.status, JSON.stringify(buyQuote.body)).toBe(200);
      const buy = await build(m.f, '/v1/trade/build', { wallet: m.trader.address, mint, side: 'buy', pay: 'SOL', amount: String(SOL) });
      const bought = buy.body['expected'] as Record<string, string>;
      expect(buyQuote.body).toMatchObject({ pay: 'SOL', amount: String(SOL), solIn: String(SOL), swapZecOut: bought['swapZecOut'], swapMinZecOut: bought['swapMinZecOut'], tokensOut: bought['tokensOut'], minTokensOut: bought['minTokensOut'] });
      // The buy spends exactly the ZEC the swap guarantees: the quote's amountIn and limit say so.
      expect(buyQuote.body['amountIn']).toBe(bought['swapMinZecOut']);
      expect(buyQuote.body['limit']).toBe(bought['swapMinZecOut']);

      await signAndSend(m.f, buy, [m.trader]);

      const tokens = bought['tokensOut']!;
      const saleQuote = await call(m.f, 'GET', `/v1/coins/${mint}/quote?side=sell&receive=SOL&amount=${tokens}`);
      expect(saleQuote.status, JSON.stringify(saleQuote.body)).toBe(200);
      const sale = await build(m.f, '/v1/trade/build', { wallet: m.trader.address, mint, side: 'sell', receive: 'SOL', amount: tokens });
      const sold = sale.body['expected'] as Record<string, string>;
      // The sale's guaranteed ZEC is what the swap sells; the swap's minimum is its own.
      expect(saleQuote.body).toMatchObject({ receive: 'SOL', amount: tokens, zecOut: sold['zecOut'], minOutZec: sold['minZecOut'], swapZecIn: sold['minZecOut'], solOut: sold['solOut'], minSolOut: sold['minSolOut'] });
      expect(BigInt(sold['minSolOut']!) < BigInt(sold['solOut']!)).toBe(true);
      await signAndSend(m.f, sale, [m.trader]);
    }
  });

  it('refuses a buy paid in SOL the wallet does not hold, in words, and sends nothing', async () => {
    const builds = await m.f.ledger.count();
    m.f.clock += 61_000;
    const answer = await call(m.f, 'POST', '/v1/trade/build', { body: { wallet: m.trader.address, mint: m.coin, side: 'buy', pay: 'SOL', amount: String(10n ** 18n) } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(codeOf(answer)).toBe('refused');
    expect(await m.f.ledger.count()).toBe(builds);
  });
});

/**
 * The same requests on a cluster whose profile names no lookup table (a configuration a real cluster
 * may have): the swap and the trade do not fit one transaction, so the answer is the first leg alone
 * and `then` says what to build once it lands; following `then` completes the trade.
 */
describe('trades paid or received in SOL, split with `then` (a cluster without a lookup table)', () => {
  let m: Awaited<ReturnType<typeof market>>;
  beforeAll(async () => {
    m = await market({ profile: (p) => ({ ...p, accounts: Object.fromEntries(Object.entries(p.accounts).filter(([k]) => k !== 'lookupTable')) }) });
  }, 60_000);
  afterAll(() => m.f.close());

  it('a buy paid in SOL answers the swap alone, then the ZEC buy of what the swap guarantees', async () => {
    const balances = balancesOf(m.f, m.trader);
    const swap = await build(m.f, '/v1/trade/build', { wallet: m.trader.address, mint: m.coin, side: 'buy', pay: 'SOL', amount: String(2n * SOL) });
    const then = swap.body['then'] as { call: string; body: Record<string, string | number>; why: string };
    expect(then.call).toBe('POST /v1/trade/build');
    expect(then.why).toMatch(/do not fit one transaction/);
    const swapExpected = swap.body['expected'] as Record<string, string>;
    expect(then.body).toMatchObject({ wallet: m.trader.address, mint: m.coin, side: 'buy', pay: 'ZEC', amount: swapExpected['minZecOut'] });
    let before = await balances(m.coin);
    await signAndSend(m.f, swap, [m.trader]);
    let after = await balances(m.coin);
    expect(after.zec - before.zec).toBe(BigInt(swapExpected['zecOut']!));
    expect(before.sol - after.sol).toBe(solCostOf(swap));

    const buy = await build(m.f, '/v1/trade/build', then.body);
    const buyExpected = buy.body['expected'] as Record<string, string>;
    before = after;
    await signAndSend(m.f, buy, [m.trader]);
    after = await balances(m.coin);
    expect(after.tokens - before.tokens).toBe(BigInt(buyExpected['tokensOut']!));
    expect(before.zec - after.zec).toBe(BigInt(buyExpected['zecIn']!));
  });

  it('a sale received in SOL answers the sale alone, then the swap of the ZEC it guarantees', async () => {
    const balances = balancesOf(m.f, m.trader);
    const sale = await build(m.f, '/v1/trade/build', { wallet: m.trader.address, mint: m.coin, side: 'sell', receive: 'SOL', amount: 'all' });
    const then = sale.body['then'] as { call: string; body: Record<string, string | number> };
    expect(then.call).toBe('POST /v1/swap/build');
    const saleExpected = sale.body['expected'] as Record<string, string>;
    expect(then.body).toMatchObject({ wallet: m.trader.address, direction: 'zec_to_sol', amount: saleExpected['minZecOut'] });
    let before = await balances(m.coin);
    await signAndSend(m.f, sale, [m.trader]);
    let after = await balances(m.coin);
    expect(after.tokens).toBe(0n);
    expect(after.zec - before.zec).toBe(BigInt(saleExpected['zecOut']!));

    const swap = await build(m.f, '/v1/swap/build', then.body);
    const swapExpected = swap.body['expected'] as Record<string, string>;
    before = after;
    await signAndSend(m.f, swap, [m.trader]);
    after = await balances(m.coin);
    expect(before.zec - after.zec).toBe(BigInt(swapExpected['zecIn']!));
    expect(after.sol - before.sol).toBe(-solCostOf(swap));
    expect(-solCostOf(swap) >= BigInt(swapExpected['minSolOut']!) - 10_000_000n).toBe(true);
  });
});
