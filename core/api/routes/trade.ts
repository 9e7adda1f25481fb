import { Type } from 'typebox';
import type { Address } from '@solana/kit';
import { readWorld } from '../../engine/world.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../../programs/launchpad/spl-programs.js';
import { buildTrade, quoteRequest, type TradeRequest } from '../../engine/trade.js';
import { SLIPPAGE_BPS, type TradeQuote } from '../../engine/quote.js';
import { invalidParam } from '../api-error.js';
import { BuildAnswer, buildAnswerOf } from '../schemas/build.js';
import { AddressString, Amount, MintParams } from '../schemas/common.js';
import type { Api, ApiContext } from '../server.js';
import { addressOf, ERROR_RESPONSES, StringEnum } from './query.js';

const U64_MAX = 2n ** 64n - 1n;
const QUOTES = { rateGroup: 'quotes' as const };
export const BUILDS = { rateGroup: 'builds' as const };

/** A positive u64 amount written in decimal digits, else `invalid_param` naming the field. */
export function amountOf(value: string, field: string, allowAll = false): bigint | 'all' {
  if (allowAll && value === 'all') return 'all';
  if (!/^[0-9]{1,20}$/.test(value)) throw invalidParam(field, `${JSON.stringify(value.slice(0, 40))} is not an amount in base units (decimal digits${allowAll ? ', or "all"' : ''})`);
  const amount = BigInt(value);
  if (amount === 0n) throw invalidParam(field, 'must be at least 1 base unit');
  if (amount > U64_MAX) throw invalidParam(field, 'is above the largest amount a token account holds (2^64 - 1)');
  return amount;
}

export function slippageOf(value: number | undefined): bigint | null {
  if (value === undefined) return null;
  if (!Number.isInteger(value) || value < 0 || value > Number(SLIPPAGE_BPS.max)) throw invalidParam('slippageBps', `must be an integer from 0 to ${SLIPPAGE_BPS.max}`);
  return BigInt(value);
}

const TradeFields = {
  side: StringEnum(['buy', 'sell'] as const, 'buy or sell'),
  amount: Type.String({ maxLength: 40, description: 'base units: ZEC (or lamports with pay=SOL) to spend on a buy, tokens on a sale; `all` sells the whole balance' }),
  slippageBps: Type.Optional(Type.Integer({ description: 'default 100 on the curve, 200 on the pool; at most 2000' })),
  pay: Type.Optional(StringEnum(['ZEC', 'SOL'] as const, 'buy: what the wallet pays in')),
  receive: Type.Optional(StringEnum(['ZEC', 'SOL'] as const, 'sale: what the wallet receives')),
};

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

function quoteAnswerOf(mint: Address, quote: TradeQuote) {
  const s = (v: bigint | null) => (v === null ? undefined : v.toString());
  const limit = quote.side === 'buy' ? quote.maxZecIn : quote.minZecOut;
  return {
    mint,
    side: quote.side,
    venue: quote.venue,
    ...(quote.pair === 'native' ? { pair: 'native' as const } : {}),
    amount: quote.amountIn.toString(),
    slippageBps: Number(quote.slippageBps),
    tokensOut: s(quote.tokensOut),
    minTokensOut: s(quote.minTokensOut),
    zecIn: s(quote.zecIn),
    zecOut: s(quote.zecOut),
    minOutZec: s(quote.minZecOut),
    limit: limit!.toString(),
    feeBps: Number(quote.feeBps),
    priceImpactBps: Number(quote.priceImpactBps),
    ...(quote.costBps !== null ? { route: { costBps: Number(quote.costBps), feeBps: Number(quote.feeBps), nativeAmount: quote.nativeAmount!.toString() } } : {}),
  };
}

const QuoteAnswer = Type.Object({
  mint: AddressString(),
  side: Type.String(),
  venue: Type.String({ description: 'curve or pool, read from chain now' }),
  pair: Type.Optional(Type.Literal('native')),
  amount: Amount('ZEC in on a buy, tokens in on a sale'),
  slippageBps: Type.Integer(),
  tokensOut: Type.Optional(Amount('tokens the buy gives')),
  minTokensOut: Type.Optional(Amount('the fewest tokens accepted after slippage')),
  zecIn: Type.Optional(Amount('ZEC the buy spends')),
  zecOut: Type.Optional(Amount('ZEC the sale pays, after fees')),
  minOutZec: Type.Optional(Amount('the least ZEC accepted after slippage')),
  limit: Amount('buy: the most ZEC spent; sale: the least ZEC accepted'),
  feeBps: Type.Integer({ description: 'fees alone' }),
  priceImpactBps: Type.Integer({ description: 'show it to the trader before confirming' }),
  route: Type.Optional(Type.Object({ costBps: Type.Integer(), feeBps: Type.Integer(), nativeAmount: Amount('native coin passed between the hops') })),
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
        querystring: Type.Object({ ...TradeFields, wallet: Type.Optional(AddressString('the trader; needed for `amount=all`')) }),
        response: { 200: QuoteAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const trade = tradeRequestOf({ ...request.query, mint: request.params.mint });
      if (trade.viaSol) {
        // The quote is of the coin's own venue, in ZEC; the SOL leg is a swap with its own quote.
        throw invalidParam(request.query.pay === 'SOL' ? 'pay' : 'receive', 'quotes are in ZEC: quote the SOL leg with POST /v1/swap/build, or build the trade with pay/receive SOL (its `expected` carries both legs)');
      }
      const world = await readWorld(ctx.chain, ctx.profile);
      const { quote } = await quoteRequest(ctx.chain, world, trade);
      return quoteAnswerOf(trade.mint, quote);
    },
  );

  app.post(
    '/v1/trade/build',
    {
      config: BUILDS,
      schema: {
        summary: 'Build a buy or sale (unsigned, simulated)',
        tags: ['trade'],
        body: Type.Object({ wallet: AddressString('the trader'), mint: AddressString('the coin'), ...TradeFields }),
        response: { 200: BuildAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const trade = tradeRequestOf(request.body);
      const relay = ctx.relay;
      const world = await readWorld(ctx.chain, ctx.profile);
      const build = await buildTrade(ctx.chain, trade, world, (ctx.now ?? Date.now)());
      relay?.record(build);
      return buildAnswerOf(build);
    },
  );
}
