import { randomBytes } from 'node:crypto';
import type { Address } from '@solana/kit';
import type { SimulatedTransaction } from './simulate.js';

/**
 * A build: the unsigned transactions answered to a build request, with everything the relay needs to
 * check them later and the spec's "Build answer" fields. Amounts are bigints here; the API writes them as
 * decimal strings.
 */
export type BuildKind = 'plant' | 'trade' | 'swap' | 'claim' | 'payee';

export type Expected = Readonly<Record<string, bigint | number>>;

export interface Build {
  readonly id: string;
  readonly kind: BuildKind;
  /** The wallet that pays and signs first. */
  readonly wallet: Address;
  /** The coin the build is about (a planting's new mint: the relay tells the index about it). */
  readonly mint: Address | null;
  readonly transactions: readonly SimulatedTransaction[];
  readonly solCostLamports: bigint;
  readonly expected: Expected;
  /** The request as the engine read it (clients verify against their own request, not this). */
  readonly intent: Readonly<Record<string, unknown>>;
  readonly createdAt: number;
  /** About when the first transaction's blockhash expires (ms since the epoch). */
  readonly expiresAt: number;
  readonly then: Readonly<{ call: string; body: Readonly<Record<string, unknown>>; why: string }> | null;
  readonly permanent: boolean;
}

/** Random bytes drawn 4 KiB at a time (one system call per 256 ids rather than one per id); each used once. */
let randomPool = Buffer.alloc(0);
let randomAt = 0;

/** A build id: `b_` and 128 random bits, hex. */
export function newBuildId(): string {
  if (randomAt + 16 > randomPool.length) {
    randomPool = randomBytes(4096);
    randomAt = 0;
  }
  const id = `b_${randomPool.toString('hex', randomAt, randomAt + 16)}`;
  randomAt += 16;
  return id;
}
export const BUILD_ID_PATTERN = /^b_[0-9a-f]{32}$/;

/** A slot's length on a cluster (400 ms): a blockhash lives 150 blocks, about a minute (~90 s with skips). */
export const SLOT_MS = 400;

export function expiresAtOf(now: number, blockHeight: bigint, lastValidBlockHeight: bigint): number {
  const blocks = lastValidBlockHeight > blockHeight ? Number(lastValidBlockHeight - blockHeight) : 0;
  return now + blocks * SLOT_MS;
}

export const totalSolCost = (transactions: readonly SimulatedTransaction[]): bigint => transactions.reduce((sum, tx) => sum + tx.solCostLamports, 0n);
