import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

export async function up(db: MigrationDb): Promise<void> {
  // What a key may reach (server/auth/key-scope.ts). Every key stored before reaches the interface only: an
  // operator key is made on purpose, never by an upgrade. The check keeps any other writer to the known
  // scopes; a new scope comes with a migration that widens it.
  await db.schema
    .alterTable('api_keys')
    .addColumn('scope', 'text', (column) =>
      column
        .notNull()
        .defaultTo('api')
        .check(sql`scope in ('api', 'operator')`),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('scope').execute();
}
