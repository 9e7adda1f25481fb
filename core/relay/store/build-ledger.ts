import type { Address, Signature } from '@solana/kit';
import type { Build, BuildKind } from '../../engine/build.js';
import type { Awaitable } from '../../storage/awaitable.js';

/**
 * The relay's build ledger: every build answered, its transactions exactly as built, and whether it was
 * sent. "A build is sent once" is a row's state moving from `built` to `sending` in one UPDATE, so two sends
 * of the same build can never both pass, even in a race, after a restart, or on two replicas of the hosted
 * service sharing the ledger. Two stores: SQLite for one machine (sqlite-build-ledger.ts), PostgreSQL for
 * the hosted service (pg-build-ledger.ts), with the same statements (build-ledger-sql.ts).
 *
 * Answers are `Awaitable` (core/storage/awaitable.ts): SQLite's at once, PostgreSQL's later; callers await.
 */
export interface BuildLedger {
  record(build: Build): Awaitable<void>;
  get(id: string): Awaitable<LedgerBuild | null>;
  /** Claims the build for sending: true once, for the first caller (of any replica); false if it was claimed before. */
  claim(id: string, now: number): Awaitable<boolean>;
  /** Gives a claimed build back when nothing of it left the relay (the chain refused its first transaction). */
  release(id: string): Awaitable<void>;
  /** Records the signatures sent so far and, when done, the outcome. */
  progress(id: string, signatures: readonly Signature[], outcome: 'sent' | 'failed' | null, detail?: string | null): Awaitable<void>;
  /** The build a signature was sent for, if the relay sent it (within the week builds are kept). */
  sentTransaction(signature: Signature): Awaitable<SentTransaction | null>;
  /** How many builds the ledger holds (the desk's status line; tests check a refused request recorded none). */
  count(): Awaitable<number>;
  close(): Awaitable<void>;
}

export interface LedgerTransaction {
  readonly wire: Uint8Array;
  readonly signers: readonly Address[];
  readonly lookupTables: readonly Address[];
  readonly lastValidBlockHeight: bigint;
}

export interface LedgerBuild {
  readonly id: string;
  readonly kind: BuildKind;
  readonly wallet: Address;
  readonly mint: Address | null;
  readonly transactions: readonly LedgerTransaction[];
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly state: 'built' | 'sending' | 'sent' | 'failed';
  readonly signatures: readonly Signature[];
}

/** What the relay knows of a signature it sent: the build's kind and coin, and how the send ended. */
export interface SentTransaction {
  readonly buildId: string;
  readonly kind: BuildKind;
  readonly mint: Address | null;
  /** `sending`: not confirmed yet; `failed`: it failed, or did not land while its blockhash lived. */
  readonly state: LedgerBuild['state'];
  /** Why it failed, in the relay's words. */
  readonly outcome: string | null;
}

/** Builds older than this are forgotten (their blockhashes died long before). */
export const KEEP_MS = 7 * 24 * 3600 * 1000;

/** A build as the `insert` statement's arguments (its transactions as JSON, wires in base64). */
export function buildRowOf(build: Build): unknown[] {
  const transactions = build.transactions.map((tx) => ({
    wire: Buffer.from(tx.wire).toString('base64'),
    signers: tx.signers,
    lookupTables: tx.lookupTables,
    lastValidBlockHeight: tx.lastValidBlockHeight.toString(),
  }));
  return [build.id, build.kind, build.wallet, build.mint, JSON.stringify(transactions), build.createdAt, build.expiresAt];
}

/** A row of `builds` (integers as numbers from SQLite, as bigints from PostgreSQL) as a build. */
export function ledgerBuildOf(row: Record<string, unknown>): LedgerBuild {
  const transactions = (JSON.parse(row['transactions'] as string) as { wire: string; signers: Address[]; lookupTables: Address[]; lastValidBlockHeight: string }[]).map((tx) => ({
    wire: new Uint8Array(Buffer.from(tx.wire, 'base64')),
    signers: tx.signers,
    lookupTables: tx.lookupTables,
    lastValidBlockHeight: BigInt(tx.lastValidBlockHeight),
  }));
  return {
    id: row['id'] as string,
    kind: row['kind'] as BuildKind,
    wallet: row['wallet'] as Address,
    mint: row['mint'] as Address | null,
    transactions,
    createdAt: Number(row['created_at'] as number | bigint),
    expiresAt: Number(row['expires_at'] as number | bigint),
    state: row['state'] as LedgerBuild['state'],
    signatures: JSON.parse(row['signatures'] as string) as Signature[],
  };
}

export function sentTransactionOf(row: Record<string, unknown>): SentTransaction {
  return { buildId: row['id'] as string, kind: row['kind'] as BuildKind, mint: row['mint'] as Address | null, state: row['state'] as LedgerBuild['state'], outcome: row['outcome'] as string | null };
}
