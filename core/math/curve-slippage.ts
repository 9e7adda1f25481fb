import { assertU64Amount, CurveError, U64_MAX } from './curve-error.js';
import { BPS_DENOMINATOR } from './curve-fees.js';
import type { QuoteUnits } from './quote-units.js';
import type { Bps, TokenUnits } from './units.js';

/**
 * Slippage bounds of curve trades. A check answers the refusal the program would give for the bound, or
 * null when the trade is within it; the caller decides whether to throw it. The program compares the
 * same figures: a buy's totalCost (fees included) against its maximum, a buy's tokens against its
 * minimum, a sale's userReceives (after fees) against its minimum.
 */

/** Refusal 'too_much_quote_required' when the buy costs more than maxQuoteIn, fees included. */
export function checkMaxQuoteIn(buy: { readonly totalCost: QuoteUnits }, maxQuoteIn: QuoteUnits): CurveError | null {
  assertU64Amount('maxQuoteIn', maxQuoteIn);
  if (buy.totalCost <= maxQuoteIn) return null;
  return new CurveError('too_much_quote_required', `the buy costs ${buy.totalCost}, more than the ${maxQuoteIn} allowed`, { totalCost: buy.totalCost, maxQuoteIn });
}

/** Refusal 'below_min_tokens_out' when the buy gives fewer tokens than minTokensOut. */
export function checkMinTokensOut(buy: { readonly tokens: TokenUnits }, minTokensOut: TokenUnits): CurveError | null {
  assertU64Amount('minTokensOut', minTokensOut);
  if (buy.tokens >= minTokensOut) return null;
  return new CurveError('below_min_tokens_out', `the buy gives ${buy.tokens} tokens, fewer than the ${minTokensOut} asked`, { tokens: buy.tokens, minTokensOut });
}

/** Refusal 'too_little_quote_received' when the sale pays the seller less than minQuoteOut, after fees. */
export function checkMinQuoteOut(sell: { readonly userReceives: QuoteUnits }, minQuoteOut: QuoteUnits): CurveError | null {
  assertU64Amount('minQuoteOut', minQuoteOut);
  if (sell.userReceives >= minQuoteOut) return null;
  return new CurveError('too_little_quote_received', `the sale pays ${sell.userReceives}, less than the ${minQuoteOut} asked`, { userReceives: sell.userReceives, minQuoteOut });
}

function assertSlippage(slippage: Bps): void {
  if (typeof slippage !== 'bigint' || slippage < 0n || slippage > BPS_DENOMINATOR) {
    throw new CurveError('invalid_amount', `slippage must be within 0..=10000 bps, got ${String(slippage)}`);
  }
}

/** The least amount accepted after `slippage`: amount * (10000 - slippage) / 10000, rounded down. */
export function lowerBySlippage<T extends bigint>(amount: T, slippage: Bps): T {
  assertU64Amount('amount', amount);
  assertSlippage(slippage);
  return ((amount * (BPS_DENOMINATOR - slippage)) / BPS_DENOMINATOR) as T;
}

/** The most accepted after `slippage`: ceil(amount * (10000 + slippage) / 10000), capped at u64::MAX. */
export function raiseBySlippage<T extends bigint>(amount: T, slippage: Bps): T {
  assertU64Amount('amount', amount);
  assertSlippage(slippage);
  const raised = (amount * (BPS_DENOMINATOR + slippage) + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR;
  return (raised > U64_MAX ? U64_MAX : raised) as T;
}
