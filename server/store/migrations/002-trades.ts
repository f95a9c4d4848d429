import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('trades')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Who made it: `key:<id>`, `session:<id>` or `dev:local`; history is per owner.
    .addColumn('owner', 'text', (column) => column.notNull())
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('api', 'text', (column) => column.notNull())
    .addColumn('side', 'text', (column) => column.notNull())
    .addColumn('wallet', 'text', (column) => column.notNull())
    .addColumn('token_in', 'text', (column) => column.notNull())
    .addColumn('token_out', 'text', (column) => column.notNull())
    .addColumn('amount_in', 'text', (column) => column.notNull())
    .addColumn('quoted_amount_out', 'text', (column) => column.notNull())
    .addColumn('amount_out', 'text')
    .addColumn('spent', 'text')
    .addColumn('received', 'text')
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('PENDING', 'SUCCESS', 'FAILED')`))
    .addColumn('parsed_error', 'text')
    // Idempotency: one row per broadcast trade transaction.
    .addColumn('tx_hash', 'text', (column) => column.notNull().unique())
    .addColumn('explorer_url', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('trades_owner_created_idx').on('trades').columns(['owner', 'created_at']).execute();
  await db.schema.createIndex('trades_wallet_created_idx').on('trades').columns(['wallet', 'created_at']).execute();

  // Transactions sent after a response (the approval after a BUY): retried from here after a restart.
  await db.schema
    .createTable('background_txs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('wallet', 'text', (column) => column.notNull())
    .addColumn('tx_hash', 'text', (column) => column.notNull().unique())
    .addColumn('raw_tx', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('pending', 'confirmed', 'failed')`))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('background_txs_due_idx').on('background_txs').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('background_txs').execute();
  await db.schema.dropTable('trades').execute();
}
