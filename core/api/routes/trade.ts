import { stockKeyOf } from '../schemas/coin.js';
import { notFound } from '../api-error.js';
import { DeskError } from '../../errors.js';
import { Type } from 'typebox';
import type { Address } from '@solana/kit';
import { readWorld } from '../../engine/world.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../../programs/launchpad/spl-programs.js';
import { buildTrade, quoteTradeRequest, swapLegExpected, type RequestQuote, type TradeRequest } from '../../engine/trade.js';
import { invalidParam } from '../api-error.js';
import { buildAnswerOf, buildAnswerWith } from '../schemas/build.js';
import { EXPECTED } from '../schemas/expected.js';
import { QuoteQuery, TradeBuildBody } from '../schemas/requests.js';
import { AddressString, Amount, MintParams } from '../schemas/common.js';
import type { Api, ApiContext } from '../api-context.js';
import { addressOf, amountOf, computeUnitPriceField, slippageOf } from '../route-kit/request-values.js';
import { BUILDS, ERROR_RESPONSES } from '../route-kit/route-config.js';
import { listedCoinOf } from '../route-kit/coin-lookup.js';

const QUOTES = { rateGroup: 'quotes' as const };

/** The request fields every trade route reads the same way. */
function tradeRequestOf(fields: { wallet?: string; mint: string; side: 'buy' | 'sell'; amount: string; slippageBps?: number; pay?: string; receive?: string }): TradeRequest {
  if (fields.side === 'buy' && fields.receive !== undefined) throw invalidParam('receive', 'is for a sale; a buy takes `pay`');
  if (fields.side === 'sell' && fields.pay !== undefined) throw invalidParam('pay', 'is for a buy; a sale takes `receive`');
  const viaSol = fields.pay === 'SOL' || fields.receive === 'SOL';
  const amount = amountOf(fields.amount, 'amount', fields.side === 'sell');
  if (amount === 'all' && fields.wallet === undefined) throw invalidParam('wallet', 'is needed to sell `all`: the balance is read from it');
  return {
    // A quote without a wallet reads no balance (`all` needs one, above): any address stands in.
    wallet: (fields.wallet === undefined ? SYSTEM_PROGRAM_ADDRESS : addressOf(fields.wallet, 'wallet')) as Address,
    mint: addressOf(fields.mint, 'mint'),
    side: fields.side,
    amount,
    slippageBps: slippageOf(fields.slippageBps),
    viaSol,
  };
}

function quoteAnswerOf(mint: Address, request: TradeRequest, { quote, swap }: RequestQuote) {
  const s = (v: bigint | null) => (v === null ? undefined : v.toString());
  const limit = quote.side === 'buy' ? quote.maxZecIn : quote.minZecOut;
  const swapLeg = swap ? Object.fromEntries(Object.entries(swapLegExpected(swap)).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v])) : {};
  return {
    mint,
    side: quote.side,
    venue: quote.venue,
    ...(quote.pair === 'native' ? { pair: 'native' as const } : {}),
    ...(request.viaSol ? (quote.side === 'buy' ? { pay: 'SOL' as const } : { receive: 'SOL' as const }) : {}),
    // The request's own amount: lamports on a buy paid in SOL, else ZEC (buy) or tokens (sale).
    amount: (swap?.direction === 'sol_to_zec' ? swap.amountIn : quote.amountIn).toString(),
    slippageBps: Number(quote.slippageBps),
    ...(quote.side === 'buy' ? { amountIn: quote.amountIn.toString() } : {}),
    tokensOut: s(quote.tokensOut),
    minTokensOut: s(quote.minTokensOut),
    zecIn: s(quote.zecIn),
    zecOut: s(quote.zecOut),
    minOutZec: s(quote.minZecOut),
    limit: limit!.toString(),
    feeBps: Number(quote.feeBps),
    priceImpactBps: Number(quote.priceImpactBps),
    ...(quote.costBps !== null ? { route: { costBps: Number(quote.costBps), feeBps: Number(quote.feeBps), nativeAmount: quote.nativeAmount!.toString() } } : {}),
    ...swapLeg,
  };
}

export const QuoteAnswer = Type.Object({
  mint: AddressString(),
  side: Type.String(),
  venue: Type.String({ description: 'curve or pool, read from chain now' }),
  pair: Type.Optional(Type.Literal('native')),
  pay: Type.Optional(Type.Literal('SOL', { description: 'a buy paid in SOL: quoted with its SOL to ZEC swap' })),
  receive: Type.Optional(Type.Literal('SOL', { description: 'a sale received in SOL: quoted with its ZEC to SOL swap' })),
  amount: Amount('the request\'s amount: ZEC in on a buy (lamports when pay=SOL), tokens in on a sale'),
  slippageBps: Type.Integer(),
  amountIn: Type.Optional(Amount('buy: the ZEC the trade spends at most (a route spends exactly this); with pay=SOL the ZEC the swap guarantees')),
  tokensOut: Type.Optional(Amount('tokens the buy gives')),
  minTokensOut: Type.Optional(Amount('the fewest tokens accepted after slippage')),
  zecIn: Type.Optional(Amount('ZEC the buy spends')),
  zecOut: Type.Optional(Amount('ZEC the sale pays, after fees')),
  minOutZec: Type.Optional(Amount('the least ZEC accepted after slippage')),
  limit: Amount('buy: the most ZEC spent; sale: the least ZEC accepted'),
  feeBps: Type.Integer({ description: 'the fees alone; on a native route, the fees this trade really pays, rounded up (as route.feeBps)' }),
  priceImpactBps: Type.Integer({ description: 'show it to the trader before confirming; on a native route costBps - feeBps' }),
  route: Type.Optional(
    Type.Object({
      costBps: Type.Integer({ description: 'everything given up against both venues\' spot prices: fees and price impact together, rounded up' }),
      feeBps: Type.Integer({ description: 'the protocol, creator and (graduated coin) LP fees this trade pays, as amounts valued in ZEC, over the same base as costBps, rounded up' }),
      nativeAmount: Amount('native coin passed between the hops'),
    }),
  ),
  solIn: Type.Optional(Amount('pay=SOL: lamports swapped to ZEC')),
  swapZecOut: Type.Optional(Amount('pay=SOL: ZEC the swap gives')),
  swapMinZecOut: Type.Optional(Amount('pay=SOL: the least ZEC the swap accepts; the buy spends exactly this')),
  swapZecIn: Type.Optional(Amount('receive=SOL: ZEC swapped to SOL (the sale\'s minOutZec)')),
  solOut: Type.Optional(Amount('receive=SOL: lamports the swap gives')),
  minSolOut: Type.Optional(Amount('receive=SOL: the least lamports the swap accepts')),
  swapSlippageBps: Type.Optional(Type.Integer({ description: 'receive=SOL: the swap\'s slippage' })),
});

/** GET /v1/coins/{mint}/quote and POST /v1/trade/build: the same request, read the same way. */
export function registerTradeRoutes(app: Api, ctx: ApiContext): void {
  app.get(
    '/v1/coins/:mint/quote',
    {
      config: QUOTES,
      schema: {
        summary: 'Quote for a trade (the trade build\'s request, as query parameters)',
        tags: ['trade'],
        params: MintParams,
        querystring: QuoteQuery,
        response: { 200: QuoteAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const trade = tradeRequestOf({ ...request.query, mint: request.params.mint });
      const coin = await listedCoinOf(ctx, trade.mint);
      // Spec: "GET /v1/coins/{mint}/quote ... answer 404 not_found for a stock coin".
      if (stockKeyOf(coin.pair) !== null) throw notFound(`no quote for ${coin.mint}: a stock coin is not quoted in this API`);
      const world = await readWorld(ctx.chain, ctx.profile);
      return quoteAnswerOf(trade.mint, trade, await quoteTradeRequest(ctx.chain, world, trade));
    },
  );

  app.post(
    '/v1/trade/build',
    {
      config: BUILDS,
      schema: {
        summary: 'Build a buy or sale (unsigned, simulated)',
        tags: ['trade'],
        body: TradeBuildBody,
        response: { 200: buildAnswerWith(EXPECTED.trade), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { minOut } = request.body;
      const trade = { ...tradeRequestOf(request.body), ...computeUnitPriceField(request.body.computeUnitPrice), ...(minOut === undefined ? {} : { minimumOut: amountOf(minOut, 'minOut') as bigint }) };
      const coin = await listedCoinOf(ctx, trade.mint);
      // Spec: "plant, trade and swap builds have no stock route".
      if (stockKeyOf(coin.pair) !== null) throw new DeskError('refused', `${coin.mint} is paired with a tokenized stock: this API builds no trade of a stock coin (it has no stock route)`);
      const relay = ctx.relay;
      const world = await readWorld(ctx.chain, ctx.profile);
      const build = await buildTrade(ctx.chain, trade, world, (ctx.now ?? Date.now)());
      await relay?.record(build);
      return buildAnswerOf(build);
    },
  );
}
