import { describe, expect, it } from 'vitest';
import { firstStepOf, secondStepOf } from '../../core/verify/split-trade.js';

const W = 'So11111111111111111111111111111111111111112';
const M = '3XdVUDb8YE2ZBDGvdeQP2TnzbpzcXXeQG3UTQK4nuS65';
const quote = { swapMinZecOut: '98742624', minTokensOut: '5000000', minOutZec: '70000000', minSolOut: '690000000' };

/** A trade in two steps: each step held to the person's ticket and the accepted quote's floors, never to `then` alone. */
describe('two-step trades (core/verify/split-trade)', () => {
  const buy = { wallet: W, mint: M, side: 'buy' as const, amount: 1_000_000_000n, slippageBps: 100 };
  const sale = { wallet: W, mint: M, side: 'sell' as const, amount: 2_000_000n, slippageBps: 100 };

  it('reviews a SOL buy as the swap, then the buy in ZEC for exactly what the swap guarantees', () => {
    expect(firstStepOf(buy, quote)).toEqual({ kind: 'swap', ticket: { wallet: W, direction: 'sol_to_zec', amount: '1000000000', minimum: '98742624' } });
    const then = { call: 'POST /v1/trade/build', body: { wallet: W, mint: M, side: 'buy', pay: 'ZEC', amount: '98742624', slippageBps: 100 } };
    expect(secondStepOf(buy, quote, then)).toEqual({ kind: 'trade', ticket: { wallet: W, mint: M, side: 'buy', amount: '98742624', pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: '5000000', amountFrom: 'step1' } });
  });

  it('reviews a sale for SOL as the sale in ZEC, then the swap of exactly what the sale guarantees', () => {
    expect(firstStepOf(sale, quote)).toEqual({ kind: 'trade', ticket: { wallet: W, mint: M, side: 'sell', amount: '2000000', pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: '70000000' } });
    const then = { call: 'POST /v1/swap/build', body: { wallet: W, direction: 'zec_to_sol', amount: '70000000' } };
    expect(secondStepOf(sale, quote, then)).toEqual({ kind: 'swap', ticket: { wallet: W, direction: 'zec_to_sol', amount: '70000000', minimum: '690000000', amountFrom: 'step1' } });
  });

  it('builds no second step that asks for something else, and says what', () => {
    const good = { call: 'POST /v1/trade/build', body: { wallet: W, mint: M, side: 'buy', pay: 'ZEC', amount: '98742624' } };
    expect(secondStepOf(buy, quote, { ...good, body: { ...good.body, wallet: M } })).toEqual({ problem: `the next step names another wallet (${M})` });
    expect(secondStepOf(buy, quote, { ...good, body: { ...good.body, amount: '98742625' } })).toEqual({ problem: 'the next step buys with 98742625 zat, not the 98742624 the swap guarantees' });
    expect(secondStepOf(buy, quote, { ...good, call: 'POST /v1/swap/build' })).toEqual({ problem: 'the next step is not the buy of this coin in ZEC' });
    expect(secondStepOf(sale, quote, { call: 'POST /v1/swap/build', body: { wallet: W, direction: 'zec_to_sol', amount: '1' } })).toEqual({ problem: 'the next step swaps 1 zat, not the 70000000 the sale guarantees' });
    expect(firstStepOf(buy, {})).toEqual({ problem: 'the quote has no swap leg: a two-step buy needs a buy paid in SOL' });
  });
});
