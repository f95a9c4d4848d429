/**
 * The store: one schema and one set of migrations over either PostgreSQL (when DATABASE_URL is set) or an
 * embedded PGlite database (in memory, or in `${dataDir}/pglite`).
 *
 * Type parsing is the same on both engines: `bigint` columns (and `count(*)`) arrive as JS `bigint`,
 * `integer` as `number`, `timestamptz` as `Date`, `numeric` as `string`.
 *
 * The rest of the app imports the store from here; the pieces live beside it: the tables (schema.ts), each
 * engine (postgres-store.ts, pglite-store.ts), the data folder lock and the migration runner.
 */
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { openPGliteStore } from './pglite-store';
import { createPgPool, openPostgresStore } from './postgres-store';
import type { Store, StoreOptions } from './store';

export * from './schema';
export type { PGliteHandle, Store, StoreOptions } from './store';
export { DataDirBusyError, lockDataDir, type DataDirLock } from './data-dir-lock';
export { migrateToLatest } from './migrate-to-latest';
export { openPGliteStore } from './pglite-store';
export { createPgPool, openPostgresStore } from './postgres-store';

const DEFAULT_LOCK_WAIT_MS = 15_000;
const POSTGRES_POOL_MAX = 10;

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    return openPostgresStore(createPgPool({ connectionString: options.databaseUrl, max: POSTGRES_POOL_MAX }), 'postgres');
  }
  const dataDir = options.dataDir;
  if (dataDir === undefined || dataDir.startsWith('memory://')) return openPGliteStore(undefined, undefined);
  const root = path.resolve(dataDir);
  const lock = await lockDataDir(root, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  return openPGliteStore(root, lock, options.logger);
}
