/**
 * Work claimed with a lease, shared by the bridge requests and the background transactions. A claim takes
 * the oldest due row that nobody holds (`FOR UPDATE SKIP LOCKED`, so concurrent instances take different
 * rows) and holds it until `claimed_until`; a claimer that crashes lets go when its lease runs out.
 */
import { sql, type ExpressionBuilder, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { msFromNow, now } from './database-clock';
import type { Database } from './schema';

/** Tables whose rows are work items: due at `next_attempt_at`, held until `claimed_until`. */
export type LeasedTable = 'bridge_requests' | 'background_txs';

type HasWork<T extends LeasedTable> = (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
// Kysely cannot check a query over a generic table; over both tables at once it checks the shared columns.
const overBoth = <T extends LeasedTable>(hasWork: HasWork<T>) => hasWork as unknown as HasWork<LeasedTable>;

/** What a claim writes: the lease, one more attempt. */
const claimed = (leaseMs: number) => ({ claimed_until: msFromNow(leaseMs), attempts: sql<number>`attempts + 1`, updated_at: now() });

/** Due, and nobody holds it (never claimed, or the lease ran out). */
const dueAndFree = (eb: ExpressionBuilder<Database, LeasedTable>) =>
  eb.and([eb('next_attempt_at', '<=', now()), eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now())])]);

/** Claims the oldest due row of `table` that `hasWork` accepts and nobody holds, for `leaseMs`. */
export async function claimDue<T extends LeasedTable>(
  db: Kysely<Database>,
  table: T,
  hasWork: HasWork<T>,
  leaseMs: number,
): Promise<Selectable<Database[T]> | undefined> {
  // Kysely's builders are typed over the union of leased tables, not one generic member of it.
  const leased: LeasedTable = table;
  const row = await db
    .updateTable(leased)
    .set(claimed(leaseMs))
    .where('id', '=', (eb) =>
      eb.selectFrom(leased).select('id').where(overBoth(hasWork)).where(dueAndFree).orderBy('next_attempt_at').limit(1).forUpdate().skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/** Lets go of a claimed row, to be claimed again after `delayMs`. */
export async function releaseLease(db: Kysely<Database>, table: LeasedTable, id: string, delayMs: number, error: string | null): Promise<void> {
  await db
    .updateTable(table)
    .set({ claimed_until: null, next_attempt_at: msFromNow(delayMs), last_error: error, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Claims one given row for `leaseMs` if it has work, is due and nobody holds it: for work that should start
 * at once in the process that made it (a deposit execute just recorded), instead of at the next round.
 */
export async function claimById<T extends LeasedTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  hasWork: HasWork<T>,
  leaseMs: number,
): Promise<Selectable<Database[T]> | undefined> {
  const leased: LeasedTable = table;
  const row = await db
    .updateTable(leased)
    .set(claimed(leaseMs))
    .where('id', '=', id)
    .where(overBoth(hasWork))
    .where(dueAndFree)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/**
 * Extends a lease that is still running, while its work goes on: a holder that dies stops renewing, so its
 * work is taken over one short lease later. A lease that already ran out is not taken back.
 */
export async function renewLease(db: Kysely<Database>, table: LeasedTable, id: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ claimed_until: msFromNow(leaseMs) })
    .where('id', '=', id)
    .where('claimed_until', '>', now())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
