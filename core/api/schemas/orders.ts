import { Type } from 'typebox';
import { AddressString, Amount, StringEnum } from './common.js';
import { ORDER_KINDS } from '../../types/order-kinds.js';

/**
 * The local orders (`/local/orders`): a local addition, NOT part of the hosted /v1 spec. Orders spend this
 * desk's keychain wallets, so every route needs the desk token (any wallet of this desk) or an API key that
 * was signed in with the order's own wallet (that wallet only).
 *
 * One flat body for every kind: the fields a kind does not take are refused by name. Prices are ZEC per
 * whole coin as decimal text (up to 18 decimals, kept exact); times are ISO 8601 text.
 */
export { ORDER_KINDS } from '../../types/order-kinds.js';
export const ORDER_STATES = ['open', 'filling', 'filled', 'cancelled', 'expired', 'paused'] as const;
export const FILL_STATES = ['pending', 'sent', 'landed', 'failed'] as const;

/** ZEC per whole coin, decimal text: `0.000000045`. */
export const PriceText = (description: string) => Type.String({ pattern: '^(0|[1-9][0-9]{0,19})(\\.[0-9]{1,18})?$', maxLength: 40, description });
const IsoTime = (description: string) => Type.String({ minLength: 10, maxLength: 40, description });

export const OrderBody = Type.Object(
  {
    wallet: AddressString('the keychain wallet that pays and signs the fills'),
    mint: AddressString('the coin'),
    kind: StringEnum(ORDER_KINDS, 'what the order waits for'),
    price: Type.Optional(PriceText('limit_buy, stop_loss: fires at or below; limit_sell, take_profit: at or above (ZEC per whole coin)')),
    takeProfit: Type.Optional(PriceText('bracket: sells at or above this price')),
    stopLoss: Type.Optional(PriceText('bracket: sells at or below this price (below takeProfit)')),
    trailBps: Type.Optional(Type.Integer({ minimum: 1, maximum: 9999, description: 'trailing_stop: sells once the price falls this far below the best price since placing' })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'dca: how many buys' })),
    everySeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 31_536_000, description: 'dca: seconds between buys (the first fires when placed)' })),
    amount: Type.Optional(Amount('limit_buy and dca: ZEC base units (zat) each buy spends')),
    percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'sales: the share of the position held when the fill is built (100: all of it)' })),
    slippageBps: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000, description: "each fill's minimum out is its quote less this; default: the wallet's preset for the coin's venue" })),
    computeUnitPrice: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$', maxLength: 20, description: "micro-lamports per compute unit on each fill; default: the wallet's preset" })),
    expiresAt: Type.Optional(Type.Union([IsoTime('ISO 8601; after it the order expires unfilled'), Type.Null()])),
  },
  { additionalProperties: false },
);

export const OrderListQuery = Type.Object(
  {
    wallet: Type.Optional(AddressString('only this wallet\'s orders')),
    mint: Type.Optional(AddressString('only this coin\'s orders')),
    state: Type.Optional(Type.Union([StringEnum(ORDER_STATES, 'only orders in this state'), Type.Literal('active')], { description: 'a state, or `active` for open, filling and paused' })),
  },
  { additionalProperties: false },
);

export const OrderParams = Type.Object({ id: Type.String({ pattern: '^o_[0-9a-f]{24}$', description: 'the order id (o_…)' }) });

export const FillAnswer = Type.Object({
  seq: Type.Integer({ description: 'the fill\'s number in its order, from 0' }),
  state: StringEnum(FILL_STATES, 'pending: its key is written, not known to be sent; sent; landed; failed'),
  buildId: Type.Union([Type.String(), Type.Null()]),
  signatures: Type.Array(Type.String()),
  at: IsoTime('when the fill began'),
  detail: Type.Union([Type.String(), Type.Null()], { description: 'what happened, in words' }),
});

export const JournalLineAnswer = Type.Object({ at: IsoTime('when'), step: Type.String({ description: 'place, trigger, build, verdict, send, landing, retry, pause, cancel, expire…' }), line: Type.String() });

export const OrderAnswer = Type.Object({
  id: Type.String(),
  wallet: Type.String(),
  mint: Type.String(),
  kind: StringEnum(ORDER_KINDS, 'what the order waits for'),
  price: Type.Union([Type.String(), Type.Null()], { description: 'ZEC per whole coin (limit_buy, limit_sell, take_profit, stop_loss)' }),
  takeProfit: Type.Union([Type.String(), Type.Null()]),
  stopLoss: Type.Union([Type.String(), Type.Null()]),
  trailBps: Type.Union([Type.Integer(), Type.Null()]),
  best: Type.Union([Type.String(), Type.Null()], { description: 'trailing_stop: the best price since placing (ZEC per whole coin, floored to 18 decimals); null before a trade' }),
  stopAt: Type.Union([Type.String(), Type.Null()], { description: 'trailing_stop: the price at or below which it sells now' }),
  count: Type.Union([Type.Integer(), Type.Null()]),
  everySeconds: Type.Union([Type.Integer(), Type.Null()]),
  fired: Type.Integer({ description: 'fills begun so far' }),
  nextAt: Type.Union([IsoTime('dca: when the next buy falls due'), Type.Null()]),
  amount: Type.Union([Amount('zat per buy'), Type.Null()]),
  percent: Type.Union([Type.Integer(), Type.Null()]),
  slippageBps: Type.Integer(),
  computeUnitPrice: Amount('micro-lamports per compute unit'),
  expiresAt: Type.Union([IsoTime('when it expires'), Type.Null()]),
  state: StringEnum(ORDER_STATES, 'open, filling, filled, cancelled, expired or paused'),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'why it paused, expired or was cancelled' }),
  createdAt: IsoTime('when it was placed'),
  fills: Type.Array(FillAnswer),
});

export const OrderDetailAnswer = Type.Intersect([OrderAnswer, Type.Object({ journal: Type.Array(JournalLineAnswer) })]);
export const OrderListAnswer = Type.Object({ data: Type.Array(OrderAnswer) });
