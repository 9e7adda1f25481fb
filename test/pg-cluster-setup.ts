import type { TestProject } from 'vitest/node';
import { canStartPrivateCluster, startPrivateCluster } from '../core/storage/postgres/private-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's private PostgreSQL cluster (its `postgres` database), or '' where PostgreSQL is not installed. */
    postgresUrl: string;
  }
}

/**
 * Vitest's global setup: one private PostgreSQL cluster for the run (core/storage/postgres/private-cluster.ts),
 * stopped and deleted when the run ends. Each test file makes its own database in it (test/helpers/pg.ts), so
 * files running side by side never see each other's rows. A machine without PostgreSQL gets '' and the
 * PostgreSQL tests say so by failing: CI installs it (.ci/setup-machine).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (!canStartPrivateCluster()) {
    project.provide('postgresUrl', '');
    return () => {};
  }
  const cluster = await startPrivateCluster({ fast: true });
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
