import { curveProgressBps, formatBpsPercent } from '../../core/math/curve-progress.js';
import { formatCompactUnits, formatPrice } from '../../core/math/decimal-display.js';
import { poolLiquidityZat } from '../../core/math/pool-liquidity.js';
import { parseDecimalUnits, ZEC_DECIMALS, type Bps } from '../../core/math/units.js';
import type { CoinDetailJson, CoinJson } from '../api/api-types.js';

/**
 * A coin's figures as the desk shows them, from the API's decimal strings through core/math's exact
 * formatting (no float between the JSON and the screen). Components lay these out and decide nothing.
 */

/** The price field's scale: priceZecE18 is ZEC per whole coin times 1e18 (exact enough for a young coin). */
const PRICE_DECIMALS = 18;

/** What a ZEC figure reads when the API has none (a stock coin whose stock has no ZEC value: nothing is estimated). */
export const NO_ZEC_VALUE = '—';
const zecOrNone = (zat: string | null, format: (value: bigint) => string): string => (zat === null ? NO_ZEC_VALUE : format(BigInt(zat)));

export const marketCapText = (coin: Pick<CoinJson, 'marketCapZec'>): string => zecOrNone(coin.marketCapZec, (v) => formatCompactUnits(v, ZEC_DECIMALS));
export const volumeText = (coin: Pick<CoinJson, 'volumeZec'>): string => zecOrNone(coin.volumeZec, (v) => formatCompactUnits(v, ZEC_DECIMALS));
/**
 * What the header's price is, beside the chart: the spot the next trade starts at, from the venue's reserves now.
 * The chart plots each trade at the price it filled, its average: below the spot a buy leaves, above a sale's.
 */
export const PRICE_DEFINITION =
  "Spot price: where the next trade starts, from the curve's or pool's reserves now. The chart plots each trade at the price it filled (its average), so after a buy the last candle sits below this spot, after a sale above it.";

export const MARKET_CAP_DEFINITION =
  "Market cap at the spot price: the supply times where the next trade starts. The chart's market cap is each trade's fill price times the supply, so after a buy its last candle sits below this figure.";

export const priceText = (coin: Pick<CoinJson, 'priceZecE18'>): string => zecOrNone(coin.priceZecE18, (v) => formatPrice(v, PRICE_DECIMALS));

/** A graduated coin's pool liquidity in ZEC (both sides at the spot price); none before its pool or without a ZEC price. */
export function liquidityText(coin: Pick<CoinJson, 'reserves' | 'priceZecE18'>): string {
  const pool = coin.reserves.pool;
  if (pool === null || coin.priceZecE18 === null) return NO_ZEC_VALUE;
  return formatCompactUnits(poolLiquidityZat(BigInt(pool.base), BigInt(coin.priceZecE18)), ZEC_DECIMALS);
}

/** Progress to graduation: a pool (graduated) or complete curve is 100%. */
export function progressOf(coin: Pick<CoinJson, 'stage' | 'raisedSoFarZec' | 'raiseAtCompletionZec'>): Bps {
  if (coin.stage !== 'curve') return curveProgressBps(1n, 1n);
  // A stock coin without a ZEC value has no ZEC raise to show progress in.
  if (coin.raisedSoFarZec === null || coin.raiseAtCompletionZec === null) return curveProgressBps(0n, 1n);
  // A curve still trading always has something left to raise: a raise valued at 0 ZEC is a value not known
  // (a pair whose rate cannot be read now), never a curve about to graduate.
  if (coin.raiseAtCompletionZec === '0') return curveProgressBps(0n, 1n);
  return curveProgressBps(BigInt(coin.raisedSoFarZec), BigInt(coin.raiseAtCompletionZec));
}

export const progressText = (coin: Pick<CoinJson, 'stage' | 'raisedSoFarZec' | 'raiseAtCompletionZec'>): string => formatBpsPercent(progressOf(coin));

/** Which `quote` list a coin is in: ZEC, the native coin, or a stock (its pair block says `kind: stock`). */
export const quoteOf = (coin: Pick<CoinJson, 'pair'>): 'zec' | 'native' | 'stocks' => (coin.pair === undefined ? 'zec' : 'kind' in coin.pair ? 'stocks' : 'native');

/** The quote a coin trades against: ZEC, or the native coin's symbol. */
export const pairLabel = (coin: Pick<CoinJson, 'pair'>): string => coin.pair?.symbol ?? 'ZEC';

/** An address shortened for a narrow column: its first and last four characters. */
export const shortAddress = (address: string): string => (address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address);

/** A coin's venue in words. */
export const venueText = (coin: Pick<CoinJson, 'stage'>): string => (coin.stage === 'pool' ? 'pool (graduated)' : coin.stage === 'complete' ? 'curve complete, awaiting its pool' : 'bonding curve');

/** Raw coin units (6 decimals) and zat (8) for the tape: compact, exact. */
export const tokensText = (raw: string): string => formatCompactUnits(BigInt(raw), 6);
export const zecText = (zat: string | null): string => zecOrNone(zat, (v) => formatCompactUnits(v, ZEC_DECIMALS));
export const tradePriceText = (t: { readonly priceZecE18: string | null }): string => zecOrNone(t.priceZecE18, (v) => formatPrice(v, PRICE_DECIMALS));

/** A stock coin's display figures (whole shares, exact decimal strings): a price at its full scale, sums compact. */
export const stockPriceText = (price: string, decimals: number): string => formatPrice(parseDecimalUnits(price, decimals + 9), decimals + 9);
export const stockAmountText = (amount: string, decimals: number): string => formatCompactUnits(parseDecimalUnits(amount, decimals), decimals);

type RouteHop = NonNullable<CoinDetailJson['route']>['hops'][number];

/**
 * A native coin's route hop in words: the venue named (the native-coin/ZEC pool, the coin's bonding curve
 * or its pool) and the two sides by their tickers; an address nothing names stays shortened.
 */
export function routeHopText(hop: RouteHop, coin: Pick<CoinJson, 'mint' | 'symbol' | 'pair'>, zecMint: string | null): { venue: string; sides: string } {
  const native = coin.pair && !('kind' in coin.pair) ? coin.pair : null;
  const name = (mint: string) => (mint === coin.mint ? coin.symbol : mint === native?.mint ? native.symbol : mint === zecMint ? 'ZEC' : shortAddress(mint));
  const venue = hop.venue === 'curve' ? `${coin.symbol}'s bonding curve` : hop.address === native?.pool ? `the ${native.symbol}/ZEC pool` : `${name(hop.base)}'s pool`;
  return { venue, sides: `${name(hop.base)} / ${name(hop.quote)}` };
}
