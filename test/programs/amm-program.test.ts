import type { Address, KeyPairSigner } from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit } from '../../core/math/pool-lp.js';
import { poolFeeRates } from '../../core/math/pool-fees.js';
import { buyExactBase, buyExactQuoteIn, poolReserves, sellExactBase, type PoolReserves } from '../../core/math/pool.js';
import { quoteUnits } from '../../core/math/quote-units.js';
import type { TokenUnits } from '../../core/math/units.js';
import { ANCHOR_ERRORS } from '../../core/programs/anchor/errors.js';
import { AMM_ERRORS } from '../../core/programs/amm/errors.js';
import { ammBuyExactQuoteInInstruction } from '../../core/programs/amm/instructions/buy-exact-quote-in.js';
import { ammBuyInstruction } from '../../core/programs/amm/instructions/buy.js';
import { ammDepositInstruction } from '../../core/programs/amm/instructions/deposit.js';
import { ammSellInstruction } from '../../core/programs/amm/instructions/sell.js';
import type { AmmTradeParties } from '../../core/programs/amm/instructions/trade-accounts.js';
import { findLpTokenAccount } from '../../core/programs/amm/pdas.js';
import { decodePool } from '../../core/programs/amm/pool.js';
import { AMM_FEES, NATIVE_POOL_DEPTH } from '../../core/sandbox/genesis/amm.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { fundedWallet, send, tokenBalance } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { nativePoolParties } from '../helpers/amm.js';

const ZEC = 100_000_000n;
const NATIVE = 1_000_000n;
const tokens = (v: bigint) => v as TokenUnits;
/** The sandbox's own pools have no coin creator: no creator fee. */
const RATES = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: 0n });

/** The AMM at its live address, on the genesis native-coin/ZEC pool, against core/math/pool. */
describe('AMM program: native coin/ZEC pool', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let parties: AmmTradeParties;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 10_000n * ZEC);
    await sandbox.faucet.native(trader.address, tokens(5_000_000n * NATIVE));
    parties = nativePoolParties(sandbox, trader.address);
  });
  afterAll(() => sandbox.close());

  const zecOf = (owner: Address) => tokenBalance(sandbox, owner, sandbox.profile.mints.zec.address, sandbox.profile.mints.zec.tokenProgram);
  const nativeOf = (owner: Address) => tokenBalance(sandbox, owner, sandbox.profile.mints.native.address, sandbox.profile.mints.native.tokenProgram);
  const reserves = async (): Promise<PoolReserves> =>
    poolReserves({ baseReserves: await nativeOf(parties.pool), quoteReserves: await zecOf(parties.pool) });

  it('starts with the genesis depth', async () => {
    expect(await reserves()).toEqual(poolReserves({ baseReserves: NATIVE_POOL_DEPTH.base, quoteReserves: NATIVE_POOL_DEPTH.quote }));
  });

  it('buys exact base: trader, pool and protocol fee recipient move as core/math/pool says', async () => {
    const expected = buyExactBase(await reserves(), tokens(1_000n * NATIVE), RATES);
    const [zecBefore, nativeBefore, feeBefore] = [await zecOf(trader.address), await nativeOf(trader.address), await zecOf(parties.protocolFeeRecipient)];
    const result = await send(sandbox, trader, [await ammBuyInstruction(parties, { baseAmountOut: tokens(1_000n * NATIVE), maxQuoteAmountIn: expected.totalCost, trackVolume: false })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore - expected.totalCost);
    expect(await nativeOf(trader.address)).toBe(nativeBefore + expected.baseOut);
    expect(await zecOf(parties.protocolFeeRecipient)).toBe(feeBefore + expected.protocolFee);
    expect(await reserves()).toEqual(expected.next);
  });

  it('buys with an exact quote in, never spending more than offered', async () => {
    const spend = quoteUnits(7n * ZEC + 12_345n);
    const expected = buyExactQuoteIn(await reserves(), spend, RATES);
    const zecBefore = await zecOf(trader.address);
    const result = await send(sandbox, trader, [await ammBuyExactQuoteInInstruction(parties, { spendableQuoteIn: spend, minBaseAmountOut: expected.baseOut, trackVolume: false })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore - expected.totalCost);
    expect(expected.totalCost <= spend).toBe(true);
    expect(await reserves()).toEqual(expected.next);
  });

  it('sells exact base for what core/math/pool says', async () => {
    const expected = sellExactBase(await reserves(), tokens(2_500n * NATIVE), RATES);
    const zecBefore = await zecOf(trader.address);
    const result = await send(sandbox, trader, [await ammSellInstruction(parties, { baseAmountIn: tokens(2_500n * NATIVE), minQuoteAmountOut: expected.userReceives })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore + expected.userReceives);
    expect(await reserves()).toEqual(expected.next);
  });

  it('agrees with core/math/pool over random trades', async () => {
    let seed = 99;
    const random = (limit: bigint) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return 1n + (BigInt(seed) * limit) / 0x80000000n;
    };
    for (let i = 0; i < 24; i++) {
      const before = await reserves();
      if (i % 3 === 0) {
        const expected = buyExactBase(before, tokens(random(10_000n * NATIVE)), RATES);
        const r = await send(sandbox, trader, [await ammBuyInstruction(parties, { baseAmountOut: expected.baseOut, maxQuoteAmountIn: expected.totalCost, trackVolume: false })]);
        expect(r.err, r.logs.join('\n')).toBeNull();
        expect(await reserves()).toEqual(expected.next);
      } else if (i % 3 === 1) {
        const expected = buyExactQuoteIn(before, quoteUnits(random(20n * ZEC)), RATES);
        const r = await send(sandbox, trader, [await ammBuyExactQuoteInInstruction(parties, { spendableQuoteIn: expected.spendable, minBaseAmountOut: expected.baseOut, trackVolume: false })]);
        expect(r.err, r.logs.join('\n')).toBeNull();
        expect(await reserves()).toEqual(expected.next);
      } else {
        const expected = sellExactBase(before, tokens(random(10_000n * NATIVE)), RATES);
        const r = await send(sandbox, trader, [await ammSellInstruction(parties, { baseAmountIn: expected.baseIn, minQuoteAmountOut: expected.userReceives })]);
        expect(r.err, r.logs.join('\n')).toBeNull();
        expect(await reserves()).toEqual(expected.next);
      }
    }
  });

  it('deposits for LP tokens, taking what core/math/pool says', async () => {
    const pool = decodePool(sandbox.cluster.getAccount(parties.pool)!.data);
    const lpOut = pool.lpSupply / 1000n;
    const expected = deposit(await reserves(), pool.lpSupply, lpOut);
    const { mints } = sandbox.profile;
    const lpAccount = await findLpTokenAccount(trader.address, pool.lpMint);
    const result = await send(sandbox, trader, [
      // The LP account is the depositor's to open (deposit lists no system or ATA program), as the SDK does.
      getCreateAssociatedTokenIdempotentInstruction({ payer: trader, ata: lpAccount, owner: trader.address, mint: pool.lpMint, tokenProgram: TOKEN_2022_PROGRAM }),
      await ammDepositInstruction(
        { amm: parties.programs.amm, pool: parties.pool, baseMint: mints.native.address, baseTokenProgram: mints.native.tokenProgram, quoteMint: mints.zec.address, quoteTokenProgram: mints.zec.tokenProgram, user: trader.address },
        { lpTokenAmountOut: tokens(lpOut), maxBaseAmountIn: expected.baseIn, maxQuoteAmountIn: expected.quoteIn },
      ),
    ]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await reserves()).toEqual(expected.next);
    expect(new DataView(sandbox.cluster.getAccount(lpAccount)!.data.buffer, sandbox.cluster.getAccount(lpAccount)!.data.byteOffset).getBigUint64(64, true)).toBe(lpOut);
    expect(decodePool(sandbox.cluster.getAccount(parties.pool)!.data).lpSupply).toBe(pool.lpSupply + lpOut);
  });

  it('refuses slippage, an unnamed protocol fee recipient, zero and too much base, and unknown instructions', async () => {
    const before = await reserves();
    const buy = buyExactBase(before, tokens(NATIVE), RATES);
    const cases: [Awaited<ReturnType<typeof ammBuyInstruction>>, number][] = [
      [await ammBuyInstruction(parties, { baseAmountOut: tokens(NATIVE), maxQuoteAmountIn: buy.totalCost - 1n, trackVolume: false }), AMM_ERRORS.ExceededSlippage],
      [await ammBuyInstruction({ ...parties, protocolFeeRecipient: trader.address }, { baseAmountOut: tokens(NATIVE), maxQuoteAmountIn: ZEC, trackVolume: false }), AMM_ERRORS.InvalidProtocolFeeRecipient],
      [await ammBuyInstruction(parties, { baseAmountOut: tokens(0n), maxQuoteAmountIn: ZEC, trackVolume: false }), AMM_ERRORS.ZeroBaseAmount],
      [await ammBuyInstruction(parties, { baseAmountOut: before.baseReserves, maxQuoteAmountIn: 2n ** 63n, trackVolume: false }), AMM_ERRORS.BuyMoreBaseAmountThanPoolReserves],
      [await ammSellInstruction(parties, { baseAmountIn: tokens(NATIVE), minQuoteAmountOut: ZEC }), AMM_ERRORS.ExceededSlippage],
      [{ programAddress: parties.programs.amm, accounts: [], data: new Uint8Array(8).fill(7) }, ANCHOR_ERRORS.InstructionFallbackNotFound],
    ];
    for (const [instruction, code] of cases) {
      const result = await send(sandbox, trader, [instruction]);
      expect(customError(result.err), result.logs.join('\n')).toBe(code);
    }
    expect(await reserves()).toEqual(before);
  });
});
