import { sql } from 'kysely';
import type { MigrationDb } from './migration-db';

export async function up(db: MigrationDb): Promise<void> {
  // What the solver takes and pays (server/bridge/bridge-route.ts): the deposit is always one of its bridge
  // assets, and the fill is computed from the deposit actually made. Every column is empty on the rows quoted
  // before this migration, which are filled as they were quoted.
  await db.schema
    .alterTable('bridge_requests')
    // The bridge asset the deposit must pay in (empty: the native coin) and how much of it the quote expects;
    // `deposit_min` is set when a swap on the source chain makes the deposit (it may then be anything from
    // the minimum up), empty when the deposit must be exactly `deposit_expected`.
    .addColumn('deposit_asset', 'text')
    .addColumn('deposit_expected', 'text')
    .addColumn('deposit_min', 'text')
    // What `deposit_expected` is worth on the destination before gas (`gross_out`, in the payout asset: tokenOut
    // for a transfer, the native coin for a destination swap), and the gas taken from it (`gas_out`, same units).
    .addColumn('gross_out', 'text')
    .addColumn('gas_out', 'text')
    .addColumn('slippage_bps', 'integer')
    // USD value of the deposit as quoted: the exposure limits add these up.
    .addColumn('usd_value', 'double precision')
    // A destination swap's gas limit as the quote measured and charged it: the fill may not use more.
    .addColumn('fill_gas_limit', 'text')
    // A swap-and-deposit's call (Router and calldata), hashed: the signed deposit must make exactly this call.
    .addColumn('deposit_call_hash', 'text')
    // Whether the quote found the trader's allowance short (and so gave an approval to sign): execute reads the
    // allowance again only then.
    .addColumn('approval_quoted', 'boolean')
    .execute();
  // What the solver owes on a chain (bridge-limits.ts) is summed over the requests with a deposit in and no fill
  // yet: a handful, among the many quotes that were never deposited to (kept a week). A partial index holds
  // just those, so the sum read at every quote and fill stays as cheap however many quotes there are.
  await sql`create index bridge_requests_outstanding on bridge_requests (destination_chain)
    where state = 'pending' or (state = 'waiting' and seen_deposit_tx_hash is not null)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('bridge_requests_outstanding').execute();
  for (const column of [
    'approval_quoted',
    'deposit_call_hash',
    'fill_gas_limit',
    'usd_value',
    'slippage_bps',
    'gas_out',
    'gross_out',
    'deposit_min',
    'deposit_expected',
    'deposit_asset',
  ]) {
    await db.schema.alterTable('bridge_requests').dropColumn(column).execute();
  }
}
