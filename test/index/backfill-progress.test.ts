import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { Ingestor, type IngestProgress } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import type { TokenUnits } from '../../core/math/units.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { secondsLeft } from '../../core/types/span-text.js';
import { tempDir } from '../helpers/sandbox.js';
import { rulesOf } from './rules.js';

/** More than a page of history (a thousand signatures): the backfill shows that it reads it, then how long it has left. */
const HISTORY = 1_100;

describe('index: a long backfill says what it is doing and how long it has left', () => {
  let sandbox: Sandbox;
  let dir: string;
  const progress: IngestProgress[] = [];

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    dir = tempDir('launchdesk-backfill-progress-');
    // Token-2022 transactions the sandbox's index follows: the faucet minting the native coin (Token-2022) to a wallet.
    expect(sandbox.profile.mints.native.tokenProgram).toBe(TOKEN_2022_PROGRAM);
    const wallet = await generateKeyPairSigner();
    for (let i = 0; i < HISTORY; i++) {
      await sandbox.faucet.native(wallet.address, BigInt(i + 1) as TokenUnits);
      if (i % 50 === 49) sandbox.cluster.advanceSlots(1);
    }
    sandbox.cluster.advanceSlots(1);
  }, 120_000);
  afterAll(() => {
    sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the history found page by page, then each step taken in with the seconds left, applying in fewer, larger commits', async () => {
    const store = IndexStore.open(join(dir, 'index.sqlite'));
    const ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox), (p) => progress.push(p));
    const commits: bigint[] = [];
    const caches: number[] = [];
    store.onApplied((position) => {
      commits.push(position);
      caches.push(store.pageCacheKib);
    });
    expect(store.pageCacheKib).toBe(16_384);
    let after: number;
    try {
      await ingestor.start();
      after = store.pageCacheKib;
    } finally {
      ingestor.stop();
      store.close();
    }
    // 64 MiB of pages while the backfill's units go in, the reads' 16 MiB once it is done.
    expect(caches[0]).toBe(65_536);
    expect(after).toBe(16_384);
    const listing = progress.filter((p) => p.phase === 'listing');
    expect(listing.length).toBeGreaterThan(0);
    // At least a page of a thousand found (with the other programs' history read before it), before anything
    // is applied; the total is not known yet.
    expect(listing[0]).toEqual({ phase: 'listing', done: expect.any(Number), total: 0 });
    expect(listing[0]!.done).toBeGreaterThanOrEqual(1_000);
    expect(progress.indexOf(listing.at(-1)!)).toBeLessThan(progress.findIndex((p) => p.phase === 'backfill'));
    const backfill = progress.filter((p) => p.phase === 'backfill');
    const total = backfill[0]!.total;
    expect(total).toBeGreaterThanOrEqual(HISTORY);
    // Every batch but the last carries an estimate; the last, done, carries none.
    for (const p of backfill.slice(1, -1)) expect(p.secondsLeft).toEqual(expect.any(Number));
    expect(backfill.at(-1)).toEqual({ phase: 'backfill', done: total, total });
    // Shown step by step (200 transactions each), applied in larger units (a commit is most of a batch's cost):
    // here the whole history, read in well under the unit's second, in one commit.
    expect(commits.length).toBeGreaterThan(0);
    expect(commits.length).toBeLessThan(backfill.length - 1);
  });

  it('estimates at the rate so far, rounded up to whole seconds, and gives no estimate without a rate', () => {
    expect(secondsLeft(200, 1_000, 2_000)).toBe(8);
    expect(secondsLeft(300, 1_000, 1_000)).toBe(3); // 2.33 s left: 3
    expect(secondsLeft(0, 1_000, 5_000)).toBeNull();
    expect(secondsLeft(1_000, 1_000, 5_000)).toBeNull();
    expect(secondsLeft(10, 1_000, 0)).toBeNull();
  });
});
