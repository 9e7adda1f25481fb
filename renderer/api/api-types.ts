/**
 * The shapes /v1 answers: one source for the desk and the client library (core/client/api-types.ts, itself
 * taken from the server's schemas). Type-only, erased from the bundle.
 */
export type * from '../../core/client/api-types.js';
import type { Static } from 'typebox';
import type { CoinJson } from '../../core/client/api-types.js';
import type { CoinRisk } from '../../core/api/schemas/risk.js';

/** GET /v1/coins/{mint}/risk (a local addition): a coin's risk figures in full, with their one-line summary. */
export type CoinRiskJson = Static<typeof CoinRisk>;
/** The risk figures in brief that every coin row carries (absent for a coin the index keeps none for). */
export type CoinRiskBlockJson = NonNullable<CoinJson['risk']>;

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
