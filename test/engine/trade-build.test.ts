import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';
import { build, signAndSend } from './http-signing.js';

const ZEC = 100_000_000n;

/**
 * Trades end to end through HTTP only: the real /v1 server builds against the sandbox, a local keypair
 * signs, the relay sends; `expected` and `simulation.solCostLamports` equal what moved on chain to the
 * base unit: on the curve, to completion, on the migrated pool, and on a native-paired coin's route.
 */
describe('trade builds through /v1, signed locally, relayed', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;
  let coin: Address;
  let nativeCoin: Address;

  beforeAll(async () => {
    f = await startApi();
    trader = await fundedWallet(f.sandbox, 10_000n * ZEC);
    coin = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' })).mint;
    nativeCoin = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;
    await f.indexed(); // builds take listed coins only
  }, 60_000);
  afterAll(() => f.close());

  const balances = async (mint: Address) => {
    const zec = f.sandbox.profile.mints.zec;
    const account = f.sandbox.cluster.getAccount(await findAssociatedTokenAccount(trader.address, mint, TOKEN_2022_PROGRAM));
    return {
      sol: f.sandbox.cluster.getAccount(trader.address)!.lamports,
      zec: await tokenBalance(f.sandbox, trader.address, zec.address, zec.tokenProgram),
      tokens: await tokenBalance(f.sandbox, trader.address, mint, TOKEN_2022_PROGRAM),
      coinAccountOpen: account !== null,
    };
  };

  /** Builds, checks the quote endpoint agrees, signs, sends; answers the build and the balance changes. */
  async function trade(mint: Address, side: 'buy' | 'sell', amount: string, extra: Record<string, unknown> = {}) {
    const quote = await call(f, 'GET', `/v1/coins/${mint}/quote?side=${side}&amount=${amount}&wallet=${trader.address}`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const answer: Answer = await build(f, '/v1/trade/build', { wallet: trader.address, mint, side, amount, ...extra });
    const expected = answer.body['expected'] as Record<string, string>;
    if (side === 'buy') expect(quote.body['tokensOut']).toBe(expected['tokensOut']);
    else expect(quote.body['zecOut']).toBe(expected['zecOut']);
    const before = await balances(mint);
    const signatures = await signAndSend(f, answer, [trader]);
    const after = await balances(mint);
    await f.idle();
    const status = await call(f, 'GET', `/v1/tx/${signatures[0]}`);
    expect(status.body['registered']).toBe(true);
    return {
      answer,
      expected,
      quote: quote.body,
      moved: { sol: before.sol - after.sol, zecSpent: before.zec - after.zec, tokensGained: after.tokens - before.tokens, coinAccountOpen: after.coinAccountOpen },
      solCost: BigInt((answer.body['simulation'] as { solCostLamports: string }).solCostLamports),
    };
  }

  it('buys and sells on the curve: expected, quote and SOL cost equal what moved', async () => {
    const buy = await trade(coin, 'buy', String(3n * ZEC));
    expect(buy.answer.body['intent']).toMatchObject({ venue: 'curve', side: 'buy', slippageBps: 100 });
    expect(buy.moved.zecSpent).toBe(BigInt(buy.expected['zecIn']!));
    expect(buy.moved.zecSpent <= BigInt(buy.expected['maxZecIn']!)).toBe(true);
    expect(buy.moved.tokensGained).toBe(BigInt(buy.expected['tokensOut']!));
    expect(buy.moved.tokensGained >= BigInt(buy.expected['minTokensOut']!)).toBe(true);
    expect(buy.moved.sol).toBe(buy.solCost);
    const tx = (buy.answer.body['transactions'] as { lookupTables: string[]; size: number; signers: string[] }[])[0]!;
    expect(tx.lookupTables).toEqual([f.sandbox.profile.accounts['lookupTable']]);
    expect(tx.signers).toEqual([trader.address]);
    expect(tx.size).toBeLessThanOrEqual(1232);

    const sell = await trade(coin, 'sell', String(buy.moved.tokensGained / 2n), { slippageBps: 50 });
    expect(sell.moved.tokensGained).toBe(-BigInt(sell.expected['tokensIn']!));
    expect(-sell.moved.zecSpent).toBe(BigInt(sell.expected['zecOut']!));
    expect(sell.moved.sol).toBe(sell.solCost);
    expect(sell.expected['slippageBps']).toBe(50);
  });

  it('carries the floor a quote showed (minOut): a trade landing in between cannot lower it; past it, the price moved', async () => {
    const quote = await call(f, 'GET', `/v1/coins/${coin}/quote?side=buy&amount=${ZEC}&wallet=${trader.address}`);
    const floor = quote.body['minTokensOut'] as string;
    // Another trader buys between the quote and the build: the curve now gives fewer coins for 1 ZEC.
    const other = await fundedWallet(f.sandbox, 10n * ZEC);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: other.address, mint: coin, side: 'buy', amount: String(ZEC / 200n) }), [other]);
    const answer = await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin, side: 'buy', amount: String(ZEC), minOut: floor });
    const expected = answer.body['expected'] as Record<string, string>;
    expect(BigInt(expected['tokensOut']!)).toBeLessThan(BigInt(quote.body['tokensOut'] as string));
    expect(expected['minTokensOut']).toBe(floor);
    const before = (await balances(coin)).tokens;
    await signAndSend(f, answer, [trader]);
    expect((await balances(coin)).tokens - before).toBe(BigInt(expected['tokensOut']!));

    // A floor the market no longer gives would only fail on chain: it is refused before anything is built.
    const now = await call(f, 'GET', `/v1/coins/${coin}/quote?side=sell&amount=1000000&wallet=${trader.address}`);
    f.clock += 61_000;
    const past = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: coin, side: 'sell', amount: '1000000', minOut: String(BigInt(now.body['zecOut'] as string) + 1n) } });
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({ error: { code: 'refused' } });
    expect((past.body['error'] as { message: string }).message).toMatch(/^the price moved: this sale now gives \d+ ZEC \(base units\), less than the minOut of \d+ asked for; quote again$/);
    // A floor wider than the largest slippage is refused naming the field.
    f.clock += 61_000;
    const wide = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: coin, side: 'buy', amount: String(ZEC), minOut: '1' } });
    expect(wide.status).toBe(400);
    expect(wide.body).toMatchObject({ error: { code: 'invalid_param' } });
    expect((wide.body['error'] as { message: string }).message).toMatch(/^minOut: 1 is below \d+, what the trade gives now less the largest slippage allowed \(2000 bps\)$/);
    f.clock += 61_000;
    const zero = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: coin, side: 'buy', amount: String(ZEC), minOut: '0' } });
    expect(zero.status).toBe(400);
    expect((zero.body['error'] as { message: string }).message).toBe('minOut: must be at least 1 base unit');
  });

  it('buys the curve to completion, then trades on the migrated pool; `all` sells everything and closes the account', async () => {
    const out = await trade(coin, 'buy', String(5_000n * ZEC));
    expect(out.moved.zecSpent).toBe(BigInt(out.expected['zecIn']!));
    expect(out.moved.zecSpent < 5_000n * ZEC).toBe(true); // it completes the curve and spends only what that costs
    expect(out.moved.tokensGained).toBe(BigInt(out.expected['tokensOut']!));
    expect(out.moved.sol).toBe(out.solCost);

    // A completed curve that has not migrated is refused in words.
    const early = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: coin, side: 'buy', amount: String(ZEC) } });
    expect(early.status).toBe(422);
    expect(early.body['error']).toMatchObject({ code: 'refused' });
    expect((early.body['error'] as { message: string }).message).toMatch(/has not migrated/);

    const { programs, accounts, mints } = f.sandbox.profile;
    const migrated = await send(f.sandbox, trader, [
      await migrateV2Instruction({ launchpad: programsOf(f.sandbox).launchpad, amm: programs['amm']!, mint: coin, quoteMint: mints.zec.address, quoteTokenProgram: mints.zec.tokenProgram, user: trader.address, withdrawAuthority: accounts['launchpadAuthority']! }),
    ]);
    expect(migrated.err, migrated.logs.join('\n')).toBeNull();

    const buy = await trade(coin, 'buy', String(20n * ZEC));
    expect(buy.answer.body['intent']).toMatchObject({ venue: 'pool', slippageBps: 200 });
    expect(buy.moved.zecSpent).toBe(BigInt(buy.expected['zecIn']!));
    expect(buy.moved.tokensGained).toBe(BigInt(buy.expected['tokensOut']!));
    expect(buy.moved.sol).toBe(buy.solCost);

    const all = await trade(coin, 'sell', 'all');
    expect(all.answer.body['intent']).toMatchObject({ amount: 'all', venue: 'pool' });
    expect(-all.moved.zecSpent).toBe(BigInt(all.expected['zecOut']!));
    expect(all.moved.coinAccountOpen).toBe(false);
    expect(all.moved.sol).toBe(all.solCost);
    expect(all.solCost < 0n).toBe(true); // the closed account's rent came back
  });

  it('buys and sells a native-paired coin as one route: tokens, ZEC and the route figures', async () => {
    const buy = await trade(nativeCoin, 'buy', String(2n * ZEC));
    expect(buy.quote['pair']).toBe('native');
    // A route buy is exact in: the quote names amountIn, and its limit equals it (spec, the quote of a native-paired coin).
    expect(buy.quote).toMatchObject({ amountIn: String(2n * ZEC), limit: String(2n * ZEC) });
    const route = buy.quote['route'] as { feeBps: number; costBps: number };
    expect(route).toMatchObject({ feeBps: buy.quote['feeBps'], costBps: expect.any(Number) });
    // Everything the trader gives up contains the fees: never below them, and the impact is the difference.
    expect(route.costBps).toBeGreaterThanOrEqual(route.feeBps);
    expect(buy.quote['priceImpactBps']).toBe(route.costBps - route.feeBps);
    expect(buy.expected).toMatchObject({ costBps: route.costBps, feeBps: route.feeBps, priceImpactBps: buy.quote['priceImpactBps'], nativeAmount: expect.any(String) });
    expect(buy.moved.zecSpent).toBe(BigInt(buy.expected['zecIn']!));
    expect(buy.moved.zecSpent).toBe(2n * ZEC); // exact in
    expect(buy.moved.tokensGained).toBe(BigInt(buy.expected['tokensOut']!));
    expect(buy.moved.sol).toBe(buy.solCost);

    const sell = await trade(nativeCoin, 'sell', 'all');
    expect(-sell.moved.zecSpent).toBe(BigInt(sell.expected['zecOut']!));
    expect(sell.moved.tokensGained).toBe(-buy.moved.tokensGained);
    expect(sell.moved.coinAccountOpen).toBe(false);
    expect(sell.moved.sol).toBe(sell.solCost);
  });
});
