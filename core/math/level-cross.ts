/**
 * The rules of a price or market-cap alert, shared by the server (which fires them as the index takes
 * trades in) and the desk (which shows what a level means). Browser-safe: bigint only, no Node.
 */

/** What a level watches: the trade's price (ZEC per whole coin × 1e18) or the market cap (zat). */
export type LevelMetric = 'price' | 'marketCap';
/** Which way the value must go to reach the level. */
export type LevelDirection = 'above' | 'below';

/** Decimal places of a level as typed: a price in ZEC per whole coin is kept × 1e18, a market cap in zat. */
export const LEVEL_DECIMALS: Readonly<Record<LevelMetric, number>> = Object.freeze({ price: 18, marketCap: 8 });

/** The coins' decimals: a whole coin is 1e6 raw. */
const WHOLE_COIN_RAW = 10n ** 6n;
/** ZEC × 1e18 to zat (1e8 per ZEC). */
const E18_PER_ZAT = 10n ** 10n;

/**
 * A coin's market cap in zat at a price of `priceE18` (ZEC per whole coin × 1e18): the whole supply
 * (raw units) at that price, floored once.
 */
export function marketCapZat(priceE18: bigint, supplyRaw: bigint): bigint {
  return (priceE18 * supplyRaw) / (WHOLE_COIN_RAW * E18_PER_ZAT);
}

/** The value a level of `metric` is compared with, for a trade at `priceE18` of a coin of `supplyRaw`. */
export function levelValue(metric: LevelMetric, priceE18: bigint, supplyRaw: bigint): bigint {
  return metric === 'price' ? priceE18 : marketCapZat(priceE18, supplyRaw);
}

/** Whether `value` has reached the level, on the rule's side. */
export function isBeyondLevel(direction: LevelDirection, level: bigint, value: bigint): boolean {
  return direction === 'above' ? value >= level : value <= level;
}

/** A level rule's state after one value: whether it fires now, and whether it is armed for the next. */
export interface LevelStep {
  readonly fires: boolean;
  readonly armed: boolean;
}

/**
 * One step of a level rule. It fires once per crossing: when the value reaches the level while armed;
 * then it waits (disarmed) until the value is back on the near side, which arms it again.
 */
export function levelStep(direction: LevelDirection, level: bigint, armed: boolean, value: bigint): LevelStep {
  if (isBeyondLevel(direction, level, value)) return { fires: armed, armed: false };
  return { fires: false, armed: true };
}

/** Whether a new rule starts armed: unless the value now is already past its level (then it waits for a crossing). */
export const startsArmed = (direction: LevelDirection, level: bigint, valueNow: bigint | null): boolean => valueNow === null || !isBeyondLevel(direction, level, valueNow);
