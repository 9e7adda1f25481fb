import type { Address, Signature } from '@solana/kit';
import type { Awaitable } from '../storage/awaitable.js';
import type { Chain } from '../chain/chain.js';
import { viewTransaction } from '../chain/transaction-view.js';
import type { IndexReads } from '../index/store/index-reads.js';
import { describeTransactionError } from '../chain/transaction-errors.js';
import type { SentTransaction } from './store/build-ledger.js';

/**
 * Where a transaction is: `pending` (sent, not confirmed yet), `landed` (confirmed without error),
 * `failed` (landed with an error: only its fee was taken), `dropped` (the relay sent it and it never
 * landed while its blockhash lived: it never will).
 */
export type TransactionStatus = 'pending' | 'landed' | 'failed' | 'dropped';

export interface Registration {
  readonly signature: Signature;
  /**
   * The index holds the transaction and shows what it did: a planting's coin is listed (and at
   * GET /v1/coins/{mint}); any other transaction the index took in (a trade, a claim, a payee change)
   * is registered once held. An unlisted planting is never registered.
   */
  readonly registered: boolean;
  readonly status: TransactionStatus;
  /** The coin a planting creates, once the index or the relay knows it. */
  readonly mint?: Address;
  /** Why it is not registered (yet, or ever), in plain words. */
  readonly reason?: string;
}

export interface RegistrationSources {
  readonly store: IndexReads;
  readonly chain: Chain;
  /** The relay's record of what it sent; absent when this server runs no relay. */
  readonly sent?: (signature: Signature) => Awaitable<SentTransaction | null>;
  /** The programs the index follows: a landed transaction naming none of them is never taken in. */
  readonly followed: readonly Address[];
}

/**
 * GET /v1/tx/{signature}: what the index, the relay and the chain know of a signature, so a client can
 * tell "not yet" (pending, landed but not taken in yet) from "never" (failed, dropped, an unlisted
 * planting, a transaction the index does not follow). Null when none of them knows it.
 */
export async function registrationOf(signature: Signature, sources: RegistrationSources): Promise<Registration | null> {
  const { store, chain } = sources;
  if (await store.hasProcessed(signature)) {
    const planting = await store.plantingOf(signature);
    if (planting && !planting.listed) {
      const why = planting.unlistedReason ?? 'it is not in the listed shape';
      return { signature, registered: false, status: 'landed', mint: planting.mint, reason: `it planted a plain launchpad coin, which is not listed: ${why}` };
    }
    return { signature, registered: true, status: 'landed', ...(planting ? { mint: planting.mint } : {}) };
  }
  const sent = (await sources.sent?.(signature)) ?? null;
  const status = await chain.getSignatureStatus(signature);
  const mint = sent?.kind === 'plant' && sent.mint ? { mint: sent.mint } : {};
  if (status === null) {
    if (!sent) return null;
    if (sent.state === 'failed') return { signature, registered: false, status: 'dropped', ...mint, reason: `the relay sent it and it did not land: ${sent.outcome ?? 'its blockhash expired'}` };
    return { signature, registered: false, status: 'pending', ...mint, reason: 'the relay sent it; the chain does not show it yet' };
  }
  if (status.err !== null) {
    return { signature, registered: false, status: 'failed', ...mint, reason: `it landed but failed (${describeTransactionError(status.err)}): only its fee was taken` };
  }
  if (status.confirmationStatus === 'processed') return { signature, registered: false, status: 'pending', ...mint, reason: 'it is processed but not confirmed yet' };
  const landed = await chain.getTransaction(signature, 'confirmed');
  if (landed && !viewTransaction(landed).accountKeys.some((key) => sources.followed.includes(key))) {
    return { signature, registered: false, status: 'landed', reason: 'it uses none of the launchpad\'s programs, so the index does not take it in' };
  }
  return { signature, registered: false, status: 'landed', ...mint, reason: 'it landed; the index has not taken it in yet' };
}
