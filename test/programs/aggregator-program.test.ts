import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolFeeRates } from '../../core/math/pool-fees.js';
import { buyExactQuoteIn, poolReserves, sellExactBase } from '../../core/math/pool.js';
import { quoteUnits } from '../../core/math/quote-units.js';
import type { TokenUnits } from '../../core/math/units.js';
import { AGGREGATOR_ERRORS, aggregatorSwapInstruction, type AggregatorRoute } from '../../core/programs/aggregator/swap.js';
import { AMM_FEES } from '../../core/sandbox/genesis/amm.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { fundedWallet, send, tokenBalance } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';

const SOL = 1_000_000_000n;
/** The WSOL/ZEC pool has no coin creator. */
const RATES = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: 0n });

/** SOL -> ZEC -> SOL through the aggregator and the WSOL/ZEC pool, to the base unit. */
describe('aggregator program', () => {
  let sandbox: Sandbox;
  let user: KeyPairSigner;
  let route: AggregatorRoute;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    user = await fundedWallet(sandbox);
    const { programs, accounts, mints } = sandbox.profile;
    route = {
      aggregator: programs['aggregator']!,
      amm: programs['amm']!,
      fees: programs['fees']!,
      pool: accounts['wsolPool']!,
      poolWsolVault: accounts['wsolPoolBaseVault']!,
      poolZecVault: accounts['wsolPoolQuoteVault']!,
      zecMint: mints.zec.address,
      protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
    };
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;
  const reserves = async () =>
    poolReserves({
      baseReserves: await tokenBalance(sandbox, route.pool, sandbox.profile.mints.wsol.address, sandbox.profile.mints.wsol.tokenProgram),
      quoteReserves: await tokenBalance(sandbox, route.pool, zec().address, zec().tokenProgram),
    });
  const solOf = () => sandbox.cluster.getAccount(user.address)!.lamports;

  it('swaps SOL to ZEC (wrapping inside), then ZEC back to SOL (unwrapping inside), with the minimum enforced', async () => {
    const sell = sellExactBase(await reserves(), (2n * SOL) as TokenUnits, RATES);
    const solBefore = solOf();
    let result = await send(sandbox, user, [await aggregatorSwapInstruction(route, { direction: 'sol_to_zec', user: user.address, amountIn: 2n * SOL, minAmountOut: sell.userReceives })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    const zecReceived = await tokenBalance(sandbox, user.address, zec().address, zec().tokenProgram);
    expect(zecReceived).toBe(sell.userReceives);
    // Exactly the SOL swapped, the fee and the new ZEC account's rent left the wallet: the temporary WSOL
    // account's rent came back when it closed.
    const tx = sandbox.cluster.getTransaction(result.signature)!;
    expect(solBefore - solOf()).toBe(2n * SOL + tx.meta.fee + sandbox.cluster.minimumBalanceForRentExemption(165n));
    expect(await reserves()).toEqual(sell.next);

    const buy = buyExactQuoteIn(await reserves(), quoteUnits(zecReceived), RATES);
    const solMid = solOf();
    result = await send(sandbox, user, [await aggregatorSwapInstruction(route, { direction: 'zec_to_sol', user: user.address, amountIn: zecReceived, minAmountOut: buy.baseOut })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    const tx2 = sandbox.cluster.getTransaction(result.signature)!;
    expect(solOf() - solMid).toBe(buy.baseOut - tx2.meta.fee);
    expect(await tokenBalance(sandbox, user.address, zec().address, zec().tokenProgram)).toBe(zecReceived - buy.totalCost);
    expect(await reserves()).toEqual(buy.next);
  });

  it('refuses when the minimum cannot be met, and changes nothing', async () => {
    const before = await reserves();
    const sell = sellExactBase(before, SOL as TokenUnits, RATES);
    const result = await send(sandbox, user, [await aggregatorSwapInstruction(route, { direction: 'sol_to_zec', user: user.address, amountIn: SOL, minAmountOut: sell.userReceives + 1n })]);
    expect(result.err).not.toBeNull();
    expect(await reserves()).toEqual(before);
    const zero = await send(sandbox, user, [await aggregatorSwapInstruction(route, { direction: 'zec_to_sol', user: user.address, amountIn: 0n, minAmountOut: 0n })]);
    expect(customError(zero.err)).toBe(AGGREGATOR_ERRORS.ZeroAmount);
  });
});
