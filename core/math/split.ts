import { bpsFieldsProblemOrSum } from './bps-fields.js';
import { BPS_DENOMINATOR } from './curve-fees.js';
import { assertSplitAmount, SplitError } from './split-error.js';
import { bps, type Bps } from './units.js';

/**
 * The split of a coin's creator fee (2.00% of each trade) among its four destinations, as the vault
 * program performs it on chain: liquidity pot, rootstock, treasury, and the payee's fee account (or the
 * coin's holder-reward pot). The rates are read from the vault's config account, never typed in; the
 * service's are 25% / 25% / 10% / 40%.
 *
 * Rounding rule (the program's, to the base unit): liquidity, rootstock and treasury are each
 * floor(amount × rate / 10000); the payee takes what is left. Nothing is lost or created: the four
 * parts always add up to the amount collected, and the payee's part is at most 3 base units above its
 * exact share (never below it).
 *
 * Native-paired coins: the same four parts of the native coin collected; the rootstock part is burned,
 * the liquidity part is added to the native-coin/ZEC pool with ZEC from the liquidity pot, and the
 * treasury and payee parts are converted to ZEC together through the pool (one swap), the ZEC then
 * divided between them by the same rule (the treasury's part floored, the payee the rest). A conversion
 * never pays less than `conversionFloor` of the program's own price record.
 */

export type SplitRates = Readonly<{ liquidityBps: Bps; rootstockBps: Bps; treasuryBps: Bps; payeeBps: Bps }>;

export type FeeSplit = Readonly<{ liquidity: bigint; rootstock: bigint; treasury: bigint; payee: bigint }>;

const RATE_NAMES = ['liquidityBps', 'rootstockBps', 'treasuryBps', 'payeeBps'] as const;

/** Why `value` is not SplitRates (four rates 0..=10000 adding up to exactly 10000), or null. */
export function splitRatesProblem(value: unknown): string | null {
  const sum = bpsFieldsProblemOrSum(value, 'split rates', RATE_NAMES);
  if (typeof sum === 'string') return sum;
  // Every base unit collected goes somewhere: a split adding up to less would strand fees in the vault.
  if (sum !== BPS_DENOMINATOR) return `the split rates add up to ${sum} bps, not 10000`;
  return null;
}

export function assertIsSplitRates(value: unknown): asserts value is SplitRates {
  const problem = splitRatesProblem(value);
  if (problem !== null) throw new SplitError('invalid_split_rates', problem);
}

/** Validated, frozen split rates from plain bigints. */
export function splitRates(rates: { liquidityBps: bigint; rootstockBps: bigint; treasuryBps: bigint; payeeBps: bigint }): SplitRates {
  const value = Object.freeze({ liquidityBps: bps(rates.liquidityBps), rootstockBps: bps(rates.rootstockBps), treasuryBps: bps(rates.treasuryBps), payeeBps: bps(rates.payeeBps) });
  assertIsSplitRates(value);
  return value;
}

/** The service's split of the creator fee (spec: "Fee split"); the vault's config holds the live one. */
export const SERVICE_SPLIT_RATES: SplitRates = splitRates({ liquidityBps: 2500n, rootstockBps: 2500n, treasuryBps: 1000n, payeeBps: 4000n });

const share = (amount: bigint, rate: Bps) => (amount * rate) / BPS_DENOMINATOR;

/** The four parts of `amount` (base units of whatever was collected: ZEC, or the native coin). */
export function splitCreatorFee(amount: bigint, rates: SplitRates): FeeSplit {
  assertSplitAmount('amount', amount);
  assertIsSplitRates(rates);
  const liquidity = share(amount, rates.liquidityBps);
  const rootstock = share(amount, rates.rootstockBps);
  const treasury = share(amount, rates.treasuryBps);
  return Object.freeze({ liquidity, rootstock, treasury, payee: amount - liquidity - rootstock - treasury });
}

/**
 * Divides the ZEC one conversion paid for the treasury's and the payee's native parts together:
 * the treasury gets its part of the ZEC in proportion to its native part (floored), the payee the rest.
 */
export function divideConvertedZec(zecOut: bigint, nativeParts: Pick<FeeSplit, 'treasury' | 'payee'>): Readonly<{ treasury: bigint; payee: bigint }> {
  assertSplitAmount('zecOut', zecOut);
  assertSplitAmount('nativeParts.treasury', nativeParts.treasury);
  assertSplitAmount('nativeParts.payee', nativeParts.payee);
  const converted = nativeParts.treasury + nativeParts.payee;
  const treasury = converted === 0n ? 0n : (zecOut * nativeParts.treasury) / converted;
  return Object.freeze({ treasury, payee: zecOut - treasury });
}

/** Rates in the vault's price records: zat per raw unit of the other token, times 1e12. */
export const RATE_SCALE = 10n ** 12n;

/** The program's own price record for a token against ZEC, and how far below it a conversion may pay. */
export type PriceRecord = Readonly<{ reference: bigint; toleranceBps: Bps }>;

function assertPriceRecord(record: PriceRecord): void {
  if (typeof record.reference !== 'bigint' || record.reference <= 0n) throw new SplitError('invalid_price_record', `the reference rate must be a positive bigint, got ${String(record.reference)}`);
  if (typeof record.toleranceBps !== 'bigint' || record.toleranceBps < 0n || record.toleranceBps >= BPS_DENOMINATOR) {
    throw new SplitError('invalid_price_record', `toleranceBps must be within 0..10000 (exclusive), got ${String(record.toleranceBps)}`);
  }
}

/**
 * The fewest zat a conversion of `amountIn` raw units may pay: the value at the reference rate, floored,
 * less the tolerance, floored again: floor(floor(amountIn × reference / 1e12) × (10000 − tolerance) / 10000).
 * Two floors because the program computes it so with 128-bit intermediates (it can be one zat below the
 * single-division figure, never above it).
 */
export function conversionFloor(amountIn: bigint, record: PriceRecord): bigint {
  assertSplitAmount('amountIn', amountIn);
  assertPriceRecord(record);
  const value = (amountIn * record.reference) / RATE_SCALE;
  return (value * (BPS_DENOMINATOR - record.toleranceBps)) / BPS_DENOMINATOR;
}

/** Refuses a conversion paying below the floor (`below_conversion_floor`), naming both figures. */
export function checkConversion(amountIn: bigint, zecOut: bigint, record: PriceRecord): void {
  assertSplitAmount('zecOut', zecOut);
  const floor = conversionFloor(amountIn, record);
  if (zecOut < floor) throw new SplitError('below_conversion_floor', `converting ${amountIn} raw units would pay ${zecOut} zat, below the floor of ${floor} zat`, { amountIn, zecOut, floor });
}

/** The realised rate of one conversion, as the program records it: floor(zecOut × 1e12 / amountIn); 0 for nothing converted. */
export function realisedRate(amountIn: bigint, zecOut: bigint): bigint {
  assertSplitAmount('amountIn', amountIn);
  assertSplitAmount('zecOut', zecOut);
  return amountIn === 0n ? 0n : (zecOut * RATE_SCALE) / amountIn;
}

/**
 * A holder-reward run's shares: each holder floor(total × balance / Σ balances), in the holders' order;
 * the dust (total − Σ shares, fewer base units than there are holders) stays in the coin's fee account
 * for the next run. Balances are the snapshot's raw token amounts; zero balances get zero.
 */
export function proRataShares(total: bigint, balances: readonly bigint[]): Readonly<{ shares: readonly bigint[]; dust: bigint }> {
  assertSplitAmount('total', total);
  let sum = 0n;
  for (const [i, balance] of balances.entries()) {
    assertSplitAmount(`balances[${i}]`, balance);
    sum += balance;
  }
  const shares = balances.map((balance) => (sum === 0n ? 0n : (total * balance) / sum));
  return Object.freeze({ shares: Object.freeze(shares), dust: total - shares.reduce((a, b) => a + b, 0n) });
}
