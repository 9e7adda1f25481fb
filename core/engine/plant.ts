import { createNoopSigner, lamports, type Address, type Instruction } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import type { Chain } from '../chain/chain.js';
import { DeskError } from '../errors.js';
import { buyExactTokens } from '../math/curve.js';
import { tokenUnits } from '../math/units.js';
import { buyV2Instruction } from '../programs/launchpad/instructions/buy-v2.js';
import { createV2Instruction } from '../programs/launchpad/instructions/create-v2.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../programs/token-account.js';
import { declarePayeeInstruction, type Payee } from '../programs/vault/declare-payee.js';
import { findCoinAuthority } from '../programs/vault/pdas.js';
import { expiresAtOf, newBuildId, totalSolCost, type Build } from './build.js';
import { freshCoinMarket, type CoinMarket } from './market.js';
import { quoteTrade, type TradeQuote } from './quote.js';
import { explainRefusal, type Need } from './holdings-shortfall.js';
import { simulateTransaction } from './simulate.js';
import { curveTradeParties, expectedOf, tradeInstructions } from './trade.js';
import { lookupTablesOf, type World } from './world.js';
import { readIndexRules } from '../index/index-rules.js';
import { resolveTransaction } from '../verify/message.js';
import { judgePlanting, plantingTransactionOf } from '../verify/planting.js';

/** A planting request as the API read it (spec "POST /v1/plant/build"). */
export interface PlantRequest {
  readonly wallet: Address;
  readonly mint: Address;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  /** `me` is already resolved to the wallet. */
  readonly payee: Payee;
  readonly pair: CoinMarket['pair'];
  readonly firstBuy: { readonly zec: bigint; readonly slippageBps: bigint | null } | null;
  /** Micro-lamports per compute unit (core/engine/priority-fee.ts); absent: the default. */
  readonly computeUnitPrice?: bigint;
}

export const payeeText = (payee: Payee): string => (payee.kind === 'holders' ? 'holders' : `wallet:${payee.wallet}`);

/**
 * The first buy of a planting: on a ZEC-paired coin one buy_v2 of exactly the tokens `zec` buys on the
 * new curve, at most `zec` (the curve is created in the same transaction, so nothing can move it first);
 * on a native-paired coin one route spending exactly `zec`, for at least the quote less slippage.
 */
async function firstBuyInstructions(world: World, market: CoinMarket, wallet: Address, quote: TradeQuote, zec: bigint): Promise<{ instructions: Instruction[]; exactTokens: bigint | null; zecIn: bigint }> {
  const payer = createNoopSigner(wallet);
  const coinAccount = await findAssociatedTokenAccount(wallet, market.mint, TOKEN_2022_PROGRAM);
  const open = getCreateAssociatedTokenIdempotentInstruction({ payer, ata: coinAccount, owner: wallet, mint: market.mint, tokenProgram: TOKEN_2022_PROGRAM });
  // A native-paired coin's first buy is its route, built as every route buy is (quote plan: exact in, minimum out).
  if (market.pair === 'native') return { instructions: await tradeInstructions(world, market, wallet, quote, false), exactTokens: null, zecIn: zec };
  // buy_v2 buys exact tokens: the most `zec` buys, which cost exactly what buyExactTokens says.
  const tokens = tokenUnits(quote.tokensOut!);
  const cost = buyExactTokens(market.curveState!, tokens, market.curveRates).totalCost;
  const buy = await buyV2Instruction(
    curveTradeParties(world, market, wallet),
    { amount: tokens, maxQuoteCost: zec },
  );
  return { instructions: [open, buy], exactTokens: tokens, zecIn: cost };
}

/**
 * The build checked as the index will judge it (core/verify/planting.ts, the spec's "Hand-built
 * planting"): a build that would land as an unlisted coin is never answered.
 */
async function assertListable(chain: Chain, world: World, wire: Uint8Array, request: PlantRequest): Promise<void> {
  const tables = lookupTablesOf(world);
  const verdict = await judgePlanting(plantingTransactionOf(resolveTransaction(wire, tables)), await readIndexRules(chain, world.profile));
  if (!verdict?.listed) throw new DeskError('refused', `the planting would not be listed: ${verdict?.listed === false ? verdict.reason : 'it creates no coin'}`);
  // Listed, and exactly what was asked: this mint, this wallet, the pair and the payee asked for.
  const asked = verdict.mint === request.mint && verdict.deployer === request.wallet && verdict.pair === request.pair && payeeText(verdict.payee) === payeeText(request.payee);
  if (!asked) throw new DeskError('refused', `the planting built is not the one asked for (mint ${verdict.mint}, pair ${verdict.pair}, payee ${payeeText(verdict.payee)}); it was not answered`);
}

/**
 * Builds a planting (spec "POST /v1/plant/build" and "Hand-built planting"): one transaction holding
 * create_v2 (quoted in the pair asked for, the coin authority as creator, the vault's creator fee),
 * the first buy if asked, the launch fee to the treasury and declare_payee. Planting closed on chain:
 * `planting_closed`. The launchpad refusing it in simulation: `simulation_failed`. Too big with its
 * first buy: `too_large`. Signed by the wallet first, then the mint key.
 */
export async function buildPlanting(chain: Chain, request: PlantRequest, world: World, now: number = Date.now()): Promise<Build> {
  if (!world.global.createV2Enabled) throw new DeskError('planting_closed', 'planting is closed for now: the launchpad takes no new coins (create_v2 is switched off on chain)');
  const existing = await chain.getAccount(request.mint, 'confirmed');
  if (existing) throw new DeskError('invalid_param', `mint: ${request.mint} already exists on chain; a planting needs a fresh key`);
  const vault = world.vault;
  const creator = await findCoinAuthority(world.programs.vault, request.mint);
  const market = await freshCoinMarket(chain, world, { mint: request.mint, pair: request.pair, creator, creatorFeeBps: vault.creatorFeeBps });
  const wallet = request.wallet;
  const create = await createV2Instruction(
    { programs: world.programs, mint: request.mint, user: wallet, quote: { mint: market.quote.address, tokenProgram: market.quote.tokenProgram } },
    {
      name: request.name, symbol: request.symbol, uri: request.uri, creator,
      isMayhemMode: false, isCashbackEnabled: false, creatorFeeBps: vault.creatorFeeBps, isHolderReward: false,
    },
  );
  let quote: TradeQuote | null = null;
  let firstBuy: Awaited<ReturnType<typeof firstBuyInstructions>> | null = null;
  if (request.firstBuy) {
    quote = quoteTrade(market, { side: 'buy', amount: request.firstBuy.zec, slippageBps: request.firstBuy.slippageBps });
    firstBuy = await firstBuyInstructions(world, market, wallet, quote, request.firstBuy.zec);
  }
  const instructions: Instruction[] = [
    create,
    ...(firstBuy?.instructions ?? []),
    getTransferSolInstruction({ source: createNoopSigner(wallet), destination: vault.treasury, amount: lamports(vault.launchFeeLamports) }),
    await declarePayeeInstruction({ vault: world.programs.vault, zecMint: world.zec.address, deployer: wallet, mint: request.mint, payee: request.payee }),
  ];
  const [lifetime, blockHeight] = await Promise.all([chain.getLatestBlockhash('confirmed'), chain.getBlockHeight('confirmed')]);
  const firstBuyNeeds: Need[] = request.firstBuy ? [{ kind: 'zec', amount: request.firstBuy.zec, purpose: 'the first buy spends' }] : [];
  const tx = await simulateTransaction(chain, world, { feePayer: wallet, instructions, lifetime, computeUnitPrice: request.computeUnitPrice }, { failure: 'simulation_failed' })
    .catch(async (error: unknown) => Promise.reject(await explainRefusal(chain, world, wallet, firstBuyNeeds, error)));
  await assertListable(chain, world, tx.wire, request);
  const expected: Record<string, bigint | number> = { launchFeeLamports: vault.launchFeeLamports };
  if (quote && firstBuy && request.firstBuy) {
    Object.assign(expected, expectedOf(quote));
    if (firstBuy.exactTokens !== null) {
      // buy_v2 gives exactly these tokens for at most maxZecIn, and spends exactly zecIn: the curve is
      // created in the same transaction, so nothing can move its price first. No slippage applies, and
      // `expected` claims none (the minimum is the exact amount, which is what the instruction enforces).
      expected['tokensOut'] = firstBuy.exactTokens;
      expected['minTokensOut'] = firstBuy.exactTokens;
      expected['zecIn'] = firstBuy.zecIn;
      delete expected['slippageBps'];
    }
    expected['maxZecIn'] = request.firstBuy.zec;
  }
  return {
    id: newBuildId(),
    kind: 'plant',
    wallet,
    mint: request.mint,
    transactions: [tx],
    solCostLamports: totalSolCost([tx]),
    expected,
    intent: {
      wallet, mint: request.mint, name: request.name, symbol: request.symbol, uri: request.uri, payee: payeeText(request.payee), pair: request.pair,
      firstBuyZec: request.firstBuy?.zec ?? null, firstBuySlippageBps: quote && firstBuy?.exactTokens === null ? Number(quote.slippageBps) : null,
      creator, creatorFeeBps: Number(vault.creatorFeeBps), launchFeeLamports: vault.launchFeeLamports, treasury: vault.treasury,
    },
    createdAt: now,
    expiresAt: expiresAtOf(now, blockHeight, lifetime.lastValidBlockHeight),
    then: null,
    permanent: request.payee.kind === 'holders',
  };
}
