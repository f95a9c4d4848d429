/** The store over an embedded PGlite database, in memory or in a locked data folder. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Logger } from '@/server/observability/logger';
import type { DataDirLock } from './data-dir-lock';
import { migrateOrDestroy } from './migrate-to-latest';
import { keepNewClusterCopy, newClusterCopy } from './new-cluster-copy';
import { once } from './once';
import { ConnectionMutex, PGliteDialect } from './pglite-dialect';
import { holdPrivateUmask, tightenDataDir } from './private-data-dir';
import { INT8_OID } from './postgres-store';
import type { Database } from './schema';
import type { Store } from './store';

// PGlite's default turns int8 into a number when it fits and a bigint otherwise; one type is easier to use.
const PGLITE_PARSERS = { [INT8_OID]: (value: string) => BigInt(value) };

/** Opens PGlite; a new database starts from the kept copy of a new cluster when there is one (new-cluster-copy.ts). */
async function startPGlite(dir: string | undefined, started: (instance: PGlite) => void): Promise<PGlite> {
  const isNew = dir === undefined || !existsSync(dir);
  const copy = isNew ? newClusterCopy() : undefined;
  const instance = new PGlite(dir ?? 'memory://', { parsers: PGLITE_PARSERS, ...(copy ? { loadDataDir: copy } : {}) });
  started(instance);
  await instance.waitReady;
  if (isNew && !copy) await keepNewClusterCopy(await instance.dumpDataDir('none'));
  return instance;
}

/**
 * Opens PGlite in `${root}/pglite` (or in memory without a root); `lock` is released when the store closes.
 * The data folder is kept private (private-data-dir.ts); `logger` hears when it was not.
 */
export async function openPGliteStore(root: string | undefined, lock: DataDirLock | undefined, logger?: Pick<Logger, 'warn'>): Promise<Store> {
  let instance: PGlite | undefined;
  const releaseUmask = root ? holdPrivateUmask() : () => undefined;
  try {
    if (root) await makePrivate(root, logger);
    const pglite = await startPGlite(root ? path.join(root, 'pglite') : undefined, (started) => {
      instance = started;
    });
    // PGlite sets its own modes (0666) on the files it writes at open: taken back here, not worth a warning.
    if (root) await tightenDataDir(root);
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
          releaseUmask();
          await lock?.release();
        }
      }),
    };
  } catch (error) {
    if (instance && !instance.closed) await instance.close().catch(() => undefined);
    releaseUmask();
    await lock?.release();
    throw error;
  }
}

/** A data folder left open to other users (by an older version, or a copy made with a loose umask) is closed now. */
async function makePrivate(root: string, logger: Pick<Logger, 'warn'> | undefined): Promise<void> {
  const tightened = await tightenDataDir(root);
  if (tightened > 0) {
    logger?.warn('the data folder was open to other users: group and other permissions removed', { dataDir: root, entries: tightened });
  }
}
