import type { StoreSchema } from '../../storage/store-version.js';

/**
 * The build ledger's SQL, one text for SQLite (sqlite-build-ledger.ts) and PostgreSQL (pg-build-ledger.ts,
 * through core/storage/sql-dialect.ts): a query is written once, here.
 */
export const LEDGER_SCHEMA: StoreSchema = Object.freeze({
  store: 'builds',
  version: 1,
  schema: `
CREATE TABLE IF NOT EXISTS builds (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, wallet TEXT NOT NULL, mint TEXT, transactions TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, state TEXT NOT NULL DEFAULT 'built',
  signatures TEXT NOT NULL DEFAULT '[]', sent_at INTEGER, outcome TEXT
);
CREATE INDEX IF NOT EXISTS builds_created ON builds (created_at);
-- Each signature the relay sent, with its build: GET /v1/tx/{signature} knows what it sent before the chain shows it.
CREATE TABLE IF NOT EXISTS sent (signature TEXT PRIMARY KEY, build_id TEXT NOT NULL);
`,
});

export const LEDGER_SQL = Object.freeze({
  insert: 'INSERT INTO builds (id, kind, wallet, mint, transactions, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  forgetSent: 'DELETE FROM sent WHERE build_id IN (SELECT id FROM builds WHERE created_at < ?)',
  forgetBuilds: 'DELETE FROM builds WHERE created_at < ?',
  get: 'SELECT * FROM builds WHERE id = ?',
  // One UPDATE: whichever replica moves the row from `built` to `sending` sends it; any other changes nothing.
  claim: "UPDATE builds SET state = 'sending', sent_at = ? WHERE id = ? AND state = 'built'",
  release: "UPDATE builds SET state = 'built', sent_at = NULL WHERE id = ? AND state = 'sending' AND signatures = '[]'",
  progress: 'UPDATE builds SET signatures = ?, state = COALESCE(?, state), outcome = COALESCE(?, outcome) WHERE id = ?',
  sent: 'INSERT OR IGNORE INTO sent (signature, build_id) VALUES (?, ?)',
  sentTransaction: 'SELECT b.id, b.kind, b.mint, b.state, b.outcome FROM sent s JOIN builds b ON b.id = s.build_id WHERE s.signature = ?',
  count: 'SELECT COUNT(*) AS n FROM builds',
});
