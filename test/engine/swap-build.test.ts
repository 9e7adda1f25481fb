import { generateKeyPairSigner, lamports, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMM_ERRORS } from '../../core/programs/amm/errors.js';
import { aggregatorSwapInstruction, type AggregatorRoute } from '../../core/programs/aggregator/swap.js';
import { SWAP_OVERPAY_MARGIN_LAMPORTS, swapOverpayProblem, type SwapQuote } from '../../core/engine/swap.js';
import type { Bps } from '../../core/math/units.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, send, tokenBalance } from '../helpers/launchpad.js';
import { build, relay, signAndSend, signAnswer } from './http-signing.js';

const SOL = 1_000_000_000n;

/**
 * SOL/ZEC swaps end to end through HTTP only: the real /v1 server builds against the sandbox's aggregator,
 * a local keypair signs, the relay sends; `expected` and `simulation.solCostLamports` equal what moved on
 * chain to the base unit, in both directions, from a fresh wallet that holds only SOL.
 */
describe('swap builds through /v1, signed locally, relayed', () => {
  let f: ApiFixture;
  let wallet: KeyPairSigner;

  beforeAll(async () => {
    f = await startApi();
    wallet = await generateKeyPairSigner();
    await f.sandbox.faucet.sol(wallet.address, lamports(20n * SOL)); // SOL only: no ZEC account yet
  }, 60_000);
  afterAll(() => f.close());

  const balances = async (owner = wallet) => {
    const zec = f.sandbox.profile.mints.zec;
    return {
      sol: f.sandbox.cluster.getAccount(owner.address)!.lamports,
      zec: await tokenBalance(f.sandbox, owner.address, zec.address, zec.tokenProgram),
    };
  };

  async function swap(direction: 'sol_to_zec' | 'zec_to_sol', amount: bigint, extra: Record<string, unknown> = {}) {
    const answer: Answer = await build(f, '/v1/swap/build', { wallet: wallet.address, direction, amount: String(amount), ...extra });
    const before = await balances();
    await signAndSend(f, answer, [wallet]);
    const after = await balances();
    const tx = (answer.body['transactions'] as { size: number; signers: string[]; lookupTables: string[] }[])[0]!;
    const simulation = answer.body['simulation'] as { solCostLamports: string; unitsConsumed: string };
    return {
      answer,
      tx,
      expected: answer.body['expected'] as Record<string, string | number>,
      solCost: BigInt(simulation.solCostLamports),
      units: BigInt(simulation.unitsConsumed),
      moved: { solSpent: before.sol - after.sol, zecGained: after.zec - before.zec },
    };
  }

  it('swaps SOL to ZEC from a wallet with only SOL, then ZEC back to SOL: expected and SOL cost equal what moved', async () => {
    const there = await swap('sol_to_zec', 3n * SOL);
    expect(there.answer.body['intent']).toEqual({ wallet: wallet.address, direction: 'sol_to_zec', amount: String(3n * SOL), slippageBps: 100 });
    expect(there.expected).toMatchObject({ solIn: String(3n * SOL), slippageBps: 100, feeBps: 25, priceImpactBps: expect.any(Number) });
    const zecOut = BigInt(there.expected['zecOut']!);
    expect(BigInt(there.expected['minZecOut']!)).toBe((zecOut * 9_900n) / 10_000n);
    expect(there.moved.zecGained).toBe(zecOut);
    expect(there.moved.solSpent).toBe(there.solCost);
    // The swapped lamports, the fees and the new ZEC account's rent; the WSOL account's rent came back.
    const rent = f.sandbox.cluster.minimumBalanceForRentExemption(165n);
    expect(there.solCost > 3n * SOL + rent).toBe(true);
    expect(there.solCost < 3n * SOL + rent + 100_000n).toBe(true);
    expect(there.tx.signers).toEqual([wallet.address]);
    expect(there.tx.lookupTables).toEqual([f.sandbox.profile.accounts['lookupTable']]);
    expect(there.tx.size).toBeLessThanOrEqual(1232);
    expect(there.units < 200_000n).toBe(true);

    const back = await swap('zec_to_sol', zecOut / 2n, { slippageBps: 50 });
    expect(back.expected).toMatchObject({ slippageBps: 50, feeBps: 25 });
    const solOut = BigInt(back.expected['solOut']!);
    expect(BigInt(back.expected['minSolOut']!)).toBe((solOut * 9_950n) / 10_000n);
    expect(-back.moved.zecGained).toBe(BigInt(back.expected['zecIn']!));
    expect(BigInt(back.expected['zecIn']!) <= zecOut / 2n).toBe(true);
    expect(back.moved.solSpent).toBe(back.solCost);
    // The wallet gains the SOL bought less the fees: no account is left open.
    expect(-back.solCost < solOut).toBe(true);
    expect(-back.solCost > solOut - 100_000n).toBe(true);
    expect(back.units < 200_000n).toBe(true);
  });

  it('lands nothing when the pool moved beyond the slippage between build and send', async () => {
    const answer = await build(f, '/v1/swap/build', { wallet: wallet.address, direction: 'sol_to_zec', amount: String(SOL), slippageBps: 10 });
    // Someone else sells a lot of SOL into the pool first: ZEC gets dearer by far more than 0.1%.
    const whale = await fundedWallet(f.sandbox);
    const { programs, accounts, mints } = f.sandbox.profile;
    const route: AggregatorRoute = {
      aggregator: programs['aggregator']!, amm: programs['amm']!, fees: programs['fees']!, pool: accounts['wsolPool']!,
      poolWsolVault: accounts['wsolPoolBaseVault']!, poolZecVault: accounts['wsolPoolQuoteVault']!, zecMint: mints.zec.address,
      protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
    };
    const moved = await send(f.sandbox, whale, [await aggregatorSwapInstruction(route, { direction: 'sol_to_zec', user: whale.address, amountIn: 50n * SOL, minAmountOut: 1n })]);
    expect(moved.err, moved.logs.join('\n')).toBeNull();

    const before = await balances();
    const sent = await relay(f, answer.body['buildId'] as string, await signAnswer(answer, [wallet]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(422);
    expect(codeOf(sent)).toBe('refused');
    // The AMM under the aggregator refuses first: its ExceededSlippage, passed through.
    expect(messageOf(sent)).toMatch(new RegExp(`custom program error: 0x${AMM_ERRORS.ExceededSlippage.toString(16)}$`));
    expect(await balances()).toEqual(before);

    // Built again against the moved pool, it goes through.
    const again = await swap('sol_to_zec', SOL, { slippageBps: 10 });
    expect(again.moved.zecGained).toBe(BigInt(again.expected['zecOut']!));
    expect(again.moved.solSpent).toBe(again.solCost);
  });

  it('refuses a route that would take more SOL than swapped plus the margin (the overpay check)', () => {
    const quote = (direction: 'sol_to_zec' | 'zec_to_sol'): SwapQuote => ({
      direction, amountIn: SOL, spent: SOL, out: 2n * SOL, minOut: 2n * SOL, slippageBps: 100n as Bps, feeBps: 25n as Bps, priceImpactBps: 1n as Bps,
      next: { baseReserves: 1n, quoteReserves: 1n } as never,
    });
    expect(swapOverpayProblem(quote('sol_to_zec'), SOL + SWAP_OVERPAY_MARGIN_LAMPORTS)).toBeNull();
    expect(swapOverpayProblem(quote('sol_to_zec'), SOL + SWAP_OVERPAY_MARGIN_LAMPORTS + 1n)).toMatch(/more than the 1 SOL swapped plus 0.01 SOL/);
    expect(swapOverpayProblem(quote('zec_to_sol'), -2n * SOL + SWAP_OVERPAY_MARGIN_LAMPORTS)).toBeNull();
    expect(swapOverpayProblem(quote('zec_to_sol'), -2n * SOL + SWAP_OVERPAY_MARGIN_LAMPORTS + 1n)).toMatch(/less than the 2 SOL it must receive/);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await call(f, 'GET', '/v1/openapi.json');
    expect(Object.keys((doc.body['paths'] as Record<string, unknown>) ?? {})).toContain('/v1/swap/build');
  });
});
