/** Where each chain's deposit scan has got to, so a restarted solver resumes instead of rescanning. */
import type { Kysely } from 'kysely';
import { now } from './database-clock';
import type { Database } from './schema';

export async function scanCursor(db: Kysely<Database>, chain: string): Promise<string | undefined> {
  const row = await db.selectFrom('bridge_scan_cursors').select('cursor').where('chain', '=', chain).executeTakeFirst();
  return row?.cursor;
}

/** Sets where a chain's scan starts, unless it has started already. */
export async function initScanCursor(db: Kysely<Database>, chain: string, cursor: string): Promise<void> {
  await db
    .insertInto('bridge_scan_cursors')
    .values({ chain, cursor })
    .onConflict((conflict) => conflict.column('chain').doNothing())
    .execute();
}

export async function saveScanCursor(db: Kysely<Database>, chain: string, cursor: string): Promise<void> {
  await db
    .insertInto('bridge_scan_cursors')
    .values({ chain, cursor })
    .onConflict((conflict) => conflict.column('chain').doUpdateSet({ cursor, updated_at: now() }))
    .execute();
}
