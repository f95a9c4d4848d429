import type { MigrationDb } from './migrations/migration-db';
import { Migrator } from 'kysely';
import { migrationProvider } from './migrations';

export async function migrateToLatest(db: MigrationDb): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration ${failed ? `"${failed}" ` : ''}failed: ${reason}`, { cause: error });
  }
}

/** Migrates a freshly built `db`, destroying it when that fails so a failed open leaves nothing running. */
export async function migrateOrDestroy(db: MigrationDb): Promise<void> {
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
