import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { getBase58Decoder, type Address } from '@solana/kit';

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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS keys (
  id TEXT PRIMARY KEY, wallet TEXT NOT NULL, prefix TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, tier TEXT NOT NULL,
  created_at INTEGER NOT NULL, revoked_at INTEGER, last_used_at INTEGER, requests INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS keys_wallet ON keys (wallet);
CREATE TABLE IF NOT EXISTS key_usage (id TEXT NOT NULL, day TEXT NOT NULL, grp TEXT NOT NULL, requests INTEGER NOT NULL, PRIMARY KEY (id, day, grp));
CREATE TABLE IF NOT EXISTS nonces (nonce TEXT PRIMARY KEY, wallet TEXT NOT NULL, expires_at INTEGER NOT NULL);
`;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const base58 = getBase58Decoder();

/**
 * API keys in one SQLite file: a key is stored as its SHA-256 and its first 12 characters, so a lost key
 * cannot be shown again and a leaked file holds none. Revocation is a timestamp; a revoked key never
 * matches again. Usage is counted per key, day and route group.
 */
export class KeyStore {
  private readonly statements;

  private constructor(private readonly db: Database.Database) {
    const s = (sql: string) => db.prepare(sql);
    this.statements = {
      insert: s('INSERT INTO keys (id, wallet, prefix, hash, tier, created_at) VALUES (?, ?, ?, ?, ?, ?)'),
      active: s('SELECT COUNT(*) AS n FROM keys WHERE wallet = ? AND revoked_at IS NULL'),
      byHash: s('SELECT * FROM keys WHERE hash = ?'),
      byId: s('SELECT * FROM keys WHERE id = ?'),
      ofWallet: s('SELECT * FROM keys WHERE wallet = ? ORDER BY created_at, id'),
      byPrefix: s('SELECT * FROM keys WHERE prefix = ?'),
      revoke: s('UPDATE keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
      tier: s('UPDATE keys SET tier = ? WHERE id = ?'),
      used: s('UPDATE keys SET last_used_at = ?, requests = requests + 1 WHERE id = ?'),
      usage: s(`INSERT INTO key_usage (id, day, grp, requests) VALUES (?, ?, ?, 1) ON CONFLICT (id, day, grp) DO UPDATE SET requests = requests + 1`),
      usageOf: s('SELECT day, grp, requests FROM key_usage WHERE id = ? ORDER BY day DESC, grp'),
      putNonce: s('INSERT INTO nonces (nonce, wallet, expires_at) VALUES (?, ?, ?)'),
      takeNonce: s('DELETE FROM nonces WHERE nonce = ? AND wallet = ? AND expires_at > ?'),
      pruneNonces: s('DELETE FROM nonces WHERE expires_at <= ?'),
    };
  }

  static open(path: string): KeyStore {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA);
    return new KeyStore(db);
  }

  close(): void {
    this.db.close();
  }

  /** A one-time sign-in nonce for `wallet`, valid until `expiresAt` (ms). */
  issueNonce(wallet: Address, now: number, expiresAt: number): string {
    this.statements.pruneNonces.run(now);
    const nonce = base58.decode(randomBytes(16));
    this.statements.putNonce.run(nonce, wallet, expiresAt);
    return nonce;
  }

  /** Uses up a nonce: true once, for the wallet it was issued to, before it expires. */
  takeNonce(nonce: string, wallet: Address, now: number): boolean {
    return this.statements.takeNonce.run(nonce, wallet, now).changes === 1;
  }

  activeKeysOf(wallet: Address): number {
    return (this.statements.active.get(wallet) as { n: number }).n;
  }

  /** A new key for `wallet` (the caller checked the limit and the signature): the key, shown once, and its record. */
  create(wallet: Address, now: number): { key: string; record: KeyRecord } {
    return this.db.transaction(() => {
      if (this.activeKeysOf(wallet) >= MAX_KEYS_PER_WALLET) throw new RangeError(`the wallet already has ${MAX_KEYS_PER_WALLET} keys`);
      const key = `ld_${base58.decode(randomBytes(32))}`;
      const id = `k_${base58.decode(randomBytes(9))}`;
      this.statements.insert.run(id, wallet, key.slice(0, KEY_PREFIX_LENGTH), hashOf(key), 'standard', now);
      return { key, record: this.record(id)! };
    })();
  }

  /** The live key this text is; null for an unknown or revoked one. */
  resolve(key: string): KeyRecord | null {
    const row = this.statements.byHash.get(hashOf(key)) as Record<string, unknown> | undefined;
    const record = row ? recordOf(row) : null;
    return record && record.revokedAt === null ? record : null;
  }

  record(id: string): KeyRecord | null {
    const row = this.statements.byId.get(id) as Record<string, unknown> | undefined;
    return row ? recordOf(row) : null;
  }

  keysOf(wallet: Address): KeyRecord[] {
    return (this.statements.ofWallet.all(wallet) as Record<string, unknown>[]).map(recordOf);
  }

  byPrefix(prefix: string): KeyRecord[] {
    return (this.statements.byPrefix.all(prefix) as Record<string, unknown>[]).map(recordOf);
  }

  /** Revokes a key; false when it was revoked already (or does not exist). */
  revoke(id: string, now: number): boolean {
    return this.statements.revoke.run(now, id).changes === 1;
  }

  setTier(id: string, tier: KeyTier): void {
    this.statements.tier.run(tier, id);
  }

  /** Counts one request of a key in a route group. */
  countUse(id: string, group: string, now: number): void {
    this.statements.used.run(now, id);
    this.statements.usage.run(id, new Date(now).toISOString().slice(0, 10), group);
  }

  usageOf(id: string): KeyUsage[] {
    return (this.statements.usageOf.all(id) as { day: string; grp: string; requests: number }[]).map((u) => ({ day: u.day, group: u.grp, requests: u.requests }));
  }
}

function recordOf(row: Record<string, unknown>): KeyRecord {
  return {
    id: row['id'] as string,
    wallet: row['wallet'] as Address,
    prefix: row['prefix'] as string,
    tier: row['tier'] as KeyTier,
    createdAt: row['created_at'] as number,
    revokedAt: (row['revoked_at'] as number | null) ?? null,
    lastUsedAt: (row['last_used_at'] as number | null) ?? null,
    requests: row['requests'] as number,
  };
}
