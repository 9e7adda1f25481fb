import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import type { Chain } from '../chain/chain.js';
import { DeskError } from '../errors.js';
import { tokenUnits } from '../math/units.js';
import { ammBuyExactQuoteInInstruction } from '../programs/amm/instructions/buy-exact-quote-in.js';
import { multiHopSwapInstruction } from '../programs/amm/instructions/multi-hop-swap.js';
import { ammSellInstruction } from '../programs/amm/instructions/sell.js';
import { ZERO_KEY } from '../programs/amm/pdas.js';
import type { AmmTradeParties } from '../programs/amm/instructions/trade-accounts.js';
import { buyExactQuoteInV2Instruction } from '../programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { sellV2Instruction } from '../programs/launchpad/instructions/sell-v2.js';
import type { TradeV2Parties } from '../programs/launchpad/instructions/trade-v2-accounts.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../programs/token-account.js';
import { expiresAtOf, newBuildId, totalSolCost, type Build, type Expected } from './build.js';
import { readCoinMarket, type CoinMarket } from './market.js';
import { quoteTrade, type Side, type TradeQuote } from './quote.js';
import { simulateTransaction } from './simulate.js';
import type { World } from './world.js';

/** A trade request as the API read it (spec "POST /v1/trade/build"). */
export interface TradeRequest {
  readonly wallet: Address;
  readonly mint: Address;
  readonly side: Side;
  /** Base units; `all` sells the wallet's whole balance and closes its emptied coin account. */
  readonly amount: bigint | 'all';
  readonly slippageBps: bigint | null;
}

/** The wallet's coin balance (0 without an account). */
export async function coinBalance(chain: Chain, wallet: Address, mint: Address): Promise<bigint> {
  const account = await chain.getAccount(await findAssociatedTokenAccount(wallet, mint, TOKEN_2022_PROGRAM), 'confirmed');
  return account ? tokenAccountAmount(account.data) : 0n;
}

/** Reads the market and quotes the request (`all` resolved against the wallet's balance). */
export async function quoteRequest(chain: Chain, world: World, request: TradeRequest): Promise<{ market: CoinMarket; quote: TradeQuote; amount: bigint }> {
  const market = await readCoinMarket(chain, world, request.mint);
  let amount: bigint;
  if (request.amount === 'all') {
    amount = await coinBalance(chain, request.wallet, request.mint);
    if (amount === 0n) throw new DeskError('refused', `wallet ${request.wallet} holds none of coin ${request.mint}: there is nothing to sell`);
  } else amount = request.amount;
  return { market, quote: quoteTrade(market, { side: request.side, amount, slippageBps: request.slippageBps }), amount };
}

/** `expected` of a trade build: the spec's names, and what the quote says moves. */
export function expectedOf(quote: TradeQuote): Expected {
  const out: Record<string, bigint | number> = {};
  const put = (name: string, value: bigint | null) => {
    if (value !== null) out[name] = value;
  };
  put('tokensOut', quote.tokensOut);
  put('minTokensOut', quote.minTokensOut);
  put('maxZecIn', quote.maxZecIn);
  put('zecIn', quote.zecIn);
  if (quote.side === 'sell') put('tokensIn', quote.amountIn);
  put('zecOut', quote.zecOut);
  put('minZecOut', quote.minZecOut);
  out['slippageBps'] = Number(quote.slippageBps);
  out['feeBps'] = Number(quote.feeBps);
  out['priceImpactBps'] = Number(quote.priceImpactBps);
  if (quote.costBps !== null) out['costBps'] = Number(quote.costBps);
  if (quote.nativeAmount !== null) out['nativeAmount'] = quote.nativeAmount;
  return out;
}

/** The instructions of a trade: the wallet's receiving account opened idempotently, the trade, and on `all` the close. */
export async function tradeInstructions(world: World, market: CoinMarket, wallet: Address, quote: TradeQuote, closeAfter: boolean): Promise<Instruction[]> {
  const payer = createNoopSigner(wallet);
  const zec = world.zec;
  const coinAccount = await findAssociatedTokenAccount(wallet, market.mint, TOKEN_2022_PROGRAM);
  const zecAccount = await findAssociatedTokenAccount(wallet, zec.address, zec.tokenProgram);
  const open = quote.side === 'buy'
    ? getCreateAssociatedTokenIdempotentInstruction({ payer, ata: coinAccount, owner: wallet, mint: market.mint, tokenProgram: TOKEN_2022_PROGRAM })
    : getCreateAssociatedTokenIdempotentInstruction({ payer, ata: zecAccount, owner: wallet, mint: zec.address, tokenProgram: zec.tokenProgram });
  const global = world.global;
  const buybackRecipient = global.buybackFeeRecipients[0] ?? global.feeRecipient;
  const plan = quote.plan;
  let trade: Instruction;
  if (plan.venue === 'route') {
    const native = world.native!;
    const hop1 = market.route!.hop1;
    trade = await multiHopSwapInstruction({
      programs: { amm: world.programs.amm, launchpad: world.programs.launchpad, fees: world.programs.fees },
      side: plan.side,
      user: wallet,
      hop1: { baseMint: native.mint, quoteMint: zec.address, venue: hop1.address, venueBase: hop1.baseVault, venueQuote: hop1.quoteVault },
      hop2: market.pool
        ? { baseMint: market.mint, quoteMint: native.mint, venue: market.pool.address, venueBase: market.pool.baseVault, venueQuote: market.pool.quoteVault }
        : { baseMint: market.mint, quoteMint: native.mint, venue: market.curveAddress, venueBase: market.curveBaseVault, venueQuote: market.curveQuoteVault },
      buybackFeeAccount: await findAssociatedTokenAccount(buybackRecipient, zec.address, zec.tokenProgram),
      amountIn: plan.amountIn,
      minAmountOut: plan.minAmountOut,
    });
  } else if (plan.venue === 'curve') {
    const parties: TradeV2Parties = {
      programs: world.programs,
      baseMint: market.mint,
      baseTokenProgram: TOKEN_2022_PROGRAM,
      quoteMint: market.quote.address,
      quoteTokenProgram: market.quote.tokenProgram,
      user: wallet,
      creator: market.curve.creator,
      feeRecipient: global.feeRecipient,
      buybackFeeRecipient: buybackRecipient,
    };
    trade = plan.side === 'buy'
      ? await buyExactQuoteInV2Instruction(parties, { spendableQuoteIn: plan.spendable, minTokensOut: tokenUnits(plan.minTokensOut) })
      : await sellV2Instruction(parties, { amount: tokenUnits(plan.tokens), minQuoteOutput: plan.minZecOut });
  } else {
    const pool = market.pool!;
    const recipient = world.ammConfig.protocolFeeRecipients.find((r) => r !== ZERO_KEY);
    if (!recipient) throw new DeskError('unavailable', "the AMM's config names no protocol fee recipient");
    const parties: AmmTradeParties = {
      programs: { amm: world.programs.amm, fees: world.programs.fees },
      pool: pool.address,
      baseMint: market.mint,
      baseTokenProgram: TOKEN_2022_PROGRAM,
      quoteMint: market.quote.address,
      quoteTokenProgram: market.quote.tokenProgram,
      user: wallet,
      coinCreator: pool.account.coinCreator,
      protocolFeeRecipient: recipient,
    };
    trade = plan.side === 'buy'
      ? await ammBuyExactQuoteInInstruction(parties, { spendableQuoteIn: plan.spendable, minBaseAmountOut: tokenUnits(plan.minTokensOut), trackVolume: false })
      : await ammSellInstruction(parties, { baseAmountIn: tokenUnits(plan.tokens), minQuoteAmountOut: plan.minZecOut });
  }
  const close = closeAfter ? [getCloseAccountInstruction({ account: coinAccount, destination: wallet, owner: payer }, { programAddress: TOKEN_2022_PROGRAM })] : [];
  return [open, trade, ...close];
}

/** Builds a ZEC buy or sale: venue read from chain, exact quote, one simulated v0 transaction. */
export async function buildTrade(chain: Chain, request: TradeRequest, world: World, now: number = Date.now()): Promise<Build> {
  const { market, quote, amount } = await quoteRequest(chain, world, request);
  const instructions = await tradeInstructions(world, market, request.wallet, quote, request.amount === 'all');
  const [lifetime, blockHeight] = await Promise.all([chain.getLatestBlockhash('confirmed'), chain.getBlockHeight('confirmed')]);
  const tx = await simulateTransaction(chain, world, { feePayer: request.wallet, instructions, lifetime });
  return {
    id: newBuildId(),
    kind: 'trade',
    wallet: request.wallet,
    mint: request.mint,
    transactions: [tx],
    solCostLamports: totalSolCost([tx]),
    expected: expectedOf(quote),
    intent: { wallet: request.wallet, mint: request.mint, side: request.side, amount: request.amount === 'all' ? 'all' : amount, resolvedAmount: amount, slippageBps: Number(quote.slippageBps), venue: market.venue, pair: market.pair },
    createdAt: now,
    expiresAt: expiresAtOf(now, blockHeight, lifetime.lastValidBlockHeight),
    then: null,
    permanent: false,
  };
}

