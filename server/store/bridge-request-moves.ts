/**
 * The bridge request's state moves. Each is one conditional UPDATE (the row must still be in the state the
 * move starts from), so two app instances racing on a request cannot both move it. A deposit seen below its
 * depth is noted on the waiting request and forgotten again the same way, within `waiting`.
 */
import type { Kysely } from 'kysely';
import { canMoveBridge } from './bridge-state';
import { toBridgeRequestOrUndefined, type BridgeRequest, type BridgeRow } from './bridge-request';
import { msFromNow, now } from './database-clock';
import { normalizeChainText } from './normalize-chain-text';
import type { BridgeState, Database } from './schema';

export interface RecordedDeposit {
  txHash: string;
  from: string;
  amount: bigint;
  confirmedAt: Date;
  /** The token deposited; absent for the native coin. */
  token?: string;
}

/** A deposit seen on the source chain below its depth (not the request's deposit until it is final). */
export interface SeenDeposit {
  txHash: string;
  confirmations: number;
  required: number;
  /** When its block was made. */
  madeAt: Date;
}

export type DepositDecision = { state: 'pending' } | { state: 'refunding'; reason: string };

/** One guarded move: only from `from`, and only along the state machine. */
async function move(db: Kysely<Database>, id: string, from: BridgeState, to: BridgeState, values: Partial<BridgeRow>): Promise<BridgeRequest | undefined> {
  if (!canMoveBridge(from, to)) throw new Error(`bridge request cannot move from ${from} to ${to}`);
  const row = await db
    .updateTable('bridge_requests')
    .set({ ...values, state: to, updated_at: now() })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
  return toBridgeRequestOrUndefined(row);
}

// `now()` where the row type says Date: the database's clock, like every other timestamp it writes.
const nowAsDate = () => now() as unknown as Date;

const NOTHING_SEEN = { seen_deposit_tx_hash: null, seen_deposit_confirmations: null, seen_deposit_required: null, seen_deposit_at: null };

/**
 * With `claimMs`, the same write also claims the request for that long (as a solver's claim does). A deposit
 * noted while it was below its depth is the recorded one now (or was forgotten for it); the reads of it made
 * meanwhile (claims) do not count as attempts at the fill.
 */
export function recordDeposit(db: Kysely<Database>, id: string, deposit: RecordedDeposit, decision: DepositDecision, claimMs?: number) {
  const claim = claimMs === undefined ? { attempts: 0 } : { claimed_until: msFromNow(claimMs) as unknown as Date, attempts: 1 };
  return move(db, id, 'waiting', decision.state, {
    ...claim,
    ...NOTHING_SEEN,
    deposit_tx_hash: normalizeChainText(deposit.txHash),
    deposit_from: normalizeChainText(deposit.from),
    deposit_amount: deposit.amount.toString(),
    deposit_token: deposit.token ? normalizeChainText(deposit.token) : null,
    deposited_at: deposit.confirmedAt,
    reason: decision.state === 'refunding' ? decision.reason : null,
    next_attempt_at: nowAsDate(),
  });
}

/**
 * Notes a deposit seen below its depth on a waiting request (the first seen, or the same one read again), to
 * be read again in `recheckInMs`. Undefined when the request is no longer waiting or notes another deposit.
 */
export async function noteSeenDeposit(db: Kysely<Database>, id: string, seen: SeenDeposit, recheckInMs: number): Promise<BridgeRequest | undefined> {
  const txHash = normalizeChainText(seen.txHash);
  const row = await db
    .updateTable('bridge_requests')
    .set({
      seen_deposit_tx_hash: txHash,
      seen_deposit_confirmations: seen.confirmations,
      seen_deposit_required: seen.required,
      seen_deposit_at: seen.madeAt,
      next_attempt_at: msFromNow(recheckInMs),
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('state', '=', 'waiting')
    .where((eb) => eb.or([eb('seen_deposit_tx_hash', 'is', null), eb('seen_deposit_tx_hash', '=', txHash)]))
    .returningAll()
    .executeTakeFirst();
  return toBridgeRequestOrUndefined(row);
}

/** A seen deposit a reorganisation took out of the chain: the request waits for a deposit again (and lets go of its claim). */
export async function forgetSeenDeposit(db: Kysely<Database>, id: string, txHash: string): Promise<BridgeRequest | undefined> {
  const row = await db
    .updateTable('bridge_requests')
    .set({ ...NOTHING_SEEN, claimed_until: null, updated_at: now() })
    .where('id', '=', id)
    .where('state', '=', 'waiting')
    .where('seen_deposit_tx_hash', '=', normalizeChainText(txHash))
    .returningAll()
    .executeTakeFirst();
  return toBridgeRequestOrUndefined(row);
}

export interface Fill {
  txHash: string;
  amount: bigint;
}

export function markFilled(db: Kysely<Database>, id: string, fill: Fill) {
  return move(db, id, 'pending', 'success', {
    fill_tx_hash: normalizeChainText(fill.txHash),
    paid_amount: fill.amount.toString(),
    filled_at: nowAsDate(),
    claimed_until: null,
  });
}

/** A pending request as `markFilled` leaves it (with this process's clock for the times it sets). */
export function filledRow(request: BridgeRequest, fill: Fill): BridgeRequest {
  const at = new Date();
  return {
    ...request,
    state: 'success',
    fillTxHash: normalizeChainText(fill.txHash),
    paidAmount: fill.amount.toString(),
    filledAt: at,
    claimedUntil: null,
    updatedAt: at,
  };
}

export function startRefund(db: Kysely<Database>, id: string, reason: string) {
  return move(db, id, 'pending', 'refunding', {
    reason,
    payment_tx_hash: null,
    payment_raw_tx: null,
    claimed_until: null,
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
