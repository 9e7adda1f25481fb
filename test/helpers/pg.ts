import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openPostgres, type Pg } from '../../core/storage/postgres/pg-connection.js';
import { createDatabase } from '../../core/storage/postgres/private-cluster.js';

/** The run's private cluster (test/pg-cluster-setup.ts); throws, with the fix, where PostgreSQL is missing. */
export function clusterUrl(): string {
  const url = inject('postgresUrl');
  if (!url) throw new Error('no PostgreSQL for this test: install it (bash .ci/setup-machine) so the run can start a private cluster');
  return url;
}

/** A new, empty database in the run's cluster, for one test file: its URL, and a drop for afterAll. */
export async function freshDatabase(prefix = 't'): Promise<{ readonly url: string; readonly drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(clusterUrl(), name);
  return {
    url,
    drop: async () => {
      const again = openPostgres(clusterUrl(), { max: 1 });
      try {
        await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}

export type { Pg };
