/**
 * Base units of the service's native coin (Token-2022, 6 decimals): what a native-paired coin is
 * quoted in and what the native route passes from one hop to the other. The venues' own types keep
 * their brands (the native-coin/ZEC pool holds it as its base, TokenUnits; a native-paired curve or
 * pool as its quote, QuoteUnits), so a route's figures in the native coin get a brand of their own
 * and cannot be mixed with the coin's tokens or with ZEC.
 */
declare const nativeBrand: unique symbol;
export type NativeUnits = bigint & { readonly [nativeBrand]: 'NativeUnits' };

export const NATIVE_DECIMALS = 6;

export const nativeUnits = (value: bigint): NativeUnits => value as NativeUnits;
