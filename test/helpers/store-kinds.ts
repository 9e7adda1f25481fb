import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freshDatabase } from './pg.js';
import { tempDir } from './sandbox.js';

/** One backend of a store under test: made fresh for a describe block, opened (again, for a second replica), removed. */
export interface StoreKind<Store> {
  readonly name: 'SQLite' | 'PostgreSQL';
  setUp(): Promise<void>;
  open(): Promise<Store>;
  tearDown(): Promise<void>;
}

/**
 * The two backends a shared store runs on, for a contract test run once per backend: SQLite in a file of a new
 * temporary folder, and PostgreSQL in a new database of the run's cluster (test/helpers/pg.ts). `open` may be
 * called twice on one set-up: two stores on the same data, as two replicas have them.
 */
export function storeKinds<Store>(name: string, open: { readonly sqlite: (path: string) => Store | Promise<Store>; readonly postgres: (url: string) => Promise<Store> }): StoreKind<Store>[] {
  let dir = '';
  let db: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  return [
    {
      name: 'SQLite',
      setUp: async () => void (dir = tempDir(`launchdesk-${name}-`)),
      open: async () => open.sqlite(join(dir, `${name}.sqlite`)),
      tearDown: async () => rmSync(dir, { recursive: true, force: true }),
    },
    {
      name: 'PostgreSQL',
      setUp: async () => void (db = await freshDatabase(name.replace(/[^a-z0-9]/g, ''))),
      open: () => open.postgres(db!.url),
      tearDown: async () => db?.drop(),
    },
  ];
}
