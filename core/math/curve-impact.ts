import { BPS_DENOMINATOR } from './curve-fees.js';
import type { CurveBuy, CurveSell, CurveState } from './curve.js';
import { ceilDiv } from './integer.js';
import { bps, type Bps } from './units.js';

/**
 * Price impact of a curve trade in bps: how much worse the curve's own price for it (fees left out) is
 * than the spot price vQ/vT before it, rounded up to whole bps, as core/math/pool.ts priceImpactBps for
 * a pool:
 *   buy:  (quoteCost * vT - tokens * vQ) / (tokens * vQ)
 *   sale: (tokens * vQ - quoteOut * vT) / (tokens * vQ)
 * A display figure shown before a trade is confirmed, never used on chain.
 */
export function curvePriceImpactBps(state: CurveState, trade: ({ readonly side: 'buy' } & CurveBuy) | ({ readonly side: 'sell' } & CurveSell)): Bps {
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ } = state;
  const denominator = trade.tokens * vQ;
  if (denominator === 0n) return bps(0n);
  const numerator = trade.side === 'buy' ? trade.quoteCost * vT - trade.tokens * vQ : trade.tokens * vQ - trade.quoteOut * vT;
  return bps(numerator <= 0n ? 0n : ceilDiv(numerator * BPS_DENOMINATOR, denominator));
}
