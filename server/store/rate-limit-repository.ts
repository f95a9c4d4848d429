import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

/** Counters per (bucket, window start); shared by every app instance on the same database. */
export function createRateLimitRepository(db: Kysely<Database>) {
  /** Adds `hits` to the window's count and returns the count including them. */
  async function add(bucket: string, windowStart: number, hits: number): Promise<number> {
    // One statement, so concurrent additions from any number of instances each see a distinct count.
    const row = await db
      .insertInto('rate_limit_windows')
      .values({ bucket, window_start: windowStart, count: hits })
      .onConflict((conflict) => conflict.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_windows.count + ${hits}` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  return {
    add,

    /** Counts one hit in the window and returns the window's count including it. */
    hit: (bucket: string, windowStart: number): Promise<number> => add(bucket, windowStart, 1),

    /** Deletes windows that started before `olderThan` (unix ms). */
    async prune(olderThan: number): Promise<void> {
      await db.deleteFrom('rate_limit_windows').where('window_start', '<', BigInt(olderThan)).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
