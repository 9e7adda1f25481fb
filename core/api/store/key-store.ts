import { createHash, randomBytes } from 'node:crypto';
import { getBase58Decoder, type Address } from '@solana/kit';
import type { Awaitable } from '../../storage/awaitable.js';

export type KeyTier = 'standard' | 'raised';

/** A key as it may be shown after creation: never the key itself. */
export interface KeyRecord {
  readonly id: string;
  readonly wallet: Address;
  /** The key's first 12 characters, all that is stored of it besides its hash. */
  readonly prefix: string;
  readonly tier: KeyTier;
  readonly createdAt: number;
  readonly revokedAt: number | null;
  readonly lastUsedAt: number | null;
  readonly requests: number;
}

export interface KeyUsage {
  readonly day: string;
  readonly group: string;
  readonly requests: number;
}

export const MAX_KEYS_PER_WALLET = 5;
export const KEY_PREFIX_LENGTH = 12;

/**
 * API keys: a key is stored as its SHA-256 and its first 12 characters, so a lost key cannot be shown again
 * and a leaked store holds none. Revocation is a timestamp; a revoked key never matches again. Usage is
 * counted per key, day and route group. Two stores: SQLite for one machine (sqlite-key-store.ts), PostgreSQL
 * shared by the hosted service's replicas (pg-key-store.ts).
 *
 * Each answer is `Awaitable`: the SQLite store answers at once (better-sqlite3 is synchronous, and `resolve`
 * and `countUse` run on every keyed request, so it pays no promise of its own), PostgreSQL's later. Callers
 * through this interface always `await`; code holding the SQLite store itself (the CLI, tests) may not.
 */
export interface KeyStore {
  /** A one-time sign-in nonce for `wallet`, valid until `expiresAt` (ms). */
  issueNonce(wallet: Address, now: number, expiresAt: number): Awaitable<string>;
  /** Uses up a nonce: true once (across every replica sharing the store), for the wallet it was issued to, before it expires. */
  takeNonce(nonce: string, wallet: Address, now: number): Awaitable<boolean>;
  activeKeysOf(wallet: Address): Awaitable<number>;
  /** A new key for `wallet` (the caller checked the signature): the key, shown once, and its record; RangeError past the limit. */
  create(wallet: Address, now: number): Awaitable<{ key: string; record: KeyRecord }>;
  /** The live key this text is; null for an unknown or revoked one. */
  resolve(key: string): Awaitable<KeyRecord | null>;
  record(id: string): Awaitable<KeyRecord | null>;
  keysOf(wallet: Address): Awaitable<KeyRecord[]>;
  byPrefix(prefix: string): Awaitable<KeyRecord[]>;
  /** Revokes a key; false when it was revoked already (or does not exist). */
  revoke(id: string, now: number): Awaitable<boolean>;
  setTier(id: string, tier: KeyTier): Awaitable<void>;
  /** Counts one request of a key in a route group. */
  countUse(id: string, group: string, now: number): Awaitable<void>;
  usageOf(id: string): Awaitable<KeyUsage[]>;
  close(): Awaitable<void>;
}

const base58 = getBase58Decoder();

export const keyHashOf = (key: string): string => createHash('sha256').update(key).digest('hex');
export const newNonce = (): string => base58.decode(randomBytes(16));

/** A new key and its id; the store keeps the id, the prefix and the hash. */
export function newKey(): { readonly key: string; readonly id: string; readonly prefix: string; readonly hash: string } {
  const key = `ld_${base58.decode(randomBytes(32))}`;
  return { key, id: `k_${base58.decode(randomBytes(9))}`, prefix: key.slice(0, KEY_PREFIX_LENGTH), hash: keyHashOf(key) };
}

export const usageDayOf = (now: number): string => new Date(now).toISOString().slice(0, 10);

const numberOf = (value: unknown): number => Number(value as number | bigint);
const maybeNumberOf = (value: unknown): number | null => (value === null || value === undefined ? null : numberOf(value));

/** A row of `keys` (integers as numbers from SQLite, as bigints from PostgreSQL) as a record. */
export function keyRecordOf(row: Record<string, unknown>): KeyRecord {
  return Object.freeze({
    id: row['id'] as string,
    wallet: row['wallet'] as Address,
    prefix: row['prefix'] as string,
    tier: row['tier'] as KeyTier,
    createdAt: numberOf(row['created_at']),
    revokedAt: maybeNumberOf(row['revoked_at']),
    lastUsedAt: maybeNumberOf(row['last_used_at']),
    requests: numberOf(row['requests']),
  });
}

export function keyUsageOf(row: Record<string, unknown>): KeyUsage {
  return Object.freeze({ day: row['day'] as string, group: row['grp'] as string, requests: numberOf(row['requests']) });
}

/** The live record among a `byHash` answer. */
export const liveKeyOf = (row: Record<string, unknown> | undefined): KeyRecord | null => {
  const record = row ? keyRecordOf(row) : null;
  return record && record.revokedAt === null ? record : null;
};

export const tooManyKeys = (): RangeError => new RangeError(`the wallet already has ${MAX_KEYS_PER_WALLET} keys`);
