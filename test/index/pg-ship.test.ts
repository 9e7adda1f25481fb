import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { startHostedIndex, type HostedIndexService } from '../../core/index/hosted-index.js';
import { openPostgres, type Pg } from '../../core/storage/postgres/pg-connection.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { tempDir } from '../helpers/sandbox.js';
import { freshDatabase } from '../helpers/pg.js';
import { fileTables, hostedTables } from '../helpers/index-tables.js';
import { indexChainOnce } from './chain-index.js';

/**
 * The hosted index's writer (core/index/hosted-index.ts) over a seeded sandbox market: every batch it applies to
 * its working SQLite file is shipped to PostgreSQL statement for statement, so PostgreSQL's tables equal the
 * file's, and both equal an embedded index that read the same chain on its own.
 */
describe('the hosted index: one writer ships every batch to PostgreSQL', () => {
  let sandbox: Sandbox;
  let dir: string;
  let url: string;
  let drop: () => Promise<void>;
  let pg: Pg;
  let writer: HostedIndexService | null = null;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0, market: { state: 'seeded' } });
    dir = tempDir('launchdesk-pg-ship-');
    ({ url, drop } = await freshDatabase('ship'));
    pg = openPostgres(url, { max: 2 });
  }, 120_000);
  afterAll(async () => {
    await writer?.stop();
    await pg?.end();
    await drop?.();
    await sandbox?.close();
  });

  it('holds the same rows as its working file and as an embedded index of the same chain', async () => {
    const states: string[] = [];
    writer = await startHostedIndex({ chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, postgresUrl: url, workDir: dir, onState: (state) => states.push(state) });
    await writer.ingestor.idle();
    await writer.ingestor.lookupFunders();
    await writer.shipped();
    // A fresh hosted index: the backfill went in by COPY (index-load.ts), and the log starts there.
    expect(states).toEqual(['catching-up', 'writing', 'writing']);
    const [start] = await pg.unsafe('SELECT MIN(batch) AS first FROM index_log');
    expect(start!.first).toBeGreaterThan(1n);

    const embeddedPath = join(dir, 'embedded.sqlite');
    await indexChainOnce(sandbox, embeddedPath);

    const hosted = await hostedTables(pg);
    expect(hosted.coins!.length).toBeGreaterThan(10);
    expect(hosted.trades!.length).toBeGreaterThan(50);
    expect(hosted).toEqual(fileTables(join(dir, 'index-writer.sqlite')));
    expect(hosted).toEqual(fileTables(embeddedPath));
    const [log] = await pg.unsafe('SELECT COUNT(*) AS n, MAX(position) AS position FROM index_log');
    expect(log!.n).toBeGreaterThan(0n);
    expect(log!.position).toBe(await writer.store.stream.position());
  }, 180_000);

  it('a second writer started beside it stands by, follows the log, and takes over when the first stops', async () => {
    const standbyDir = tempDir('launchdesk-pg-standby-');
    const states: string[] = [];
    const second = startHostedIndex({ chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, postgresUrl: url, workDir: standbyDir, pollMs: 100, onState: (state, detail) => states.push(`${state}: ${detail}`) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The log starts at the bulk load's batch: the standby starts from a copy of the tables, then follows.
    expect(states).toEqual(['standby: another writer holds the hosted index: following its log until it stops', expect.stringMatching(/^standby: the hosted index's log starts at batch \d+ and this file holds up to 0: copying the hosted tables$/)]);
    await writer!.stop();
    writer = await second;
    expect(states.slice(2).map((line) => line.split(':')[0])).toEqual(['catching-up', 'writing']);
    await writer.ingestor.idle();
    await writer.shipped();
    expect(await hostedTables(pg)).toEqual(fileTables(join(standbyDir, 'index-writer.sqlite')));
  }, 120_000);
});
