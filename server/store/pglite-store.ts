/** The store over an embedded PGlite database, in memory or in a locked data folder. */
import { existsSync } from 'node:fs';
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

/**
 * A new database starts as the cluster initdb makes, which costs seconds of CPU (4–5 s on 2 loaded cores).
 * A process that opens several new databases (the test suites open dozens; the app opens one) takes a copy
 * of the second one it made, before any migration, and starts the next ones from that copy (under a second):
 * the same files initdb would have written.
 */
let newClustersMade = 0;
let newCluster: Blob | undefined;

async function startPGlite(dir: string | undefined, started: (instance: PGlite) => void): Promise<PGlite> {
  const isNew = dir === undefined || !existsSync(dir);
  const copy = isNew ? newCluster : undefined;
  const instance = new PGlite(dir ?? 'memory://', { parsers: PGLITE_PARSERS, ...(copy ? { loadDataDir: copy } : {}) });
  started(instance);
  await instance.waitReady;
  if (isNew && !copy && ++newClustersMade >= 2) newCluster = await instance.dumpDataDir('none');
  return instance;
}

/** Opens PGlite in `${root}/pglite` (or in memory without a root); `lock` is released when the store closes. */
export async function openPGliteStore(root: string | undefined, lock: DataDirLock | undefined): Promise<Store> {
  let instance: PGlite | undefined;
  try {
    const pglite = await startPGlite(root ? path.join(root, 'pglite') : undefined, (started) => {
      instance = started;
    });
    const mutex = new ConnectionMutex();
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite, mutex }) });
    await migrateOrDestroy(db);
    return {
      db,
      engine: 'pglite',
      // This process owns the one session: statements take it in turn.
      writeOrder: 'session',
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
