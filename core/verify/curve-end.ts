import { formatCompactUnits } from '../math/decimal-display.js';
import { ZEC_DECIMALS } from '../math/units.js';

/** A buy quote's figures that tell whether it ends the curve (the quote answer's decimal strings). */
export interface BuyQuoteFigures {
  readonly venue: string;
  /** The most the buy may spend: what was typed (with pay=SOL, the ZEC the swap guarantees). */
  readonly amountIn?: string;
  /** What the buy is quoted to spend: less than amountIn only when it completes the curve. */
  readonly zecIn?: string;
  readonly tokensOut?: string;
}

/**
 * What a buy larger than the curve has left really does, in words, before anything is built: it buys the
 * last coins for less than was offered, the curve completes and the coin moves to its pool. Null when the
 * buy fits in the curve (or is not on one). The review says the same from the simulation.
 */
export function curveEndNote(q: BuyQuoteFigures, ticker: string): string | null {
  if (q.venue !== 'curve' || q.amountIn === undefined || q.zecIn === undefined || q.tokensOut === undefined) return null;
  const offered = BigInt(q.amountIn);
  const spent = BigInt(q.zecIn);
  if (spent >= offered) return null;
  const zec = (v: bigint) => `${formatCompactUnits(v, ZEC_DECIMALS)} ZEC`;
  return `buys the last ${formatCompactUnits(BigInt(q.tokensOut), 6)} ${ticker} for ${zec(spent)} (of the ${zec(offered)} offered; the rest stays in your wallet): the curve completes and the coin moves to its pool`;
}
