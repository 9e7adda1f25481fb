import type { Address } from '@solana/kit';
import { lockFor, openPostgres, PgStatements, reaching, type Pg } from '../../storage/postgres/pg-connection.js';
import { ensurePgSchema } from '../../storage/postgres/pg-schema.js';
import { KEY_SCHEMA, KEY_SQL } from './key-sql.js';
import { keyHashOf, keyRecordOf, keyUsageOf, liveKeyOf, MAX_KEYS_PER_WALLET, newKey, newNonce, tooManyKeys, usageDayOf, type KeyRecord, type KeyStore, type KeyTier, type KeyUsage } from './key-store.js';

/**
 * API keys in PostgreSQL, shared by every replica of the hosted /v1 (key-store.ts says what is kept), with
 * the SQLite store's statements (key-sql.ts). What must hold across replicas holds in the database: a nonce
 * is taken by the one DELETE that removes its row, and a wallet's keys are counted and added under a lock
 * of that wallet, so two replicas cannot both add its sixth.
 */
export class PgKeyStore implements KeyStore {
  private readonly statements: PgStatements;

  private constructor(
    private readonly sql: Pg,
    private readonly owned: boolean,
  ) {
    this.statements = new PgStatements(sql);
  }

  /** Opens the store on a pool (kept open by its owner) or a URL (closed with the store), creating its tables when missing. */
  static async open(database: Pg | string): Promise<PgKeyStore> {
    const sql = typeof database === 'string' ? openPostgres(database) : database;
    try {
      await ensurePgSchema(sql, KEY_SCHEMA);
    } catch (error) {
      if (typeof database === 'string') await sql.end();
      throw error;
    }
    return new PgKeyStore(sql, typeof database === 'string');
  }

  async close(): Promise<void> {
    if (this.owned) await this.sql.end();
  }

  private reach<T>(work: () => Promise<T>): Promise<T> {
    return reaching(this.sql, work);
  }

  issueNonce(wallet: Address, now: number, expiresAt: number): Promise<string> {
    return this.reach(async () => {
      const nonce = newNonce();
      await Promise.all([this.statements.run(KEY_SQL.pruneNonces, now), this.statements.run(KEY_SQL.putNonce, nonce, wallet, expiresAt)]);
      return nonce;
    });
  }

  takeNonce(nonce: string, wallet: Address, now: number): Promise<boolean> {
    return this.reach(async () => (await this.statements.run(KEY_SQL.takeNonce, nonce, wallet, now)) === 1);
  }

  activeKeysOf(wallet: Address): Promise<number> {
    return this.reach(async () => Number((await this.statements.get<{ n: bigint }>(KEY_SQL.active, wallet))!.n));
  }

  create(wallet: Address, now: number): Promise<{ key: string; record: KeyRecord }> {
    return this.reach(() =>
      this.sql.begin(async (tx) => {
        await lockFor(tx, `keys of ${wallet}`);
        const [active] = await this.statements.on<{ n: bigint }>(tx, KEY_SQL.active, [wallet]);
        if (Number(active!.n) >= MAX_KEYS_PER_WALLET) throw tooManyKeys();
        const made = newKey();
        await this.statements.runOn(tx, KEY_SQL.insert, [made.id, wallet, made.prefix, made.hash, 'standard', now]);
        const [row] = await this.statements.on(tx, KEY_SQL.byId, [made.id]);
        return { key: made.key, record: keyRecordOf(row!) };
      }),
    );
  }

  resolve(key: string): Promise<KeyRecord | null> {
    return this.reach(async () => liveKeyOf(await this.statements.get(KEY_SQL.byHash, keyHashOf(key))));
  }

  record(id: string): Promise<KeyRecord | null> {
    return this.reach(async () => {
      const row = await this.statements.get(KEY_SQL.byId, id);
      return row ? keyRecordOf(row) : null;
    });
  }

  keysOf(wallet: Address): Promise<KeyRecord[]> {
    return this.reach(async () => (await this.statements.all(KEY_SQL.ofWallet, wallet)).map(keyRecordOf));
  }

  byPrefix(prefix: string): Promise<KeyRecord[]> {
    return this.reach(async () => (await this.statements.all(KEY_SQL.byPrefix, prefix)).map(keyRecordOf));
  }

  revoke(id: string, now: number): Promise<boolean> {
    return this.reach(async () => (await this.statements.run(KEY_SQL.revoke, now, id)) === 1);
  }

  setTier(id: string, tier: KeyTier): Promise<void> {
    return this.reach(async () => void (await this.statements.run(KEY_SQL.tier, tier, id)));
  }

  countUse(id: string, group: string, now: number): Promise<void> {
    return this.reach(async () => {
      await Promise.all([this.statements.run(KEY_SQL.used, now, id), this.statements.run(KEY_SQL.usage, id, usageDayOf(now), group)]);
    });
  }

  usageOf(id: string): Promise<KeyUsage[]> {
    return this.reach(async () => (await this.statements.all(KEY_SQL.usageOf, id)).map(keyUsageOf));
  }
}
