/** The store over an embedded PGlite database, in memory or in a locked data folder. */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { DataDirLock } from './data-dir-lock';
import { migrateOrDestroy } from './migrate-to-latest';
import { once } from './once';
import { ConnectionMutex, PGliteDialect } from './pglite-dialect';
import { INT8_OID } from './postgres-store';
import type { Database } from './schema';
import type { Store } from './store';

// PGlite's default turns int8 into a number when it fits and a bigint otherwise; one type is easier to use.
const PGLITE_PARSERS = { [INT8_OID]: (value: string) => BigInt(value) };

/** Opens PGlite in `${root}/pglite` (or in memory without a root); `lock` is released when the store closes. */
export async function openPGliteStore(root: string | undefined, lock: DataDirLock | undefined): Promise<Store> {
  let instance: PGlite | undefined;
  try {
    instance = new PGlite(root ? path.join(root, 'pglite') : 'memory://', { parsers: PGLITE_PARSERS });
    await instance.waitReady;
    const pglite = instance;
    const mutex = new ConnectionMutex();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite, mutex }) });
    await migrateOrDestroy(db);
    return {
      db,
      engine: 'pglite',
      pglite: { instance: pglite, mutex, dataDir: root },
      close: once(async () => {
        try {
          await db.destroy();
          await pglite.close();
        } finally {
          await lock?.release();
        }
      }),
    };
  } catch (error) {
    if (instance && !instance.closed) await instance.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}
