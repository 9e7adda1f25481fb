import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '../../core/chain/chain.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import type { LatestBlockhash } from '../../core/chain/types.js';
import { simulateTransaction, type SimulatedTransaction } from '../../core/engine/simulate.js';
import { swapInstructions, swapRouteOf } from '../../core/engine/swap.js';
import { coinBalance, quoteTradeRequest, tradeInstructions, type TradeRequest } from '../../core/engine/trade.js';
import { compileUnsigned, MEASURE_COMPUTE_UNITS, type UnsignedTransaction } from '../../core/engine/transaction.js';
import { readWorld, type World } from '../../core/engine/world.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { buyOutCurve, fundedWallet, plantCoin, programsOf, send } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;

/**
 * The build simulates once (core/engine/simulate.ts): its answer must be exactly what measuring and then
 * simulating the final transaction again answered: same wire bytes, units, SOL cost and logs.
 */
async function simulateTwice(chain: Chain, world: World, input: { feePayer: Address; instructions: readonly Instruction[]; lifetime: LatestBlockhash; computeUnitPrice?: bigint }): Promise<SimulatedTransaction> {
  const run = async (tx: UnsignedTransaction) => {
    const result = await chain.simulate(tx.wire, { sigVerify: false, accounts: [input.feePayer] });
    if (result.err !== null) throw new Error(`simulation failed: ${JSON.stringify(result.err)}`);
    return result;
  };
  // Measured at the chosen price itself: the build measures at the lower of it and the default, which must not matter.
  const first = await run(compileUnsigned(world, { ...input, computeUnitLimit: MEASURE_COMPUTE_UNITS }));
  const limit = Math.min(MEASURE_COMPUTE_UNITS, Math.ceil(Number(first.unitsConsumed) * 1.2) + 20_000);
  const tx = compileUnsigned(world, { ...input, computeUnitLimit: limit });
  const before = await chain.getBalance(input.feePayer, 'confirmed');
  const result = await run(tx);
  return { ...tx, unitsConsumed: result.unitsConsumed, solCostLamports: before - (result.accounts[0]?.lamports ?? 0n), logs: result.logs };
}

describe('one simulation per build', () => {
  let sandbox: Sandbox;
  let chain: Chain;
  let trader: KeyPairSigner;
  let solTrader: KeyPairSigner;
  const coins: Record<'curve' | 'pool' | 'native', Address> = { curve: '' as Address, pool: '' as Address, native: '' as Address };

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    chain = new SandboxChain(sandbox.cluster);
    coins.curve = (await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' })).mint;
    coins.native = (await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;
    const whale = await fundedWallet(sandbox, 2_000n * ZEC);
    const planted = await plantCoin(sandbox, whale);
    if (planted.err !== null) throw new Error('planting failed');
    if ((await buyOutCurve(sandbox, whale, planted.coin)).err !== null) throw new Error('buying out failed');
    const { programs, mints, accounts } = sandbox.profile;
    const migrated = await send(sandbox, whale, [
      await migrateV2Instruction({
        launchpad: programsOf(sandbox).launchpad,
        amm: programs['amm']!,
        mint: planted.coin.mint,
        quoteMint: mints.zec.address,
        quoteTokenProgram: mints.zec.tokenProgram,
        user: whale.address,
        withdrawAuthority: accounts['launchpadAuthority']!,
      }),
    ]);
    if (migrated.err !== null) throw new Error('migrating failed');
    sandbox.cluster.advanceSlots(1);
    coins.pool = planted.coin.mint;
    trader = await fundedWallet(sandbox, 10_000n * ZEC);
    solTrader = await fundedWallet(sandbox);
  }, 120_000);
  afterAll(() => sandbox?.close());

  async function instructionsOf(world: World, request: TradeRequest): Promise<Instruction[]> {
    const { market, quote, swap } = await quoteTradeRequest(chain, world, request);
    const trade = await tradeInstructions(world, market, request.wallet, quote, request.amount === 'all');
    if (!swap) return trade;
    const leg = await swapInstructions(swapRouteOf(world), request.wallet, swap);
    return request.side === 'buy' ? [...leg, ...trade] : [...trade, ...leg];
  }

  async function compare(request: TradeRequest, options: { measure?: boolean } = {}, computeUnitPrice?: bigint): Promise<SimulatedTransaction> {
    const world = await readWorld(chain, sandbox.profile);
    const instructions = await instructionsOf(world, request);
    const lifetime = await chain.getLatestBlockhash('confirmed');
    const input = { feePayer: request.wallet, instructions, lifetime, ...(computeUnitPrice === undefined ? {} : { computeUnitPrice }) };
    const once = await simulateTransaction(chain, world, input, options);
    const twice = options.measure === false ? null : await simulateTwice(chain, world, input);
    if (twice) {
      expect(Buffer.from(once.wire).toString('hex')).toBe(Buffer.from(twice.wire).toString('hex'));
      expect(once).toEqual(twice);
      expect(once.computeUnitLimit).toBeLessThan(MEASURE_COMPUTE_UNITS);
    }
    return once;
  }

  it('answers what a second simulation of the final transaction answered, for every kind of trade', async () => {
    const cases: TradeRequest[] = [];
    for (const mint of [coins.curve, coins.pool, coins.native]) {
      cases.push({ wallet: trader.address, mint, side: 'buy', amount: 3n * ZEC, slippageBps: null });
      cases.push({ wallet: solTrader.address, mint, side: 'buy', amount: SOL / 2n, slippageBps: null, viaSol: true });
    }
    for (const request of cases) await compare(request);

    // Sales need coins: land the buys, then sell some, all, and receive SOL.
    for (const mint of [coins.curve, coins.pool, coins.native]) {
      const world = await readWorld(chain, sandbox.profile);
      const landed = await send(sandbox, trader, await instructionsOf(world, { wallet: trader.address, mint, side: 'buy', amount: 3n * ZEC, slippageBps: null }));
      expect(landed.err).toBeNull();
    }
    for (const mint of [coins.curve, coins.pool, coins.native]) {
      const held = await coinBalance(chain, trader.address, mint);
      expect(held).toBeGreaterThan(0n);
      await compare({ wallet: trader.address, mint, side: 'sell', amount: held / 4n, slippageBps: 100n });
      await compare({ wallet: trader.address, mint, side: 'sell', amount: held / 2n, slippageBps: null, viaSol: true });
      await compare({ wallet: trader.address, mint, side: 'sell', amount: 'all', slippageBps: null });
    }
  }, 120_000);

  it('answers the same with a chosen compute unit price, below, at and above the default', async () => {
    for (const price of [0n, 1n, 10_000n, 250_000n, 5_000_000n]) {
      const tx = await compare({ wallet: trader.address, mint: coins.curve, side: 'buy', amount: ZEC, slippageBps: null }, {}, price);
      expect(tx.priorityLamports).toBe((BigInt(tx.computeUnitLimit) * price + 999_999n) / 1_000_000n);
      await compare({ wallet: solTrader.address, mint: coins.pool, side: 'buy', amount: SOL / 4n, slippageBps: null, viaSol: true }, {}, price);
    }
  });

  it('keeps the measuring transaction when asked not to lower its limit', async () => {
    const tx = await compare({ wallet: trader.address, mint: coins.curve, side: 'buy', amount: ZEC, slippageBps: null }, { measure: false });
    expect(tx.computeUnitLimit).toBe(MEASURE_COMPUTE_UNITS);
    expect(tx.unitsConsumed).toBeGreaterThan(0n);
  });
});
