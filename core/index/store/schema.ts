/**
 * The index's tables. Amounts are INTEGER base units (zat, raw token units), read back as bigint
 * (better-sqlite3's safeIntegers): every figure fits SQLite's signed 64 bits (21M ZEC is 2.1e15 zat, a
 * billion coins 1e15 raw). `processed` makes ingestion idempotent: a transaction's rows and its
 * signature are written in one SQLite transaction, so a crash leaves either all of them or none.
 */
export const SCHEMA_VERSION = 1;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS processed (
  signature TEXT PRIMARY KEY, slot INTEGER NOT NULL, seq INTEGER NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS coins (
  mint TEXT PRIMARY KEY, listed INTEGER NOT NULL, unlisted_reason TEXT, pair TEXT NOT NULL,
  name TEXT NOT NULL, symbol TEXT NOT NULL, uri TEXT NOT NULL, deployer TEXT NOT NULL, creator TEXT NOT NULL,
  payee_kind TEXT, payee TEXT, created_signature TEXT NOT NULL, created_slot INTEGER NOT NULL, created_at INTEGER NOT NULL,
  stage TEXT NOT NULL, virtual_token INTEGER NOT NULL, virtual_quote INTEGER NOT NULL, real_token INTEGER NOT NULL,
  real_quote INTEGER NOT NULL, pool TEXT, pool_base INTEGER, pool_quote INTEGER, last_price_e9 INTEGER NOT NULL DEFAULT 0,
  trades INTEGER NOT NULL DEFAULT 0, volume_zec INTEGER NOT NULL DEFAULT 0, creator_fees_zec INTEGER NOT NULL DEFAULT 0,
  last_trade_at INTEGER
);
CREATE INDEX IF NOT EXISTS coins_listed_created ON coins (listed, created_slot);
CREATE TABLE IF NOT EXISTS trades (
  seq INTEGER NOT NULL, position INTEGER NOT NULL, signature TEXT NOT NULL, slot INTEGER NOT NULL, at INTEGER NOT NULL,
  mint TEXT NOT NULL, venue TEXT NOT NULL, side TEXT NOT NULL, user TEXT NOT NULL, tokens INTEGER NOT NULL,
  quote INTEGER NOT NULL, zec INTEGER NOT NULL, creator_fee INTEGER NOT NULL, protocol_fee INTEGER NOT NULL,
  price_e9 INTEGER NOT NULL, routed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (seq, position)
);
CREATE INDEX IF NOT EXISTS trades_mint ON trades (mint, seq);
CREATE INDEX IF NOT EXISTS trades_user ON trades (user, seq);
CREATE TABLE IF NOT EXISTS candles (
  mint TEXT NOT NULL, interval INTEGER NOT NULL, bucket INTEGER NOT NULL, open INTEGER NOT NULL, high INTEGER NOT NULL,
  low INTEGER NOT NULL, close INTEGER NOT NULL, volume_zec INTEGER NOT NULL, trades INTEGER NOT NULL,
  PRIMARY KEY (mint, interval, bucket)
);
CREATE TABLE IF NOT EXISTS holdings (
  mint TEXT NOT NULL, wallet TEXT NOT NULL, balance INTEGER NOT NULL, cost_basis_zec INTEGER NOT NULL,
  realised_pnl_zec INTEGER NOT NULL, PRIMARY KEY (mint, wallet)
);
CREATE TABLE IF NOT EXISTS graduations (
  mint TEXT PRIMARY KEY, signature TEXT NOT NULL, slot INTEGER NOT NULL, at INTEGER NOT NULL, pool TEXT NOT NULL,
  base_amount INTEGER NOT NULL, quote_amount INTEGER NOT NULL
);
`;
