import { LISTING_RULES } from '../config/listing-rules.js';
import { DeskError } from '../errors.js';
import { formatDecimalUnits, SOL_DECIMALS } from '../math/units.js';

/**
 * The priority fee a build request may choose (a local addition to the hosted spec, docs/api.md
 * "Priority fee"): `computeUnitPrice`, micro-lamports per compute unit, written in decimal digits. The
 * fee it makes, ceil(limit × price / 1e6), is held to what the relay lets a wallet pay
 * (`LISTING_RULES.maxPriorityLamports`), so a build the server answers is one the relay sends.
 */

/** The compute unit price of a build that chooses none (micro-lamports per compute unit). */
export const DEFAULT_COMPUTE_UNIT_PRICE = 10_000n;

const U64_MAX = 2n ** 64n - 1n;
const FIELD = 'computeUnitPrice';

/** The priority fee a compute budget costs: limit × price, rounded up to whole lamports. */
export const priorityLamportsOf = (limit: number, microLamports: bigint): bigint => (BigInt(limit) * microLamports + 999_999n) / 1_000_000n;

/** A request's `computeUnitPrice`: absent is the default; else decimal digits that fit a u64, or `invalid_param`. */
export function computeUnitPriceOf(value: string | undefined): bigint {
  if (value === undefined) return DEFAULT_COMPUTE_UNIT_PRICE;
  if (!/^[0-9]{1,20}$/.test(value)) throw new DeskError('invalid_param', `${FIELD}: ${JSON.stringify(value.slice(0, 40))} is not a price in micro-lamports per compute unit (decimal digits, e.g. "10000")`, { field: FIELD });
  const price = BigInt(value);
  if (price > U64_MAX) throw new DeskError('invalid_param', `${FIELD}: ${value} is above the largest compute unit price a transaction can say (2^64 - 1)`, { field: FIELD });
  return price;
}

/** What a transaction's priority fee is above the default price's at its limit (0 when it is not): the part the request chose. */
export function chosenPriorityLamports(tx: { readonly computeUnitLimit: number; readonly priorityLamports: bigint }): bigint {
  const extra = tx.priorityLamports - priorityLamportsOf(tx.computeUnitLimit, DEFAULT_COMPUTE_UNIT_PRICE);
  return extra > 0n ? extra : 0n;
}

const sol = (lamports: bigint): string => `${formatDecimalUnits(lamports, SOL_DECIMALS)} SOL`;

/**
 * Refuses a price whose fee at `limit` compute units is above the cap, in words. `atLeast`: the limit is
 * the smallest a build can have, not the transaction's own (said before anything is simulated).
 */
export function assertPriorityWithinCap(price: bigint, limit: number, atLeast = false): void {
  const fee = priorityLamportsOf(limit, price);
  const cap = LISTING_RULES.maxPriorityLamports;
  if (fee <= cap) return;
  throw new DeskError(
    'invalid_param',
    `${FIELD}: at ${price} micro-lamports per compute unit this transaction's priority fee would be ${atLeast ? 'at least ' : ''}${sol(fee)}, above the ${sol(cap)} a transaction may pay`,
    { field: FIELD, priorityLamports: fee, maxPriorityLamports: cap },
  );
}
