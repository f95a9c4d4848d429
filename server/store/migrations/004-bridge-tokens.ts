import type { MigrationDb } from './migration-db';

export async function up(db: MigrationDb): Promise<void> {
  // Token bridging (server/bridge/bridge-route.ts). Every column is empty for a native bridge, so the rows
  // quoted before this migration read exactly as they did.
  await db.schema
    .alterTable('bridge_requests')
    // The quoted tokens: empty is the native coin of that side's chain.
    .addColumn('token_in', 'text')
    .addColumn('token_out', 'text')
    // How the fill pays: empty or `transfer` (from the solver's inventory of token_out), `swap` (the solver
    // swaps swap_amount_in of its destination native coin into token_out for the recipient).
    .addColumn('payout', 'text')
    .addColumn('swap_amount_in', 'text')
    // The token the deposit actually paid in (a refund returns it): empty is the native coin.
    .addColumn('deposit_token', 'text')
    // The quoted route's legs (JSON), shown in the status details.
    .addColumn('route', 'text')
    // A deposit in a token the solver does not keep as inventory is sold on the source chain after the fill:
    // `due` until sold, then `done` (or `failed`: the solver keeps the token). Its transactions (approval
    // and swap, JSON) are signed and stored before they are sent, like a payment.
    .addColumn('source_swap', 'text')
    .addColumn('source_swap_raw', 'text')
    .addColumn('source_swap_tx_hash', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of [
    'source_swap_tx_hash',
    'source_swap_raw',
    'source_swap',
    'route',
    'deposit_token',
    'swap_amount_in',
    'payout',
    'token_out',
    'token_in',
  ]) {
    await db.schema.alterTable('bridge_requests').dropColumn(column).execute();
  }
}
