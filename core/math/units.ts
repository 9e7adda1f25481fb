import type { Lamports } from '@solana/kit';

/**
 * Money is a bigint of base units everywhere, and each unit has its own brand so that ZEC base units,
 * a coin's base units, lamports and basis points cannot be mixed by accident.
 */
declare const unitBrand: unique symbol;
type Unit<T extends string> = bigint & { readonly [unitBrand]: T };

/** ZEC base units (zatoshi; ZEC has 8 decimals). */
export type ZecUnits = Unit<'ZecUnits'>;
/** Base units of a launchpad coin or any other SPL token. */
export type TokenUnits = Unit<'TokenUnits'>;
/** Basis points: 1/100 of a percent. */
export type Bps = Unit<'Bps'>;
export type { Lamports };

export const ZEC_DECIMALS = 8;
export const SOL_DECIMALS = 9;

export const zecUnits = (value: bigint): ZecUnits => value as ZecUnits;
export const tokenUnits = (value: bigint): TokenUnits => value as TokenUnits;
export const bps = (value: bigint): Bps => value as Bps;
export const lamportsOf = (value: bigint): Lamports => value as Lamports;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal string ("1.5") into base units exactly. Refuses signs, exponents, more fraction
 * digits than the unit has, and anything else that is not a plain non-negative decimal.
 */
export function parseDecimalUnits(text: string, decimals: number): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" is not a non-negative decimal number`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new RangeError(`"${text}" has more than ${decimals} decimal places`);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Formats base units as a decimal string with no trailing zeros ("150000000", 8 -> "1.5"). */
export function formatDecimalUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
