import Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import { openSqliteStore } from '../../storage/sqlite-store.js';
import { KEY_SCHEMA, KEY_SQL } from './key-sql.js';
import { keyHashOf, keyRecordOf, keyUsageOf, liveKeyOf, MAX_KEYS_PER_WALLET, newKey, newNonce, tooManyKeys, usageDayOf, type KeyRecord, type KeyStore, type KeyTier, type KeyUsage } from './key-store.js';

/** API keys in one SQLite file (key-store.ts says what is kept); every answer is synchronous. */
export class SqliteKeyStore implements KeyStore {
  private readonly statements: { readonly [K in keyof typeof KEY_SQL]: Database.Statement };

  private constructor(private readonly db: Database.Database) {
    this.statements = Object.fromEntries(Object.entries(KEY_SQL).map(([name, text]) => [name, db.prepare(text)])) as SqliteKeyStore['statements'];
  }

  static open(path: string): SqliteKeyStore {
    return new SqliteKeyStore(openSqliteStore(path, KEY_SCHEMA));
  }

  close(): void {
    this.db.close();
  }

  issueNonce(wallet: Address, now: number, expiresAt: number): string {
    this.statements.pruneNonces.run(now);
    const nonce = newNonce();
    this.statements.putNonce.run(nonce, wallet, expiresAt);
    return nonce;
  }

  takeNonce(nonce: string, wallet: Address, now: number): boolean {
    return this.statements.takeNonce.run(nonce, wallet, now).changes === 1;
  }

  activeKeysOf(wallet: Address): number {
    return (this.statements.active.get(wallet) as { n: number }).n;
  }

  create(wallet: Address, now: number): { key: string; record: KeyRecord } {
    return this.db.transaction(() => {
      if (this.activeKeysOf(wallet) >= MAX_KEYS_PER_WALLET) throw tooManyKeys();
      const made = newKey();
      this.statements.insert.run(made.id, wallet, made.prefix, made.hash, 'standard', now);
      return { key: made.key, record: this.record(made.id)! };
    })();
  }

  resolve(key: string): KeyRecord | null {
    return liveKeyOf(this.statements.byHash.get(keyHashOf(key)) as Record<string, unknown> | undefined);
  }

  record(id: string): KeyRecord | null {
    const row = this.statements.byId.get(id) as Record<string, unknown> | undefined;
    return row ? keyRecordOf(row) : null;
  }

  keysOf(wallet: Address): KeyRecord[] {
    return (this.statements.ofWallet.all(wallet) as Record<string, unknown>[]).map(keyRecordOf);
  }

  byPrefix(prefix: string): KeyRecord[] {
    return (this.statements.byPrefix.all(prefix) as Record<string, unknown>[]).map(keyRecordOf);
  }

  revoke(id: string, now: number): boolean {
    return this.statements.revoke.run(now, id).changes === 1;
  }

  setTier(id: string, tier: KeyTier): void {
    this.statements.tier.run(tier, id);
  }

  countUse(id: string, group: string, now: number): void {
    this.statements.used.run(now, id);
    this.statements.usage.run(id, usageDayOf(now), group);
  }

  usageOf(id: string): KeyUsage[] {
    return (this.statements.usageOf.all(id) as Record<string, unknown>[]).map(keyUsageOf);
  }
}
