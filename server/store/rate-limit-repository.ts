import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

/** Counters per (bucket, window start); shared by every app instance on the same database. */
export function createRateLimitRepository(db: Kysely<Database>) {
  return {
    /** Counts one hit in the window and returns the window's count including it. */
    async hit(bucket: string, windowStart: number): Promise<number> {
      // One statement, so concurrent hits from any number of instances each get a distinct count.
      const row = await db
        .insertInto('rate_limit_windows')
        .values({ bucket, window_start: windowStart, count: 1 })
        .onConflict((conflict) =>
          conflict.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_windows.count + 1` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** Deletes windows that started before `olderThan` (unix ms). */
    async prune(olderThan: number): Promise<void> {
      await db.deleteFrom('rate_limit_windows').where('window_start', '<', BigInt(olderThan)).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
