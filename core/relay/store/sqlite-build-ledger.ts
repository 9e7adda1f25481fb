import Database from 'better-sqlite3';
import type { Signature } from '@solana/kit';
import type { Build } from '../../engine/build.js';
import { openSqliteStore } from '../../storage/sqlite-store.js';
import { LEDGER_SCHEMA, LEDGER_SQL } from './build-ledger-sql.js';
import { buildRowOf, KEEP_MS, ledgerBuildOf, sentTransactionOf, type BuildLedger, type LedgerBuild, type SentTransaction } from './build-ledger.js';

/** The build ledger in one SQLite file (build-ledger.ts says what it keeps); every answer is synchronous. */
export class SqliteBuildLedger implements BuildLedger {
  private readonly statements: { readonly [K in keyof typeof LEDGER_SQL]: Database.Statement };

  private constructor(private readonly db: Database.Database) {
    this.statements = Object.fromEntries(Object.entries(LEDGER_SQL).map(([name, text]) => [name, db.prepare(text)])) as SqliteBuildLedger['statements'];
  }

  static open(path: string): SqliteBuildLedger {
    return new SqliteBuildLedger(openSqliteStore(path, LEDGER_SCHEMA));
  }

  record(build: Build): void {
    this.db.transaction(() => {
      this.statements.insert.run(...buildRowOf(build));
      this.statements.forgetSent.run(build.createdAt - KEEP_MS);
      this.statements.forgetBuilds.run(build.createdAt - KEEP_MS);
    })();
  }

  get(id: string): LedgerBuild | null {
    const row = this.statements.get.get(id) as Record<string, unknown> | undefined;
    return row ? ledgerBuildOf(row) : null;
  }

  claim(id: string, now: number): boolean {
    return this.statements.claim.run(now, id).changes === 1;
  }

  release(id: string): void {
    this.statements.release.run(id);
  }

  progress(id: string, signatures: readonly Signature[], outcome: 'sent' | 'failed' | null, detail: string | null = null): void {
    this.db.transaction(() => {
      this.statements.progress.run(JSON.stringify(signatures), outcome, detail, id);
      for (const signature of signatures) this.statements.sent.run(signature, id);
    })();
  }

  sentTransaction(signature: Signature): SentTransaction | null {
    const row = this.statements.sentTransaction.get(signature) as Record<string, unknown> | undefined;
    return row ? sentTransactionOf(row) : null;
  }

  count(): number {
    return (this.statements.count.get() as { n: number }).n;
  }

  close(): void {
    this.db.close();
  }
}
