/**
 * What a coin's tokens are worth now, exactly: at the spot price of the venue it trades on (the curve's
 * virtual reserves, or the pool's reserves once migrated), in the venue's quote units, then in ZEC at the
 * native coin's rate for a native-paired coin. Floors once, at the end. Trade prices (priceZecE9) are too
 * coarse for this: a young coin's price is a two-digit number of 1e-9 ZEC.
 */
export interface VenueReserves {
  readonly stage: string;
  readonly virtualToken: bigint;
  readonly virtualQuote: bigint;
  readonly poolBase: bigint | null;
  readonly poolQuote: bigint | null;
}

/** The native coin's ZEC rate: `quote` zat for `base` native base units (its pool's reserves). */
export interface NativeRate {
  readonly base: bigint;
  readonly quote: bigint;
}

export function spotValueZec(amount: bigint, venue: VenueReserves, nativeRate: NativeRate | null): bigint {
  let numerator = amount;
  let denominator = 1n;
  if (venue.stage === 'pool') {
    if (!venue.poolBase || !venue.poolQuote) return 0n;
    numerator *= venue.poolQuote;
    denominator *= venue.poolBase;
  } else {
    if (venue.virtualToken === 0n) return 0n;
    numerator *= venue.virtualQuote;
    denominator *= venue.virtualToken;
  }
  if (nativeRate) {
    if (nativeRate.base === 0n) return 0n;
    numerator *= nativeRate.quote;
    denominator *= nativeRate.base;
  }
  return numerator / denominator;
}
