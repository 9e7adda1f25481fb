/**
 * Base units of a curve's quote mint: ZEC for a ZEC-paired coin, the native coin for a native-paired
 * one. The curve math does not care which, but a quote amount must never be mixed up with a token
 * amount, so it has its own brand (a branded ZecUnits from units.ts converts with `quoteUnits`).
 */
declare const quoteBrand: unique symbol;
export type QuoteUnits = bigint & { readonly [quoteBrand]: 'QuoteUnits' };

export const quoteUnits = (value: bigint): QuoteUnits => value as QuoteUnits;
