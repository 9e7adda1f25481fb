import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyExactQuoteIn, buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { quoteUnits } from '../../core/math/quote-units.js';
import { LAUNCHPAD_ERRORS } from '../../core/programs/launchpad/errors.js';
import { pickLaunchpadEvents } from '../../core/programs/launchpad/events.js';
import { buyExactQuoteInV2Instruction } from '../../core/programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { findCreatorVault } from '../../core/programs/launchpad/pdas.js';
import { CURVE_SHAPE, INITIAL_VIRTUAL_ZEC_RESERVES } from '../../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, plantCoin, programsOf, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';

const ZEC = 100_000_000n;

/** The launchpad program at its live address in a fresh sandbox, driven by our own codecs. */
describe('launchpad program: create, buy and sell', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let coin: Coin;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 10_000n * ZEC);
    const planted = await plantCoin(sandbox, trader);
    expect(planted.err, planted.logs.join('\n')).toBeNull();
    coin = planted.coin;
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;
  const zecOf = (owner: Parameters<typeof tokenBalance>[1]) => tokenBalance(sandbox, owner, zec().address, zec().tokenProgram);
  const coinsOf = (owner: Parameters<typeof tokenBalance>[1]) => tokenBalance(sandbox, owner, coin.mint, TOKEN_2022_PROGRAM);

  it('plants a Token-2022 coin with its whole supply on the curve and the mint authority revoked', async () => {
    const mint = sandbox.cluster.getAccount(coin.mint)!;
    expect(mint.owner).toBe(TOKEN_2022_PROGRAM);
    expect(mint.data[44]).toBe(6);
    expect(new DataView(mint.data.buffer, mint.data.byteOffset).getUint32(0, true)).toBe(0); // no mint authority
    expect(new TextDecoder().decode(mint.data)).toContain('Test Coin');
    expect(await coinsOf(coin.curve)).toBe(CURVE_SHAPE.tokenTotalSupply);
    const state = curveOf(sandbox, coin);
    expect(state.virtualTokenReserves).toBe(CURVE_SHAPE.initialVirtualTokenReserves);
    expect(state.virtualQuoteReserves).toBe(INITIAL_VIRTUAL_ZEC_RESERVES);
    expect(state.realTokenReserves).toBe(CURVE_SHAPE.initialRealTokenReserves);
    expect(state.complete).toBe(false);
  });

  it('buys exact tokens: every balance moves as core/math/curve says, to the base unit', async () => {
    const before = curveOf(sandbox, coin);
    const expected = buyExactTokens(before, tokens(1_000_000_000_000n), SANDBOX_FEE_RATES);
    const creatorVault = await findCreatorVault(programsOf(sandbox).launchpad, coin.creator);
    const feeRecipient = sandbox.profile.accounts['feeRecipient']!;
    const [zecBefore, vaultBefore, feeBefore] = [await zecOf(trader.address), await zecOf(creatorVault), await zecOf(feeRecipient)];
    const result = await send(sandbox, trader, [
      await openCoinAccount(trader, coin),
      await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokens(1_000_000_000_000n), maxQuoteCost: expected.totalCost }),
    ]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore - expected.totalCost);
    expect(await coinsOf(trader.address)).toBe(expected.tokens);
    expect(await zecOf(coin.curve)).toBe(expected.next.realQuoteReserves);
    expect(await zecOf(creatorVault)).toBe(vaultBefore + expected.creatorFee);
    expect(await zecOf(feeRecipient)).toBe(feeBefore + expected.protocolFee);
    expect(curveOf(sandbox, coin)).toEqual(expected.next);

    const tx = sandbox.cluster.getTransaction(result.signature)!;
    const events = pickLaunchpadEvents(tx.meta.innerInstructions.flatMap((g) => g.instructions.map((ix) => ix.data)));
    const trade = events.find((e) => e.name === 'TradeEvent');
    expect(trade).toBeDefined();
    expect(trade!.data).toMatchObject({ isBuy: true, tokenAmount: expected.tokens, quoteAmount: expected.quoteCost, fee: expected.protocolFee, creatorFee: expected.creatorFee });
  });

  it('buys with an exact quote in, never spending more than offered', async () => {
    const spend = quoteUnits(3n * ZEC);
    const expected = buyExactQuoteIn(curveOf(sandbox, coin), spend, SANDBOX_FEE_RATES);
    const [zecBefore, coinsBefore] = [await zecOf(trader.address), await coinsOf(trader.address)];
    const result = await send(sandbox, trader, [await buyExactQuoteInV2Instruction(partiesFor(sandbox, coin, trader.address), { spendableQuoteIn: spend, minTokensOut: expected.tokens })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore - expected.totalCost);
    expect(expected.totalCost <= spend).toBe(true);
    expect(await coinsOf(trader.address)).toBe(coinsBefore + expected.tokens);
    expect(curveOf(sandbox, coin)).toEqual(expected.next);
  });

  it('sells exact tokens for what core/math/curve says', async () => {
    const amount = tokens(500_000_000_000n);
    const expected = sellExactTokens(curveOf(sandbox, coin), amount, SANDBOX_FEE_RATES);
    const [zecBefore, coinsBefore] = [await zecOf(trader.address), await coinsOf(trader.address)];
    const result = await send(sandbox, trader, [await sellV2Instruction(partiesFor(sandbox, coin, trader.address), { amount, minQuoteOutput: expected.userReceives })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore + expected.userReceives);
    expect(await coinsOf(trader.address)).toBe(coinsBefore - amount);
    expect(curveOf(sandbox, coin)).toEqual(expected.next);
  });

  it('agrees with core/math/curve over many random trades (property test against the real program)', async () => {
    let seed = 0x5eed;
    const random = (limit: bigint): bigint => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (BigInt(seed) * limit) / 0x80000000n;
    };
    for (let i = 0; i < 40; i++) {
      const state = curveOf(sandbox, coin);
      const held = await coinsOf(trader.address);
      const kind = i % 3;
      if (kind === 0 || held === 0n) {
        const amount = tokens(1n + random(state.realTokenReserves / 50n));
        const expected = buyExactTokens(state, amount, SANDBOX_FEE_RATES);
        const result = await send(sandbox, trader, [await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount, maxQuoteCost: expected.totalCost })]);
        expect(result.err, `buy ${amount}: ${result.logs.join('\n')}`).toBeNull();
        expect(curveOf(sandbox, coin)).toEqual(expected.next);
      } else if (kind === 1) {
        const spend = quoteUnits(2n + random(20n * ZEC));
        const expected = buyExactQuoteIn(state, spend, SANDBOX_FEE_RATES);
        const result = await send(sandbox, trader, [await buyExactQuoteInV2Instruction(partiesFor(sandbox, coin, trader.address), { spendableQuoteIn: spend, minTokensOut: expected.tokens })]);
        expect(result.err, `buy for ${spend}: ${result.logs.join('\n')}`).toBeNull();
        expect(curveOf(sandbox, coin)).toEqual(expected.next);
      } else {
        const amount = tokens(1n + random(held));
        const expected = sellExactTokens(state, amount, SANDBOX_FEE_RATES);
        const result = await send(sandbox, trader, [await sellV2Instruction(partiesFor(sandbox, coin, trader.address), { amount, minQuoteOutput: expected.userReceives })]);
        expect(result.err, `sell ${amount}: ${result.logs.join('\n')}`).toBeNull();
        expect(curveOf(sandbox, coin)).toEqual(expected.next);
      }
    }
  });

  it('refuses slippage: too much quote required, too little received, too few tokens', async () => {
    const state = curveOf(sandbox, coin);
    const buy = buyExactTokens(state, tokens(1_000_000n), SANDBOX_FEE_RATES);
    let result = await send(sandbox, trader, [await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokens(1_000_000n), maxQuoteCost: buy.totalCost - 1n })]);
    expect(customError(result.err)).toBe(LAUNCHPAD_ERRORS.TooMuchSolRequired);
    const sell = sellExactTokens(state, tokens(1_000_000n), SANDBOX_FEE_RATES);
    result = await send(sandbox, trader, [await sellV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokens(1_000_000n), minQuoteOutput: sell.userReceives + 1n })]);
    expect(customError(result.err)).toBe(LAUNCHPAD_ERRORS.TooLittleSolReceived);
    const exact = buyExactQuoteIn(state, quoteUnits(ZEC), SANDBOX_FEE_RATES);
    result = await send(sandbox, trader, [await buyExactQuoteInV2Instruction(partiesFor(sandbox, coin, trader.address), { spendableQuoteIn: ZEC, minTokensOut: tokens(exact.tokens + 1n) })]);
    expect(customError(result.err)).toBe(LAUNCHPAD_ERRORS.BuySlippageBelowMinTokensOut);
    expect(curveOf(sandbox, coin)).toEqual(state);
  });

  it('completes the curve on the buy that takes its last real token (filled partially), then refuses curve trades', async () => {
    const whale = await fundedWallet(sandbox, 100_000n * ZEC);
    const state = curveOf(sandbox, coin);
    const expected = buyExactTokens(state, tokens(state.realTokenReserves + 1_000_000n), SANDBOX_FEE_RATES);
    expect(expected.tokens).toBe(state.realTokenReserves);
    const result = await send(sandbox, whale, [
      await openCoinAccount(whale, coin),
      await buyV2Instruction(partiesFor(sandbox, coin, whale.address), { amount: tokens(state.realTokenReserves + 1_000_000n), maxQuoteCost: expected.totalCost }),
    ]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    const after = curveOf(sandbox, coin);
    expect(after.complete).toBe(true);
    expect(after.realTokenReserves).toBe(0n);
    const events = pickLaunchpadEvents(sandbox.cluster.getTransaction(result.signature)!.meta.innerInstructions.flatMap((g) => g.instructions.map((ix) => ix.data)));
    expect(events.map((e) => e.name)).toContain('CompleteEvent');

    const again = await send(sandbox, whale, [await buyV2Instruction(partiesFor(sandbox, coin, whale.address), { amount: tokens(1n), maxQuoteCost: ZEC })]);
    expect(customError(again.err)).toBe(LAUNCHPAD_ERRORS.BondingCurveComplete);
    const sell = await send(sandbox, whale, [await sellV2Instruction(partiesFor(sandbox, coin, whale.address), { amount: tokens(1_000n), minQuoteOutput: 0n })]);
    expect(customError(sell.err)).toBe(LAUNCHPAD_ERRORS.BondingCurveComplete);
  });
});
