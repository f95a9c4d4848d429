import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('key_prefix', 'text', (column) => column.notNull())
    .addColumn('rate_limit_per_minute', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(600)
        .check(sql`rate_limit_per_minute > 0`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  // Revocation looks keys up by their displayed prefix.
  await db.schema.createIndex('api_keys_key_prefix_idx').on('api_keys').column('key_prefix').execute();

  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('bucket', 'text', (column) => column.notNull())
    .addColumn('window_start', 'bigint', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('rate_limit_windows_pkey', ['bucket', 'window_start'])
    .execute();
  // Pruning deletes by age across all buckets; the primary key leads with the bucket and cannot serve it.
  await db.schema.createIndex('rate_limit_windows_window_start_idx').on('rate_limit_windows').column('window_start').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
  await db.schema.dropTable('rate_limit_windows').execute();
  await db.schema.dropTable('api_keys').execute();
}
