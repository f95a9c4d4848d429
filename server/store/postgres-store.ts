/**
 * The store over a pg pool: a PostgreSQL server, or PGlite served over its socket (shared-pglite.ts). Types
 * parse as the PGlite store parses them; see database.ts.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateOrDestroy } from './migrate-to-latest';
import { once } from './once';
import type { Database } from './schema';
import type { Store } from './store';

/** Opens a Kysely store over a pg pool (a PostgreSQL server, or PGlite served over its socket). */
export async function openPostgresStore(pool: pg.Pool, engine: Store['engine']): Promise<Store> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateOrDestroy(db);
  return { db, engine, writeOrder: 'awaited', close: once(() => db.destroy()) };
}

/** A pg pool that parses like the PGlite store does; see the note at the top of database.ts. */
export function createPgPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, types: { getTypeParser: getPgTypeParser } });
  // An idle client whose server connection drops is discarded by the pool; the next query reconnects or
  // fails where a caller sees it. Without a listener the 'error' event would crash the process.
  pool.on('error', () => undefined);
  // A client checked out for a query has no pool listener: a connection dropped mid-query rejects that query,
  // and then emits 'error' on the client, which would crash the process (a database restart must not).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export const INT8_OID = 20;

const getPgTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_OID && format !== 'binary'
    ? (value: string) => BigInt(value)
    : // pg-types declares its parsers as returning any.
      (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser;
