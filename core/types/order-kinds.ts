/**
 * The local orders' kinds and the body fields each one takes (docs/orders.md): one rule for the server's
 * refusals (core/api/routes/orders.ts), the command line's flags (core/cli/order-flags.ts) and the desk's
 * order form. Browser-safe.
 */
export const ORDER_KINDS = ['limit_buy', 'limit_sell', 'take_profit', 'stop_loss', 'trailing_stop', 'bracket', 'dca', 'sell_on_graduation'] as const;
export type OrderKindName = (typeof ORDER_KINDS)[number];

/** The fields that say what an order does (every order also has a wallet, coin, slippage, priority fee and expiry). */
export const ORDER_FIELDS = ['price', 'takeProfit', 'stopLoss', 'trailBps', 'count', 'everySeconds', 'amount', 'percent'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** The fields each kind needs; it takes no other of ORDER_FIELDS. Buys spend an `amount` of zat, sales a `percent`. */
export const KIND_FIELDS: Readonly<Record<OrderKindName, readonly OrderField[]>> = Object.freeze({
  limit_buy: ['price', 'amount'],
  limit_sell: ['price', 'percent'],
  take_profit: ['price', 'percent'],
  stop_loss: ['price', 'percent'],
  trailing_stop: ['trailBps', 'percent'],
  bracket: ['takeProfit', 'stopLoss', 'percent'],
  dca: ['count', 'everySeconds', 'amount'],
  sell_on_graduation: ['percent'],
});

/** Whether a kind buys (spends ZEC) rather than sells a share of the position. */
export const buysWith = (kind: OrderKindName): boolean => KIND_FIELDS[kind].includes('amount');
