import { createHash } from 'node:crypto';
import { getBase58Decoder, type Address, type Signature } from '@solana/kit';
import { priceZecE18 } from '../../core/index/candles.js';
import type { TradeFact } from '../../core/index/store/index-store.js';
import type { CurveState } from '../../core/math/curve.js';

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
