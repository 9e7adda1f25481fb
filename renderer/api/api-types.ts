/**
 * The shapes /v1 answers: one source for the desk and the client library (core/client/api-types.ts, itself
 * taken from the server's schemas). Type-only, erased from the bundle.
 */
export type * from '../../core/client/api-types.js';

/** What the trade ticket asks: the quote's and the build's shared request (amount in base units). */
export interface TradeTicketRequest {
  readonly side: 'buy' | 'sell';
  readonly amount: string;
  readonly slippageBps?: number;
  readonly pay?: 'ZEC' | 'SOL';
  readonly receive?: 'ZEC' | 'SOL';
  readonly wallet?: string;
  /** Micro-lamports per compute unit, decimal digits (the build's `computeUnitPrice`); absent: the default. */
  readonly computeUnitPrice?: string;
}
