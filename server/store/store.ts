import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { ConnectionMutex } from './pglite-dialect';
import type { Logger } from '@/server/observability/logger';
import type { Database } from './schema';
import type { WriteOrder } from './write-in-turn';

export interface StoreOptions {
  /** PostgreSQL connection string; when set, `dataDir` is ignored. */
  databaseUrl?: string;
  /** Folder for the embedded database (kept in `${dataDir}/pglite`); `memory://` or undefined: in memory. */
  dataDir?: string;
  /** How long to wait for another process to let go of the data folder before failing (default 15 s). */
  lockWaitMs?: number;
  /** Told when the data folder had to be made private (it was open to other users). */
  logger?: Pick<Logger, 'warn'>;
}

/** What `shared-pglite.ts` needs to serve an embedded database to other processes. */
export interface PGliteHandle {
  instance: PGlite;
  /** Held for every statement or transaction; anything else talking to `instance` must take it too. */
  mutex: ConnectionMutex;
  /** Absolute data folder, undefined for an in-memory database. */
  dataDir?: string;
}

export interface Store {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /** Whether a write may end after its caller answers (write-in-turn.ts). */
  writeOrder: WriteOrder;
  close(): Promise<void>;
  /** Present when this process owns an embedded PGlite database. */
  pglite?: PGliteHandle;
}
