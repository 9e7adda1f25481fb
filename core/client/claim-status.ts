import type { NothingToClaimDetail } from '../types/payee-payout.js';
import { LaunchdeskError } from './client-error.js';

export type { NothingToClaimDetail };

const REASONS: ReadonlySet<string> = new Set<NothingToClaimDetail['reason']>(['paid', 'split-due', 'no-zec-account', 'no-fees-yet', 'holders', 'nothing-waits']);

/**
 * A claim that finds nothing (`422 refused`, the spec's code) with the server's `detail`: which case it is.
 * `paid` carries the payout's signature, `split-due` when the split goes (unix seconds, null when this
 * server does not schedule it), `no-zec-account` that the service will not pay this payee by itself.
 */
export class NothingToClaimError extends LaunchdeskError {
  constructor(
    message: string,
    status: number | null,
    readonly why: NothingToClaimDetail,
  ) {
    super('refused', message, status);
  }
}

export const isNothingToClaim = (value: unknown): value is NothingToClaimError => value instanceof NothingToClaimError;

/** The detail of a refusal body when it is a nothing-to-claim one (a known `reason`), else null. */
export function nothingToClaimOf(detail: unknown): NothingToClaimDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const reason = (detail as { reason?: unknown }).reason;
  return typeof reason === 'string' && REASONS.has(reason) ? (detail as NothingToClaimDetail) : null;
}

/** What `waitUntilClaimable` saw: something waits for a claim, or a payout already took it. */
export type ClaimableState =
  /** `waitingZec` waits in the fee account; `servicePays`: the service pays it by itself (a claim only pays it sooner). */
  | { readonly kind: 'claimable'; readonly waitingZec: bigint; readonly servicePays: boolean }
  /** A payout landed after the wait began (the service's, a claim or a payee change): nothing is left to claim. */
  | { readonly kind: 'paid'; readonly signature: string; readonly paidZec: bigint; readonly paidAt: number };
