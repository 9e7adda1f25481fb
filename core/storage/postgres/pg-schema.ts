import { schemaToPostgres } from '../sql-dialect.js';
import { assertReadableVersion, READ_STORE_VERSION, STORE_VERSIONS_SCHEMA, WRITE_STORE_VERSION, type StoreSchema } from '../store-version.js';
import { databaseOf, lockFor, PgStatements, reaching, type Pg } from './pg-connection.js';

/**
 * Creates a kept store's tables on PostgreSQL when missing and writes its version, as the SQLite stores do
 * on open (sqlite-store.ts), with the same texts. Replicas may start together: one lock (per database) makes
 * them create in turn, since concurrent CREATE … IF NOT EXISTS of one table can still collide in PostgreSQL.
 */
export async function ensurePgSchema(sql: Pg, schema: StoreSchema): Promise<void> {
  const statements = new PgStatements(sql);
  await reaching(sql, () =>
    sql.begin(async (tx) => {
      await lockFor(tx, 'launchdesk store schemas');
      await tx.unsafe(schemaToPostgres(STORE_VERSIONS_SCHEMA));
      const [row] = await statements.on<{ version: bigint }>(tx, READ_STORE_VERSION, [schema.store]);
      assertReadableVersion(schema, row ? Number(row.version) : null, databaseOf(sql));
      await tx.unsafe(schemaToPostgres(schema.schema));
      for (const statement of schema.postgresOnly ?? []) await tx.unsafe(statement);
      await statements.runOn(tx, WRITE_STORE_VERSION, [schema.store, schema.version]);
    }),
  );
}
