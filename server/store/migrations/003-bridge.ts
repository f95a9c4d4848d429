import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

export async function up(db: MigrationDb): Promise<void> {
  // One row per bridge quote: created when quoted (so a deposit sent straight from a wallet finds its terms),
  // moved by the solver through server/store/bridge-state.ts.
  await db.schema
    .createTable('bridge_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner', 'text', (column) => column.notNull())
    .addColumn('source_chain', 'text', (column) => column.notNull())
    .addColumn('destination_chain', 'text', (column) => column.notNull())
    .addColumn('trader', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('amount_in', 'text', (column) => column.notNull())
    .addColumn('amount_out', 'text', (column) => column.notNull())
    .addColumn('min_amount_out', 'text', (column) => column.notNull())
    .addColumn('fee_amount', 'text', (column) => column.notNull())
    .addColumn('estimated_seconds', 'integer', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('waiting', 'pending', 'success', 'refunding', 'refund', 'failure')`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('deposit_tx_hash', 'text', (column) => column.unique())
    .addColumn('deposit_from', 'text')
    .addColumn('deposit_amount', 'text')
    .addColumn('deposited_at', 'timestamptz')
    // A payment (fill or refund) is signed and stored before it is sent: only the stored one is ever sent.
    .addColumn('payment_tx_hash', 'text')
    .addColumn('payment_raw_tx', 'text')
    .addColumn('fill_tx_hash', 'text')
    .addColumn('paid_amount', 'text')
    .addColumn('filled_at', 'timestamptz')
    .addColumn('refund_tx_hash', 'text')
    .addColumn('refund_amount', 'text')
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('bridge_requests_due_idx').on('bridge_requests').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('bridge_requests_trader_idx').on('bridge_requests').columns(['trader', 'created_at']).execute();
  await db.schema.createIndex('bridge_requests_recipient_idx').on('bridge_requests').columns(['recipient', 'created_at']).execute();

  // Where each source chain's deposit scan continues after a restart.
  await db.schema
    .createTable('bridge_scan_cursors')
    .addColumn('chain', 'text', (column) => column.primaryKey())
    .addColumn('cursor', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('bridge_scan_cursors').execute();
  await db.schema.dropTable('bridge_requests').execute();
}
