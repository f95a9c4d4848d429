import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * Small values that must be the same for every instance, such as a generated app secret or the solver
 * address the contracts were last found for.
 */
export function createSettingsRepository(db: Kysely<Database>) {
  const read = async (key: string): Promise<string | undefined> =>
    (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

  return {
    read,
    /** Stores `value` under `key`, replacing what was there. */
    async put(key: string, value: string): Promise<void> {
      await db
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
    /**
     * Returns the stored value, storing `create()` first when there is none. Concurrent callers (in any
     * process) all get the one value that was stored first.
     */
    async getOrCreate(key: string, create: () => string): Promise<string> {
      const existing = await read(key);
      if (existing !== undefined) return existing;
      await db
        .insertInto('app_settings')
        .values({ key, value: create() })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      // A separate statement: under READ COMMITTED it sees a row a concurrent caller committed after our
      // insert's snapshot, which a single INSERT ... RETURNING could not.
      const stored = await read(key);
      if (stored === undefined) throw new Error(`The setting "${key}" vanished right after it was stored.`);
      return stored;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
