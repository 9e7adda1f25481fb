import type { Signature } from '@solana/kit';
import type { Build } from '../../engine/build.js';
import { openPostgres, PgStatements, reaching, type Pg } from '../../storage/postgres/pg-connection.js';
import { ensurePgSchema } from '../../storage/postgres/pg-schema.js';
import { LEDGER_SCHEMA, LEDGER_SQL } from './build-ledger-sql.js';
import { buildRowOf, KEEP_MS, ledgerBuildOf, sentTransactionOf, type BuildLedger, type LedgerBuild, type SentTransaction } from './build-ledger.js';

/**
 * The build ledger in PostgreSQL, shared by the hosted service's replicas (build-ledger.ts says what it
 * keeps), with the SQLite ledger's statements (build-ledger-sql.ts): a build answered by one replica can be
 * sent through another, and `claim` is one UPDATE, so of two replicas claiming a build at once exactly one
 * wins (the other's UPDATE waits for the row, then finds it `sending`).
 */
export class PgBuildLedger implements BuildLedger {
  private readonly statements: PgStatements;

  private constructor(
    private readonly sql: Pg,
    private readonly owned: boolean,
  ) {
    this.statements = new PgStatements(sql);
  }

  /** Opens the ledger on a pool (kept open by its owner) or a URL (closed with the ledger), creating its tables when missing. */
  static async open(database: Pg | string): Promise<PgBuildLedger> {
    const sql = typeof database === 'string' ? openPostgres(database) : database;
    try {
      await ensurePgSchema(sql, LEDGER_SCHEMA);
    } catch (error) {
      if (typeof database === 'string') await sql.end();
      throw error;
    }
    return new PgBuildLedger(sql, typeof database === 'string');
  }

  private reach<T>(work: () => Promise<T>): Promise<T> {
    return reaching(this.sql, work);
  }

  record(build: Build): Promise<void> {
    return this.reach(async () => {
      await this.sql.begin(async (tx) => {
        await this.statements.runOn(tx, LEDGER_SQL.insert, buildRowOf(build));
        await this.statements.runOn(tx, LEDGER_SQL.forgetSent, [build.createdAt - KEEP_MS]);
        await this.statements.runOn(tx, LEDGER_SQL.forgetBuilds, [build.createdAt - KEEP_MS]);
      });
    });
  }

  get(id: string): Promise<LedgerBuild | null> {
    return this.reach(async () => {
      const row = await this.statements.get(LEDGER_SQL.get, id);
      return row ? ledgerBuildOf(row) : null;
    });
  }

  claim(id: string, now: number): Promise<boolean> {
    return this.reach(async () => (await this.statements.run(LEDGER_SQL.claim, now, id)) === 1);
  }

  release(id: string): Promise<void> {
    return this.reach(async () => void (await this.statements.run(LEDGER_SQL.release, id)));
  }

  progress(id: string, signatures: readonly Signature[], outcome: 'sent' | 'failed' | null, detail: string | null = null): Promise<void> {
    return this.reach(async () => {
      await this.sql.begin(async (tx) => {
        await this.statements.runOn(tx, LEDGER_SQL.progress, [JSON.stringify(signatures), outcome, detail, id]);
        for (const signature of signatures) await this.statements.runOn(tx, LEDGER_SQL.sent, [signature, id]);
      });
    });
  }

  sentTransaction(signature: Signature): Promise<SentTransaction | null> {
    return this.reach(async () => {
      const row = await this.statements.get(LEDGER_SQL.sentTransaction, signature);
      return row ? sentTransactionOf(row) : null;
    });
  }

  count(): Promise<number> {
    return this.reach(async () => Number((await this.statements.get<{ n: bigint }>(LEDGER_SQL.count))!.n));
  }

  async close(): Promise<void> {
    if (this.owned) await this.sql.end();
  }
}
