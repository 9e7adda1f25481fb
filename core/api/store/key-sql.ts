import type { StoreSchema } from '../../storage/store-version.js';

/**
 * The key store's SQL, one text for SQLite (sqlite-key-store.ts) and PostgreSQL (pg-key-store.ts, through
 * core/storage/sql-dialect.ts): a query is written once, here.
 */
export const KEY_SCHEMA: StoreSchema = Object.freeze({
  store: 'keys',
  version: 1,
  schema: `
CREATE TABLE IF NOT EXISTS keys (
  id TEXT PRIMARY KEY, wallet TEXT NOT NULL, prefix TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, tier TEXT NOT NULL,
  created_at INTEGER NOT NULL, revoked_at INTEGER, last_used_at INTEGER, requests INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS keys_wallet ON keys (wallet);
CREATE TABLE IF NOT EXISTS key_usage (id TEXT NOT NULL, day TEXT NOT NULL, grp TEXT NOT NULL, requests INTEGER NOT NULL, PRIMARY KEY (id, day, grp));
CREATE TABLE IF NOT EXISTS nonces (nonce TEXT PRIMARY KEY, wallet TEXT NOT NULL, expires_at INTEGER NOT NULL);
`,
});

export const KEY_SQL = Object.freeze({
  insert: 'INSERT INTO keys (id, wallet, prefix, hash, tier, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  active: 'SELECT COUNT(*) AS n FROM keys WHERE wallet = ? AND revoked_at IS NULL',
  byHash: 'SELECT * FROM keys WHERE hash = ?',
  byId: 'SELECT * FROM keys WHERE id = ?',
  ofWallet: 'SELECT * FROM keys WHERE wallet = ? ORDER BY created_at, id',
  byPrefix: 'SELECT * FROM keys WHERE prefix = ?',
  revoke: 'UPDATE keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  tier: 'UPDATE keys SET tier = ? WHERE id = ?',
  used: 'UPDATE keys SET last_used_at = ?, requests = requests + 1 WHERE id = ?',
  usage: 'INSERT INTO key_usage (id, day, grp, requests) VALUES (?, ?, ?, 1) ON CONFLICT (id, day, grp) DO UPDATE SET requests = key_usage.requests + 1',
  usageOf: 'SELECT day, grp, requests FROM key_usage WHERE id = ? ORDER BY day DESC, grp',
  putNonce: 'INSERT INTO nonces (nonce, wallet, expires_at) VALUES (?, ?, ?)',
  // One statement: a nonce is taken by whoever deletes its row, once, on any replica.
  takeNonce: 'DELETE FROM nonces WHERE nonce = ? AND wallet = ? AND expires_at > ?',
  pruneNonces: 'DELETE FROM nonces WHERE expires_at <= ?',
});
