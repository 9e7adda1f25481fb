import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import type { Chain } from '../chain/chain.js';
import { DeskError, isDeskError } from '../errors.js';
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
import { TOKEN_2022_PROGRAM } from '../programs/token-account.js';
import { expiresAtOf, newBuildId, totalSolCost, type Build, type Expected } from './build.js';
import { readCoinMarket, type CoinMarket } from './market.js';
import { quoteTrade, withMinimumOut, type Side, type TradeQuote } from './quote.js';
import { chosenPriorityLamports } from './priority-fee.js';
import { simulateTransaction, type SimulatedTransaction } from './simulate.js';
import type { World } from './world.js';
import { assertAcceptedTrade } from './accepted-trade.js';
import { coinBalance } from './balances.js';
import { explainRefusal, type Need } from './holdings-shortfall.js';
import { buildSwap, quoteSwap, swapExpectedOf, swapInstructions, swapOverpayProblem, swapRouteOf, type SwapQuote } from './swap.js';

/** A trade request as the API read it (spec "POST /v1/trade/build"). */
export interface TradeRequest {
  readonly wallet: Address;
  readonly mint: Address;
  readonly side: Side;
  /** Base units; `all` sells the wallet's whole balance and closes its emptied coin account. */
  readonly amount: bigint | 'all';
  readonly slippageBps: bigint | null;
  /** Pay in SOL (a buy: `amount` is lamports) or receive SOL (a sale), through the aggregator. */
  readonly viaSol?: boolean;
  /** Micro-lamports per compute unit (core/engine/priority-fee.ts); absent: the default. */
  readonly computeUnitPrice?: bigint;
  /** The floor the trader accepted from a quote it saw (tokens on a buy, ZEC on a sale); absent: the quote less slippage. */
  readonly minimumOut?: bigint;
}

export { coinBalance, tokenBalance, zecBalance } from './balances.js';

/** Reads the market and quotes the request (`all` resolved against the wallet's balance). */
export async function quoteRequest(chain: Chain, world: World, request: TradeRequest): Promise<{ market: CoinMarket; quote: TradeQuote; amount: bigint }> {
  const market = await readCoinMarket(chain, world, request.mint);
  let amount: bigint;
  if (request.amount === 'all') {
    amount = await coinBalance(chain, request.wallet, request.mint);
    if (amount === 0n) throw new DeskError('refused', `wallet ${request.wallet} holds none of coin ${request.mint}: there is nothing to sell`);
  } else amount = request.amount;
  const quote = quoteTrade(market, { side: request.side, amount, slippageBps: request.slippageBps });
  return { market, quote: request.minimumOut === undefined ? quote : withMinimumOut(quote, request.minimumOut), amount };
}

/** A trade request quoted exactly as its build is made: the coin's venue, and the aggregator leg of pay/receive SOL. */
export interface RequestQuote {
  readonly market: CoinMarket;
  /** The trade on the coin's venue, in ZEC (a buy paid in SOL spends the ZEC its swap guarantees). */
  readonly quote: TradeQuote;
  /** The trade's own amount: ZEC or tokens (`all` resolved; a SOL buy's swap minimum). */
  readonly amount: bigint;
  /** pay SOL: the SOL to ZEC swap before the buy; receive SOL: the ZEC to SOL swap of the sale's minimum. */
  readonly swap: SwapQuote | null;
}

/**
 * Quotes a trade request as buildTrade builds it (spec: the quote takes the same request as the trade
 * build). pay SOL: `amount` lamports are swapped, and the buy spends exactly the swap's minZecOut (what
 * the transaction guarantees); receive SOL: the sale's minZecOut is swapped, with the swap's own minimum.
 */
export async function quoteTradeRequest(chain: Chain, world: World, request: TradeRequest): Promise<RequestQuote> {
  if (!request.viaSol) return { ...(await quoteRequest(chain, world, request)), swap: null };
  const route = swapRouteOf(world);
  if (request.side === 'buy') {
    const swap = await quoteSwap(chain, world, { direction: 'sol_to_zec', amount: request.amount as bigint, slippageBps: request.slippageBps }, route);
    return { ...(await quoteRequest(chain, world, { ...request, amount: swap.minOut, viaSol: false })), swap };
  }
  const zec = await quoteRequest(chain, world, { ...request, viaSol: false });
  const swap = await quoteSwap(chain, world, { direction: 'zec_to_sol', amount: zec.quote.minZecOut!, slippageBps: request.slippageBps }, route);
  return { ...zec, swap };
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

/** The accounts a curve trade (buy_v2, buy_exact_quote_in_v2, sell_v2) of this coin by this wallet names. */
export function curveTradeParties(world: World, market: CoinMarket, wallet: Address): TradeV2Parties {
  const global = world.global;
  return {
    programs: world.programs,
    baseMint: market.mint,
    baseTokenProgram: TOKEN_2022_PROGRAM,
    quoteMint: market.quote.address,
    quoteTokenProgram: market.quote.tokenProgram,
    user: wallet,
    creator: market.curve.creator,
    feeRecipient: global.feeRecipient,
    buybackFeeRecipient: global.buybackFeeRecipients[0] ?? global.feeRecipient,
  };
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
    const parties = curveTradeParties(world, market, wallet);
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

/** A trade build of one simulated transaction: the spec's answer fields around what the caller quoted. */
function oneTransactionTrade(
  request: TradeRequest,
  tx: SimulatedTransaction,
  answer: Pick<Build, 'expected' | 'intent'>,
  now: number,
  blockHeight: bigint,
  lastValidBlockHeight: bigint,
): Build {
  return {
    id: newBuildId(),
    kind: 'trade',
    wallet: request.wallet,
    mint: request.mint,
    transactions: [tx],
    solCostLamports: totalSolCost([tx]),
    ...answer,
    createdAt: now,
    expiresAt: expiresAtOf(now, blockHeight, lastValidBlockHeight),
    then: null,
    permanent: false,
  };
}

/**
 * Builds a buy or sale: in ZEC, or paid or received in SOL through the aggregator. A refusal the wallet's
 * holdings explain (no ZEC or coin account, too little of it, too little SOL) is said in those terms.
 */
export async function buildTrade(chain: Chain, request: TradeRequest, world: World, now: number = Date.now()): Promise<Build> {
  try {
    if (!request.viaSol) return await buildZecTrade(chain, request, world, now);
    return await (request.side === 'buy' ? buildSolBuy(chain, request, world, now) : buildSolSale(chain, request, world, now));
  } catch (error) {
    throw await explainRefusal(chain, world, request.wallet, tradeNeeds(request), error);
  }
}

/** What a trade spends from the wallet (a sale of `all` sells what there is: it says so itself). */
export function tradeNeeds(request: Pick<TradeRequest, 'side' | 'amount' | 'viaSol' | 'mint'>): Need[] {
  if (request.amount === 'all') return [];
  if (request.side === 'sell') return [{ kind: 'coin', mint: request.mint, amount: request.amount, purpose: 'this sale sells' }];
  return [request.viaSol ? { kind: 'sol', amount: request.amount, purpose: 'this buy pays' } : { kind: 'zec', amount: request.amount, purpose: 'this buy spends' }];
}

/** Builds a ZEC buy or sale: venue read from chain, exact quote, one simulated v0 transaction. */
async function buildZecTrade(chain: Chain, request: TradeRequest, world: World, now: number): Promise<Build> {
  const { market, quote, amount } = await quoteRequest(chain, world, request);
  const instructions = await tradeInstructions(world, market, request.wallet, quote, request.amount === 'all');
  const [lifetime, blockHeight] = await Promise.all([chain.getLatestBlockhash('confirmed'), chain.getBlockHeight('confirmed')]);
  const tx = await simulateTransaction(chain, world, { feePayer: request.wallet, instructions, lifetime, computeUnitPrice: request.computeUnitPrice });
  await assertAcceptedTrade(world, market, request.wallet, quote, tx, false);
  return oneTransactionTrade(request, tx, { expected: expectedOf(quote), intent: { wallet: request.wallet, mint: request.mint, side: request.side, amount: request.amount === 'all' ? 'all' : amount, resolvedAmount: amount, slippageBps: Number(quote.slippageBps), venue: market.venue, pair: market.pair } }, now, blockHeight, lifetime.lastValidBlockHeight);
}


/** The swap leg's keys in `expected`, apart from the trade's own (slippage, fee and impact are the trade's). */
export function swapLegExpected(swap: SwapQuote): Expected {
  const all = swapExpectedOf(swap) as Record<string, bigint | number>;
  return swap.direction === 'sol_to_zec'
    ? { solIn: all['solIn']!, swapZecOut: all['zecOut']!, swapMinZecOut: all['minZecOut']! }
    : { swapZecIn: all['zecIn']!, solOut: all['solOut']!, minSolOut: all['minSolOut']!, swapSlippageBps: all['slippageBps']! };
}

/** The second step's request carries the first's chosen price, as the request said it (a decimal string). */
const priceField = (request: TradeRequest): { computeUnitPrice?: string } => (request.computeUnitPrice === undefined ? {} : { computeUnitPrice: request.computeUnitPrice.toString() });

/**
 * One transaction of a swap and a trade, simulated with the swap's overpay check; null when it does not
 * fit one transaction (the caller then splits it with `then`).
 */
async function simulateTogether(chain: Chain, world: World, wallet: Address, instructions: Instruction[], swap: SwapQuote, computeUnitPrice: bigint | undefined) {
  const [lifetime, blockHeight] = await Promise.all([chain.getLatestBlockhash('confirmed'), chain.getBlockHeight('confirmed')]);
  try {
    const tx = await simulateTransaction(chain, world, { feePayer: wallet, instructions, lifetime, computeUnitPrice });
    const overpay = swapOverpayProblem(swap, tx.solCostLamports, chosenPriorityLamports(tx));
    if (overpay !== null) throw new DeskError('refused', overpay);
    return { tx, blockHeight, lifetime };
  } catch (error) {
    if (isDeskError(error, 'too_large')) return null;
    throw error;
  }
}

/**
 * A buy paid in SOL (spec "POST /v1/trade/build" 2 and 4): `amount` lamports are swapped to ZEC, and the
 * buy spends exactly the ZEC the swap guarantees (its minimum), in one transaction when it fits; any
 * ZEC the swap gives above its minimum stays in the wallet. Otherwise the answer is the swap alone, and
 * `then` is the same buy in ZEC for the swap's `minZecOut`.
 */
async function buildSolBuy(chain: Chain, request: TradeRequest, world: World, now: number): Promise<Build> {
  const route = swapRouteOf(world);
  const { market, quote, swap } = await quoteTradeRequest(chain, world, request);
  if (!swap) throw new Error('a SOL buy is quoted with its swap');
  const instructions = [...(await swapInstructions(route, request.wallet, swap)), ...(await tradeInstructions(world, market, request.wallet, quote, false))];
  const together = await simulateTogether(chain, world, request.wallet, instructions, swap, request.computeUnitPrice);
  if (!together) {
    const first = await buildSwap(chain, { wallet: request.wallet, direction: 'sol_to_zec', amount: request.amount as bigint, slippageBps: request.slippageBps, computeUnitPrice: request.computeUnitPrice }, world, now);
    return {
      ...first,
      intent: { ...first.intent, mint: request.mint, side: 'buy', pay: 'SOL', split: true },
      then: {
        call: 'POST /v1/trade/build',
        body: { wallet: request.wallet, mint: request.mint, side: 'buy', pay: 'ZEC', amount: swap.minOut, ...(request.slippageBps !== null ? { slippageBps: Number(request.slippageBps) } : {}), ...priceField(request) },
        why: 'the swap and the buy do not fit one transaction: once this swap has landed, build the buy in ZEC for the ZEC it guarantees',
      },
    };
  }
  const { tx, blockHeight, lifetime } = together;
  await assertAcceptedTrade(world, market, request.wallet, quote, tx, true);
  return oneTransactionTrade(request, tx, { expected: { ...expectedOf(quote), ...swapLegExpected(swap) }, intent: { wallet: request.wallet, mint: request.mint, side: 'buy', pay: 'SOL', amount: request.amount as bigint, zecAmount: swap.minOut, slippageBps: Number(quote.slippageBps), venue: market.venue, pair: market.pair } }, now, blockHeight, lifetime.lastValidBlockHeight);
}

/**
 * A sale received in SOL (spec "POST /v1/trade/build" 3 and 4): the sale, then a swap of the ZEC it
 * guarantees (its minimum) to SOL with the swap's own minimum checked. Both go in one transaction when
 * they fit, so the swap is simulated on the sale's outcome and the two land together; otherwise the
 * answer is the sale alone and `then` is the swap of its `minZecOut`. (A second transaction in the same
 * build could not be simulated before the first has landed, and every build is simulated.)
 */
async function buildSolSale(chain: Chain, request: TradeRequest, world: World, now: number): Promise<Build> {
  const route = swapRouteOf(world);
  const { market, quote, amount, swap } = await quoteTradeRequest(chain, world, request);
  if (!swap) throw new Error('a SOL sale is quoted with its swap');
  const instructions = [...(await tradeInstructions(world, market, request.wallet, quote, request.amount === 'all')), ...(await swapInstructions(route, request.wallet, swap))];
  const together = await simulateTogether(chain, world, request.wallet, instructions, swap, request.computeUnitPrice);
  if (!together) {
    const first = await buildZecTrade(chain, { ...request, viaSol: false }, world, now);
    return {
      ...first,
      intent: { ...first.intent, receive: 'SOL', split: true },
      then: {
        call: 'POST /v1/swap/build',
        body: { wallet: request.wallet, direction: 'zec_to_sol', amount: quote.minZecOut!, ...(request.slippageBps !== null ? { slippageBps: Number(request.slippageBps) } : {}), ...priceField(request) },
        why: 'the sale and the swap do not fit one transaction: once this sale has landed, swap the ZEC it guarantees to SOL',
      },
    };
  }
  const { tx, blockHeight, lifetime } = together;
  await assertAcceptedTrade(world, market, request.wallet, quote, tx, true);
  return oneTransactionTrade(request, tx, { expected: { ...expectedOf(quote), ...swapLegExpected(swap) }, intent: { wallet: request.wallet, mint: request.mint, side: 'sell', receive: 'SOL', amount: request.amount === 'all' ? 'all' : amount, resolvedAmount: amount, slippageBps: Number(quote.slippageBps), venue: market.venue, pair: market.pair } }, now, blockHeight, lifetime.lastValidBlockHeight);
}
