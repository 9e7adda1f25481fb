import { bps, type Bps } from './units.js';

/**
 * How far a coin's bonding curve is towards graduation, in basis points of what it will hold once
 * complete (the API's `raisedSoFarZec` over `raiseAtCompletionZec`). Rounded down, so 100% means
 * complete and never "almost"; a curve with nothing to raise counts as complete.
 */
export function curveProgressBps(raisedSoFar: bigint, raiseAtCompletion: bigint): Bps {
  if (raisedSoFar < 0n || raiseAtCompletion < 0n) throw new RangeError(`curve progress needs non-negative amounts, got ${raisedSoFar} of ${raiseAtCompletion}`);
  if (raiseAtCompletion === 0n || raisedSoFar >= raiseAtCompletion) return bps(10_000n);
  return bps((raisedSoFar * 10_000n) / raiseAtCompletion);
}

/** Basis points as a percentage with one decimal, rounded down ("83.4%", "100%", "0%"). */
export function formatBpsPercent(value: Bps): string {
  const tenths = value / 10n; // bps are hundredths of a percent
  const whole = tenths / 10n;
  const fraction = tenths % 10n;
  return `${value < 0n ? '-' : ''}${(whole < 0n ? -whole : whole).toString()}${fraction === 0n ? '' : `.${(fraction < 0n ? -fraction : fraction).toString()}`}%`;
}
