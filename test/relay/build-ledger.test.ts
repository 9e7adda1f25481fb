import { generateKeyPairSigner, type Address, type Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Build } from '../../core/engine/build.js';
import { KEEP_MS, type BuildLedger } from '../../core/relay/store/build-ledger.js';
import { PgBuildLedger } from '../../core/relay/store/pg-build-ledger.js';
import { SqliteBuildLedger } from '../../core/relay/store/sqlite-build-ledger.js';
import { storeKinds } from '../helpers/store-kinds.js';

const T0 = 1_800_000_000_000;
let serial = 0;

/** A build as the ledger keeps it: its id, kind, wallet, coin, times and transactions (the rest is the engine's). */
async function aBuild(createdAt = T0, transactions = 2): Promise<Build> {
  serial += 1;
  const signers = [(await generateKeyPairSigner()).address];
  return {
    id: `b_${serial}_${createdAt}`,
    kind: 'trade',
    wallet: signers[0]!,
    mint: (await generateKeyPairSigner()).address,
    transactions: Array.from({ length: transactions }, (_, i) => ({ wire: new Uint8Array([serial, i, 255, 0]), signers, lookupTables: [] as Address[], lastValidBlockHeight: 2n ** 60n + BigInt(i) })),
    createdAt,
    expiresAt: createdAt + 60_000,
  } as unknown as Build;
}
const sig = (n: number) => `sig${serial}x${n}`.padEnd(64, '1') as Signature;

/** The store on each backend (a second `open` on one set-up is another replica, for PostgreSQL). */
const kinds = () => storeKinds<BuildLedger>('builds', { sqlite: (path) => SqliteBuildLedger.open(path), postgres: (url) => PgBuildLedger.open(url) });

/** The build ledger's contract, the same on both stores. */
for (const kind of kinds()) {
  describe(`build ledger (${kind.name})`, () => {
    let ledger: BuildLedger;
    beforeAll(async () => {
      await kind.setUp();
      ledger = await kind.open();
    });
    afterAll(async () => {
      await ledger?.close();
      await kind.tearDown();
    });

    it('keeps a build exactly as built, and reads it back', async () => {
      const build = await aBuild();
      const before = await ledger.count();
      await ledger.record(build);
      expect(await ledger.count()).toBe(before + 1);
      const kept = (await ledger.get(build.id))!;
      expect(kept).toEqual({ id: build.id, kind: 'trade', wallet: build.wallet, mint: build.mint, transactions: build.transactions, createdAt: T0, expiresAt: T0 + 60_000, state: 'built', signatures: [] });
      expect(await ledger.get('b_none')).toBeNull();
    });

    it('claims a build once; gives it back only while nothing of it was sent; records what was sent', async () => {
      const build = await aBuild();
      await ledger.record(build);
      expect(await ledger.claim(build.id, T0)).toBe(true);
      expect(await ledger.claim(build.id, T0)).toBe(false);
      await ledger.release(build.id);
      expect((await ledger.get(build.id))!.state).toBe('built');
      expect(await ledger.claim(build.id, T0)).toBe(true);
      await ledger.progress(build.id, [sig(1)], null);
      await ledger.release(build.id); // one left: not given back
      expect((await ledger.get(build.id))!).toMatchObject({ state: 'sending', signatures: [sig(1)] });
      expect(await ledger.sentTransaction(sig(1))).toEqual({ buildId: build.id, kind: 'trade', mint: build.mint, state: 'sending', outcome: null });
      await ledger.progress(build.id, [sig(1), sig(2)], 'failed', 'it did not land');
      expect(await ledger.sentTransaction(sig(2))).toEqual({ buildId: build.id, kind: 'trade', mint: build.mint, state: 'failed', outcome: 'it did not land' });
      expect(await ledger.sentTransaction(sig(3))).toBeNull();
      expect(await ledger.claim('b_none', T0)).toBe(false);
    });

    it('forgets builds, and what was sent of them, a week after', async () => {
      const old = await aBuild(T0);
      await ledger.record(old);
      await ledger.claim(old.id, T0);
      await ledger.progress(old.id, [sig(1)], 'sent');
      await ledger.record(await aBuild(T0 + KEEP_MS + 1));
      expect(await ledger.get(old.id)).toBeNull();
      expect(await ledger.sentTransaction(sig(1))).toBeNull();
    });
  });
}

/** Two replicas of the hosted /v1 on one ledger: a build answered by one is sent through the other, once. */
describe('build ledger across replicas (PostgreSQL)', () => {
  const kind = kinds()[1]!;
  let a: BuildLedger;
  let b: BuildLedger;
  beforeAll(async () => {
    await kind.setUp();
    [a, b] = [await kind.open(), await kind.open()];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await kind.tearDown();
  });

  it('a build recorded on one replica is claimed once when both claim it at once', async () => {
    for (let round = 0; round < 5; round++) {
      const build = await aBuild();
      await a.record(build);
      expect((await b.get(build.id))?.id).toBe(build.id);
      const claims = await Promise.all([a.claim(build.id, T0), b.claim(build.id, T0), b.claim(build.id, T0), a.claim(build.id, T0)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });
});
