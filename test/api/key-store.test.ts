import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_SCHEMA, KEY_SQL } from '../../core/api/store/key-sql.js';
import { openPostgres, PgStatements } from '../../core/storage/postgres/pg-connection.js';
import { READ_STORE_VERSION, WRITE_STORE_VERSION } from '../../core/storage/store-version.js';
import { MAX_KEYS_PER_WALLET, type KeyStore } from '../../core/api/store/key-store.js';
import { PgKeyStore } from '../../core/api/store/pg-key-store.js';
import { SqliteKeyStore } from '../../core/api/store/sqlite-key-store.js';
import { isDeskError } from '../../core/errors.js';
import { storeKinds } from '../helpers/store-kinds.js';
import { freshDatabase } from '../helpers/pg.js';
import { tempDir } from '../helpers/sandbox.js';

const T0 = 1_800_000_000_000;
const wallet = async (): Promise<Address> => (await generateKeyPairSigner()).address;

/** The store on each backend (a second `open` on one set-up is another replica, for PostgreSQL). */
const kinds = () => storeKinds<KeyStore>('keys', { sqlite: (path) => SqliteKeyStore.open(path), postgres: (url) => PgKeyStore.open(url) });

/** The key store's contract, the same on both stores. */
for (const kind of kinds()) {
  describe(`key store (${kind.name})`, () => {
    let store: KeyStore;
    beforeAll(async () => {
      await kind.setUp();
      store = await kind.open();
    });
    afterAll(async () => {
      await store?.close();
      await kind.tearDown();
    });

    it('keeps a key as its hash and prefix; resolves it while live, never after revocation', async () => {
      const owner = await wallet();
      const { key, record } = await store.create(owner, T0);
      expect(record).toMatchObject({ wallet: owner, prefix: key.slice(0, 12), tier: 'standard', createdAt: T0, revokedAt: null, lastUsedAt: null, requests: 0 });
      expect(typeof record.createdAt).toBe('number');
      expect(await store.resolve(key)).toEqual(record);
      expect(JSON.stringify(await store.keysOf(owner))).not.toContain(key);
      expect(await store.byPrefix(record.prefix)).toEqual([record]);
      await store.setTier(record.id, 'raised');
      await store.countUse(record.id, 'reads', T0 + 1);
      await store.countUse(record.id, 'reads', T0 + 2);
      await store.countUse(record.id, 'builds', T0 + 3);
      expect(await store.record(record.id)).toMatchObject({ tier: 'raised', lastUsedAt: T0 + 3, requests: 3 });
      expect(await store.usageOf(record.id)).toEqual([{ day: '2027-01-15', group: 'builds', requests: 1 }, { day: '2027-01-15', group: 'reads', requests: 2 }]);
      expect(await store.revoke(record.id, T0 + 4)).toBe(true);
      expect(await store.revoke(record.id, T0 + 5)).toBe(false);
      expect(await store.resolve(key)).toBeNull();
      expect(await store.record(record.id)).toMatchObject({ revokedAt: T0 + 4 });
      expect(await store.resolve('ld_nothing')).toBeNull();
      expect(await store.record('k_nothing')).toBeNull();
    });

    it('takes a nonce once, for its wallet, before it expires', async () => {
      const owner = await wallet();
      const nonce = await store.issueNonce(owner, T0, T0 + 1_000);
      expect(await store.takeNonce(nonce, await wallet(), T0)).toBe(false);
      expect(await store.takeNonce(nonce, owner, T0 + 1_000)).toBe(false);
      expect(await store.takeNonce(nonce, owner, T0 + 999)).toBe(true);
      expect(await store.takeNonce(nonce, owner, T0 + 999)).toBe(false);
    });

    it(`makes at most ${MAX_KEYS_PER_WALLET} live keys per wallet`, async () => {
      const owner = await wallet();
      const made = [];
      for (let i = 0; i < MAX_KEYS_PER_WALLET; i++) made.push(await store.create(owner, T0 + i));
      expect(await store.activeKeysOf(owner)).toBe(MAX_KEYS_PER_WALLET);
      await expect(Promise.resolve().then(() => store.create(owner, T0))).rejects.toThrow(RangeError);
      await store.revoke(made[0]!.record.id, T0);
      expect(await store.activeKeysOf(owner)).toBe(MAX_KEYS_PER_WALLET - 1);
      expect((await store.keysOf(owner)).map((k) => k.id)).toEqual(made.map((m) => m.record.id));
    });

    it('opens again on what it wrote (its schema version is kept, nothing is lost)', async () => {
      const owner = await wallet();
      const { key } = await store.create(owner, T0);
      const again = await kind.open();
      try {
        expect((await again.resolve(key))?.wallet).toBe(owner);
      } finally {
        await again.close();
      }
    });
  });
}

/** Two replicas of the hosted /v1 on one database: what must happen once happens once. */
describe('key store across replicas (PostgreSQL)', () => {
  const kind = kinds()[1]!;
  let a: KeyStore;
  let b: KeyStore;
  beforeAll(async () => {
    await kind.setUp();
    [a, b] = [await kind.open(), await kind.open()];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await kind.tearDown();
  });

  it('a nonce issued by one replica is taken once, on either, even when both try at once', async () => {
    const owner = await wallet();
    const nonce = await a.issueNonce(owner, T0, T0 + 60_000);
    expect(await Promise.all([a.takeNonce(nonce, owner, T0), b.takeNonce(nonce, owner, T0), b.takeNonce(nonce, owner, T0)])).toEqual(expect.arrayContaining([true, false, false]));
    expect(await a.takeNonce(nonce, owner, T0)).toBe(false);
    const other = await b.issueNonce(owner, T0, T0 + 60_000);
    expect(await a.takeNonce(other, owner, T0)).toBe(true);
    expect(await b.takeNonce(other, owner, T0)).toBe(false);
  });

  it(`two replicas making a wallet's last keys at once make no more than ${MAX_KEYS_PER_WALLET}`, async () => {
    const owner = await wallet();
    const tries = await Promise.allSettled(Array.from({ length: MAX_KEYS_PER_WALLET + 2 }, (_, i) => (i % 2 ? a : b).create(owner, T0 + i)));
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(MAX_KEYS_PER_WALLET);
    expect(tries.filter((t) => t.status === 'rejected').map((t) => (t as PromiseRejectedResult).reason)).toEqual([expect.any(RangeError), expect.any(RangeError)]);
    expect(await b.activeKeysOf(owner)).toBe(MAX_KEYS_PER_WALLET);
    const made = (tries.find((t) => t.status === 'fulfilled') as PromiseFulfilledResult<{ key: string }>).value;
    expect(await b.resolve(made.key)).not.toBeNull(); // made on one, known on the other
  });
});

describe('an unreachable PostgreSQL', () => {
  it('is `unavailable` (503) naming the database, at open and on a store whose database went away', async () => {
    const refused = await PgKeyStore.open('postgres://nobody@127.0.0.1:1/hosted_keys').catch((error: unknown) => error);
    expect(isDeskError(refused, 'unavailable')).toBe(true);
    expect((refused as Error).message).toMatch(/^the PostgreSQL database hosted_keys on 127\.0\.0\.1:1 cannot be reached \(.*ECONNREFUSED.*\); try again$/);

    const db = await freshDatabase('gone');
    const store = await PgKeyStore.open(db.url);
    await db.drop();
    const lost = await Promise.resolve(store.resolve('ld_x')).catch((error: unknown) => error);
    expect(isDeskError(lost, 'unavailable')).toBe(true);
    expect((lost as Error).message).toContain('the PostgreSQL database gone_');
    await store.close();
  });
});

describe('the key store\'s schema version', () => {
  it('opens a file written before versions were kept (and marks it), and refuses one from a newer program, on both stores', async () => {
    const dir = tempDir('launchdesk-keys-version-');
    try {
      const path = join(dir, 'keys.sqlite');
      const old = new Database(path);
      old.exec(KEY_SCHEMA.schema);
      old.prepare(KEY_SQL.insert).run('k_old', 'W', 'ld_old', 'h', 'raised', T0);
      old.close();
      const store = SqliteKeyStore.open(path);
      expect(store.record('k_old')).toMatchObject({ tier: 'raised', createdAt: T0 });
      store.close();
      const marked = new Database(path);
      expect(marked.prepare(READ_STORE_VERSION).get('keys')).toEqual({ version: KEY_SCHEMA.version });
      marked.prepare(WRITE_STORE_VERSION).run('keys', KEY_SCHEMA.version + 1);
      marked.close();
      expect(() => SqliteKeyStore.open(path)).toThrow(/keys store is at schema version 2, newer than this program's 1; update launchdesk/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const db = await freshDatabase('keysversion');
    try {
      await (await PgKeyStore.open(db.url)).close();
      const sql = openPostgres(db.url, { max: 1 });
      await new PgStatements(sql).run(WRITE_STORE_VERSION, 'keys', KEY_SCHEMA.version + 1);
      await sql.end();
      await expect(PgKeyStore.open(db.url)).rejects.toThrow(/keys store is at schema version 2/);
    } finally {
      await db.drop();
    }
  });
});
