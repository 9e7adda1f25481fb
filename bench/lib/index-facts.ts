import { createHash } from 'node:crypto';
import { getBase58Decoder, type Address, type Signature } from '@solana/kit';
import { priceZecE18 } from '../../core/index/candles.js';
import type { TradeFact } from '../../core/index/store/index-store.js';
import { curveState, type CurveState } from '../../core/math/curve.js';
import { quoteUnits } from '../../core/math/quote-units.js';
import { CURVE_SHAPE, INITIAL_VIRTUAL_ZEC_RESERVES } from '../../core/sandbox/genesis/launchpad.js';

/** Synthetic index data for the benches: stable fake addresses and signatures, and curve trade facts. */
const base58 = getBase58Decoder();
export const fakeSignature = (label: string) => base58.decode(createHash('sha512').update(label).digest()) as Signature;
export const fakeAddress = (label: string) => base58.decode(createHash('sha256').update(label).digest()) as Address;

/** A curve trade as core/index/ingest/facts.ts makes it from a TradeEvent. */
export function curveTradeFact(mint: Address, side: 'buy' | 'sell', user: Address, tokens: bigint, quote: bigint, zec: bigint, creatorFee: bigint, protocolFee: bigint, next: CurveState): TradeFact {
  return {
    kind: 'trade',
    mint,
    venue: 'curve',
    side,
    user,
    tokens,
    quote,
    zec,
    creatorFee,
    protocolFee,
    priceE18: priceZecE18(quote, tokens),
    reserves: { virtualToken: next.virtualTokenReserves, virtualQuote: next.virtualQuoteReserves, realToken: next.realTokenReserves, realQuote: next.realQuoteReserves },
  };
}

/** A new ZEC curve as the sandbox plants it (its curve shape, nothing raised yet). */
export const freshZecCurve = (): CurveState =>
  curveState({
    virtualTokenReserves: CURVE_SHAPE.initialVirtualTokenReserves,
    virtualQuoteReserves: quoteUnits(INITIAL_VIRTUAL_ZEC_RESERVES),
    realTokenReserves: CURVE_SHAPE.initialRealTokenReserves,
    realQuoteReserves: quoteUnits(0n),
    complete: false,
  });

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Signatures from a seeded generator: random base58 text of a signature's length, faster than hashing a label
 * for millions of them; the first character keeps it under 2^512 as real ones are.
 */
export function randomSignatures(random: () => number): () => Signature {
  return () => {
    let text = BASE58[1 + Math.floor(random() * 4)]!;
    for (let i = 1; i < 88; i++) text += BASE58[Math.floor(random() * 58)]!;
    return text as Signature;
  };
}
