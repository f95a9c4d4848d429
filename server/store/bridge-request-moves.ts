/**
 * The bridge request's state moves. Each is one conditional UPDATE (the row must still be in the state the
 * move starts from), so two app instances racing on a request cannot both move it.
 */
import { sql, type Kysely } from 'kysely';
import { canMoveBridge } from '@/server/bridge/bridge-state';
import type { BridgeRow, RecordedDeposit } from './bridge-repository';
import { msFromNow, now } from './database-clock';
import { normalizeChainText } from './normalize-chain-text';
import type { BridgeState, Database } from './schema';

export type DepositDecision = { state: 'pending' } | { state: 'refunding'; reason: string };

/** One guarded move: only from `from`, and only along the state machine. */
async function move(
  db: Kysely<Database>,
  id: string,
  from: BridgeState,
  to: BridgeState,
  values: Partial<BridgeRow>,
): Promise<BridgeRow | undefined> {
  if (!canMoveBridge(from, to)) throw new Error(`bridge request cannot move from ${from} to ${to}`);
  return db
    .updateTable('bridge_requests')
    .set({ ...values, state: to, updated_at: now() })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

// `now()` where the row type says Date: the database's clock, like every other timestamp it writes.
const nowAsDate = () => now() as unknown as Date;

/** With `claimMs`, the same write also claims the request for that long (as a solver's claim does). */
export function recordDeposit(db: Kysely<Database>, id: string, deposit: RecordedDeposit, decision: DepositDecision, claimMs?: number) {
  const claim = claimMs === undefined ? {} : {
    claimed_until: msFromNow(claimMs) as unknown as Date,
    attempts: sql<number>`attempts + 1` as unknown as number,
  };
  return move(db, id, 'waiting', decision.state, {
    ...claim,
    deposit_tx_hash: normalizeChainText(deposit.txHash),
    deposit_from: normalizeChainText(deposit.from),
    deposit_amount: deposit.amount.toString(),
    deposit_token: deposit.token ? normalizeChainText(deposit.token) : null,
    deposited_at: deposit.confirmedAt,
    reason: decision.state === 'refunding' ? decision.reason : null,
    next_attempt_at: nowAsDate(),
  });
}

export function markFilled(db: Kysely<Database>, id: string, fill: { txHash: string; amount: bigint }) {
  return move(db, id, 'pending', 'success', {
    fill_tx_hash: normalizeChainText(fill.txHash),
    paid_amount: fill.amount.toString(),
    filled_at: nowAsDate(),
    claimed_until: null,
  });
}

export function startRefund(db: Kysely<Database>, id: string, reason: string) {
  return move(db, id, 'pending', 'refunding', {
    reason, payment_tx_hash: null, payment_raw_tx: null, claimed_until: null,
    next_attempt_at: nowAsDate(),
  });
}

export function markRefunded(db: Kysely<Database>, id: string, refund: { txHash: string; amount: bigint }) {
  return move(db, id, 'refunding', 'refund', {
    refund_tx_hash: normalizeChainText(refund.txHash),
    refund_amount: refund.amount.toString(),
    claimed_until: null,
  });
}

export function markFailed(db: Kysely<Database>, id: string, reason: string) {
  return move(db, id, 'refunding', 'failure', { reason, claimed_until: null });
}
