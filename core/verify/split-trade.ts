/**
 * A trade in SOL the server answers in two steps (spec "POST /v1/trade/build" 4: the swap and the trade do
 * not fit one transaction, so the answer is the first and `then` names the second). Each step is reviewed
 * against the person's own ticket on its own terms, with the floors of the quote the person accepted:
 *   a buy paid in SOL: the swap of the SOL (at least the quote's swap minimum in ZEC), then the buy in ZEC
 *     for exactly what the swap guarantees (at least the quote's minimum of coins);
 *   a sale received in SOL: the sale in ZEC (at least the quote's minimum in ZEC), then the swap of that ZEC
 *     to SOL (at least the quote's minimum in lamports).
 * Browser-safe: the desk decides with it, the server reviews each step again before signing.
 */
export type StepKind = 'trade' | 'swap';

export interface SplitTicket {
  readonly wallet: string;
  readonly mint: string;
  readonly side: 'buy' | 'sell';
  /** Base units: lamports on a SOL buy, coins on a sale. */
  readonly amount: bigint;
  readonly slippageBps: number;
}

/** The floors of the quote the person accepted (decimal strings of base units, as the API answers them). */
export interface SplitQuote {
  readonly swapMinZecOut?: string | undefined;
  readonly minTokensOut?: string | undefined;
  readonly minOutZec?: string | undefined;
  readonly minSolOut?: string | undefined;
}

/** One step: what to review it as, and the ticket its review is held to. */
export interface SplitStep {
  readonly kind: StepKind;
  readonly ticket: Readonly<Record<string, string | number>>;
}

/** The follow-up's request, as `then.body` names it, checked against the person's own ticket. */
export interface ThenCall {
  readonly call: string;
  readonly body: Readonly<Record<string, string | number>>;
}

/** The first step's review, or why this cannot be a two-step trade of this ticket. */
export function firstStepOf(ticket: SplitTicket, quote: SplitQuote): SplitStep | { readonly problem: string } {
  if (ticket.side === 'buy') {
    if (quote.swapMinZecOut === undefined || quote.minTokensOut === undefined) return { problem: 'the quote has no swap leg: a two-step buy needs a buy paid in SOL' };
    return { kind: 'swap', ticket: { wallet: ticket.wallet, direction: 'sol_to_zec', amount: ticket.amount.toString(), minimum: quote.swapMinZecOut } };
  }
  if (quote.minOutZec === undefined || quote.minSolOut === undefined) return { problem: 'the quote has no swap leg: a two-step sale needs a sale received in SOL' };
  return { kind: 'trade', ticket: { wallet: ticket.wallet, mint: ticket.mint, side: 'sell', amount: ticket.amount.toString(), pay: 'ZEC', receive: 'ZEC', slippageBps: ticket.slippageBps, minimum: quote.minOutZec } };
}

/**
 * The second step's review from `then`, only when `then` asks for exactly what the ticket's second step is:
 * the same wallet (and coin), the kind of call, and the amount the first step guarantees. Anything else is
 * a problem in words, and nothing is built.
 */
export function secondStepOf(ticket: SplitTicket, quote: SplitQuote, then: ThenCall): SplitStep | { readonly problem: string } {
  const body = then.body;
  if (body['wallet'] !== ticket.wallet) return { problem: `the next step names another wallet (${String(body['wallet'])})` };
  if (ticket.side === 'buy') {
    if (then.call !== 'POST /v1/trade/build' || body['mint'] !== ticket.mint || body['side'] !== 'buy' || body['pay'] !== 'ZEC') return { problem: 'the next step is not the buy of this coin in ZEC' };
    if (String(body['amount']) !== quote.swapMinZecOut) return { problem: `the next step buys with ${String(body['amount'])} zat, not the ${quote.swapMinZecOut ?? '?'} the swap guarantees` };
    return { kind: 'trade', ticket: { wallet: ticket.wallet, mint: ticket.mint, side: 'buy', amount: String(body['amount']), pay: 'ZEC', receive: 'ZEC', slippageBps: ticket.slippageBps, minimum: quote.minTokensOut!, amountFrom: 'step1' } };
  }
  if (then.call !== 'POST /v1/swap/build' || body['direction'] !== 'zec_to_sol') return { problem: 'the next step is not the swap of the sale\'s ZEC to SOL' };
  if (String(body['amount']) !== quote.minOutZec) return { problem: `the next step swaps ${String(body['amount'])} zat, not the ${quote.minOutZec ?? '?'} the sale guarantees` };
  return { kind: 'swap', ticket: { wallet: ticket.wallet, direction: 'zec_to_sol', amount: String(body['amount']), minimum: quote.minSolOut!, amountFrom: 'step1' } };
}
