/**
 * The spec's listing constants ("Other constants" and `planting` in params) that are the service's own
 * policy rather than chain state: the index lists a planting only within them, and params reports them.
 */
export const LISTING_RULES = Object.freeze({
  /** `planting.maxPriorityLamports`: the most a planting may pay in priority fees (0.01 SOL). */
  maxPriorityLamports: 10_000_000n,
  /** `planting.ticker.pattern`: 2 to 10 characters, A-Z and 0-9. */
  tickerPattern: /^[A-Z0-9]{2,10}$/,
  nameMaxBytes: 32,
  uriMaxChars: 100,
});
