import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolFeeRates } from '../../core/math/pool-fees.js';
import { buyExactBase, poolReserves, sellExactBase, type PoolReserves } from '../../core/math/pool.js';
import { AMM_ERRORS } from '../../core/programs/amm/errors.js';
import { ammBuyInstruction } from '../../core/programs/amm/instructions/buy.js';
import { ammSellInstruction } from '../../core/programs/amm/instructions/sell.js';
import type { AmmTradeParties } from '../../core/programs/amm/instructions/trade-accounts.js';
import { findCoinCreatorVaultAuthority, findPool, findPumpPoolAuthority } from '../../core/programs/amm/pdas.js';
import { decodePool } from '../../core/programs/amm/pool.js';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { LAUNCHPAD_ERRORS } from '../../core/programs/launchpad/errors.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { AMM_FEES } from '../../core/sandbox/genesis/amm.js';
import { CURVE_SHAPE } from '../../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { curveOf, fundedWallet, partiesFor, plantCoin, programsOf, send, tokenBalance, tokens, type Coin, buyOutCurve } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { coinPoolParties } from '../helpers/amm.js';

const ZEC = 100_000_000n;

/** A curve bought to completion migrates into its canonical pool, which then trades as core/math/pool says. */
describe('migration from curve to canonical pool', () => {
  let sandbox: Sandbox;
  let whale: KeyPairSigner;
  let creator: KeyPairSigner;
  let coin: Coin;
  let pool: Address;
  let parties: AmmTradeParties;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    whale = await fundedWallet(sandbox, 2_000n * ZEC);
    creator = await fundedWallet(sandbox);
    const planted = await plantCoin(sandbox, whale, { creator: creator.address });
    expect(planted.err, planted.logs.join('\n')).toBeNull();
    coin = planted.coin;
    const bought = await buyOutCurve(sandbox, whale, coin);
    expect(bought.err, bought.logs.join('\n')).toBeNull();
    expect(curveOf(sandbox, coin).complete).toBe(true);
    const { programs, mints } = sandbox.profile;
    pool = await findPool(programs['amm']!, 0, await findPumpPoolAuthority(programs['launchpad']!, coin.mint), coin.mint, mints.zec.address);
    parties = await coinPoolParties(sandbox, coin, whale.address);
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;
  const migrate = async () =>
    send(sandbox, whale, [
      await migrateV2Instruction({
        launchpad: programsOf(sandbox).launchpad,
        amm: sandbox.profile.programs['amm']!,
        mint: coin.mint,
        quoteMint: zec().address,
        quoteTokenProgram: zec().tokenProgram,
        user: whale.address,
        withdrawAuthority: sandbox.profile.accounts['launchpadAuthority']!,
      }),
    ]);
  const reserves = async (): Promise<PoolReserves> =>
    poolReserves({
      baseReserves: await tokenBalance(sandbox, pool, coin.mint, TOKEN_2022_PROGRAM),
      quoteReserves: await tokenBalance(sandbox, pool, zec().address, zec().tokenProgram),
    });

  it('moves the curve\'s remaining coins and its real quote into the canonical pool, keeping the coin creator and rate', async () => {
    const before = curveOf(sandbox, coin);
    const result = await migrate();
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await reserves()).toEqual(
      poolReserves({ baseReserves: CURVE_SHAPE.tokenTotalSupply - CURVE_SHAPE.initialRealTokenReserves, quoteReserves: before.realQuoteReserves }),
    );
    const decoded = decodePool(sandbox.cluster.getAccount(pool)!.data);
    expect(decoded.coinCreator).toBe(creator.address);
    expect(decoded.creatorFeeBps).toBe(200n);
    expect(decoded.index).toBe(0);
    // A migrated curve reads as the SDK expects: complete, with no reserves left.
    const after = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data);
    expect(after.complete).toBe(true);
    expect(after.virtualTokenReserves).toBe(0n);
    expect(after.realQuoteReserves).toBe(0n);
    expect(await tokenBalance(sandbox, coin.curve, coin.mint, TOKEN_2022_PROGRAM)).toBe(0n);
  });

  it('refuses curve trades and a second migration afterwards', async () => {
    const buy = await send(sandbox, whale, [await buyV2Instruction(partiesFor(sandbox, coin, whale.address), { amount: tokens(1n), maxQuoteCost: ZEC })]);
    expect(customError(buy.err)).toBe(LAUNCHPAD_ERRORS.BondingCurveComplete);
    expect(customError((await migrate()).err)).toBe(LAUNCHPAD_ERRORS.BondingCurveAlreadyMigrated);
  });

  it('trades on the pool as core/math/pool says, the coin creator\'s 2.00% into its vault', async () => {
    const rates = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: 200n });
    const vault = await findCoinCreatorVaultAuthority(parties.programs.amm, creator.address);
    const buy = buyExactBase(await reserves(), tokens(1_000_000_000_000n), rates);
    const vaultBefore = await tokenBalance(sandbox, vault, zec().address, zec().tokenProgram);
    let result = await send(sandbox, whale, [await ammBuyInstruction(parties, { baseAmountOut: buy.baseOut, maxQuoteAmountIn: buy.totalCost, trackVolume: false })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await reserves()).toEqual(buy.next);
    expect(await tokenBalance(sandbox, vault, zec().address, zec().tokenProgram)).toBe(vaultBefore + buy.creatorFee);

    const sell = sellExactBase(await reserves(), tokens(2_000_000_000_000n), rates);
    result = await send(sandbox, whale, [await ammSellInstruction(parties, { baseAmountIn: sell.baseIn, minQuoteAmountOut: sell.userReceives })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await reserves()).toEqual(sell.next);
    const tooGreedy = await send(sandbox, whale, [await ammSellInstruction(parties, { baseAmountIn: tokens(1_000n), minQuoteAmountOut: ZEC })]);
    expect(customError(tooGreedy.err)).toBe(AMM_ERRORS.ExceededSlippage);
  });
});
