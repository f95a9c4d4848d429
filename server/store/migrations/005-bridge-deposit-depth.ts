import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

export async function up(db: MigrationDb): Promise<void> {
  // A deposit seen on the source chain but not yet at the chain's confirmation depth (server/bridge/deposit-depth.ts):
  // noted on the waiting request (which reads `pending` meanwhile) until it is final and recorded as the
  // deposit, or forgotten when a reorganisation takes it out of the chain. Empty on every other request, so the
  // rows stored before this migration read exactly as they did.
  await db.schema
    .alterTable('bridge_requests')
    .addColumn('seen_deposit_tx_hash', 'text')
    // Confirmations when last read (the deposit's own block counted), and the depth it needs.
    .addColumn('seen_deposit_confirmations', 'integer')
    .addColumn('seen_deposit_required', 'integer')
    // When its block was made: the quote's rate holds for a deposit made before the quote expired.
    .addColumn('seen_deposit_at', 'timestamptz')
    .execute();
  // The solver reads every seen deposit again when due: few rows among every quote ever stored.
  await db.schema
    .createIndex('bridge_requests_seen_deposit_idx')
    .on('bridge_requests')
    .column('next_attempt_at')
    .where(sql.ref('seen_deposit_tx_hash'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('bridge_requests_seen_deposit_idx').execute();
  for (const column of ['seen_deposit_at', 'seen_deposit_required', 'seen_deposit_confirmations', 'seen_deposit_tx_hash']) {
    await db.schema.alterTable('bridge_requests').dropColumn(column).execute();
  }
}
