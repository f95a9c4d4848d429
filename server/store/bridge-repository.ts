/**
 * Bridge requests and the deposit scan cursors. Every state change is one conditional UPDATE (the row must
 * still be in the state the move starts from), so two app instances racing on a request cannot both move it;
 * the solver's work is claimed with a lease, like the background transactions.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { canMoveBridge } from '@/server/bridge/bridge-state';
import type { BridgeRequestsTable, BridgeState, Database } from './database';
import { normalizeChainText } from './trade-repository';

export type BridgeRow = Selectable<BridgeRequestsTable>;

export interface NewBridgeRequest {
  id: string;
  owner: string;
  sourceChain: string;
  destinationChain: string;
  trader: string;
  recipient: string;
  amountIn: bigint;
  amountOut: bigint;
  minAmountOut: bigint;
  feeAmount: bigint;
  estimatedSeconds: number;
  expiresAt: Date;
}

export interface RecordedDeposit {
  txHash: string;
  from: string;
  amount: bigint;
  confirmedAt: Date;
}

export function createBridgeRepository(db: Kysely<Database>) {
  /** One guarded move: only from `from`, and only along the state machine. */
  async function move(id: string, from: BridgeState, to: BridgeState, values: Partial<BridgeRow>): Promise<BridgeRow | undefined> {
    if (!canMoveBridge(from, to)) throw new Error(`bridge request cannot move from ${from} to ${to}`);
    return db
      .updateTable('bridge_requests')
      .set({ ...values, state: to, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('state', '=', from)
      .returningAll()
      .executeTakeFirst();
  }

  return {
    async insert(request: NewBridgeRequest): Promise<BridgeRow> {
      return db
        .insertInto('bridge_requests')
        .values({
          id: request.id,
          owner: request.owner,
          source_chain: request.sourceChain,
          destination_chain: request.destinationChain,
          trader: normalizeChainText(request.trader),
          recipient: normalizeChainText(request.recipient),
          amount_in: request.amountIn.toString(),
          amount_out: request.amountOut.toString(),
          min_amount_out: request.minAmountOut.toString(),
          fee_amount: request.feeAmount.toString(),
          estimated_seconds: request.estimatedSeconds,
          state: 'waiting',
          expires_at: request.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(id: string): Promise<BridgeRow | undefined> {
      return db.selectFrom('bridge_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A wallet's bridges, as trader or recipient, newest first; quotes never deposited to are left out. */
    async listForWallet(wallet: string, limit: number): Promise<BridgeRow[]> {
      const address = normalizeChainText(wallet);
      return db
        .selectFrom('bridge_requests')
        .selectAll()
        .where((eb) => eb.or([eb('trader', '=', address), eb('recipient', '=', address)]))
        .where('deposit_tx_hash', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Records the confirmed deposit of a waiting request: `pending` when it may be filled, `refunding` (with the
     * reason) when it may not. Undefined when the request already has a deposit (recorded by another path).
     */
    async recordDeposit(id: string, deposit: RecordedDeposit, decision: { state: 'pending' } | { state: 'refunding'; reason: string }): Promise<BridgeRow | undefined> {
      return move(id, 'waiting', decision.state, {
        deposit_tx_hash: normalizeChainText(deposit.txHash),
        deposit_from: normalizeChainText(deposit.from),
        deposit_amount: deposit.amount.toString(),
        deposited_at: deposit.confirmedAt,
        reason: decision.state === 'refunding' ? decision.reason : null,
        next_attempt_at: sql<Date>`now()` as unknown as Date,
      });
    },

    /**
     * A second deposit for a request that already has one: stored as a request of its own (its id is the
     * deposit's hash) that goes straight to refunding, so the solver returns it like any refund. Seeing the
     * same deposit again changes nothing.
     */
    async recordExtraDeposit(request: BridgeRow, deposit: RecordedDeposit, reason: string): Promise<BridgeRow | undefined> {
      return db
        .insertInto('bridge_requests')
        .values({
          id: normalizeChainText(deposit.txHash),
          owner: request.owner,
          source_chain: request.source_chain,
          destination_chain: request.destination_chain,
          trader: normalizeChainText(deposit.from),
          recipient: normalizeChainText(deposit.from),
          amount_in: deposit.amount.toString(),
          amount_out: '0',
          min_amount_out: '0',
          fee_amount: '0',
          estimated_seconds: 0,
          state: 'refunding',
          expires_at: request.expires_at,
          deposit_tx_hash: normalizeChainText(deposit.txHash),
          deposit_from: normalizeChainText(deposit.from),
          deposit_amount: deposit.amount.toString(),
          deposited_at: deposit.confirmedAt,
          reason,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** Claims one request the solver has work on (a fill or a refund), for `leaseMs`. */
    async claimDue(leaseMs: number): Promise<BridgeRow | undefined> {
      return db
        .updateTable('bridge_requests')
        .set({
          claimed_until: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`,
          attempts: sql<number>`attempts + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', (eb) =>
          eb.selectFrom('bridge_requests')
            .select('id')
            .where('state', 'in', ['pending', 'refunding'])
            .where('next_attempt_at', '<=', sql<Date>`now()`)
            .where((inner) => inner.or([inner('claimed_until', 'is', null), inner('claimed_until', '<', sql<Date>`now()`)]))
            .orderBy('next_attempt_at')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** Lets go of a claimed request, to be looked at again after `delayMs`. */
    async release(id: string, delayMs: number, error?: string): Promise<void> {
      await db
        .updateTable('bridge_requests')
        .set({
          claimed_until: null,
          next_attempt_at: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval`,
          last_error: error ?? null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Stores the payment about to be sent, only if none is stored: false means another instance stored one
     * first, and that one (never this) is what gets sent.
     */
    async storePayment(id: string, payment: { txHash: string; raw: string }, refundAmount?: bigint): Promise<boolean> {
      const result = await db
        .updateTable('bridge_requests')
        .set({
          payment_tx_hash: normalizeChainText(payment.txHash),
          payment_raw_tx: payment.raw,
          ...(refundAmount === undefined ? {} : { refund_amount: refundAmount.toString() }),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('payment_raw_tx', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Forgets a stored payment that can never land (its nonce or blockhash is spent), so a new one may be signed. */
    async dropPayment(id: string, txHash: string): Promise<void> {
      await db
        .updateTable('bridge_requests')
        .set({ payment_tx_hash: null, payment_raw_tx: null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('payment_tx_hash', '=', normalizeChainText(txHash))
        .execute();
    },

    markFilled(id: string, fill: { txHash: string; amount: bigint }) {
      return move(id, 'pending', 'success', {
        fill_tx_hash: normalizeChainText(fill.txHash),
        paid_amount: fill.amount.toString(),
        filled_at: sql<Date>`now()` as unknown as Date,
        claimed_until: null,
      });
    },

    /** The fill cannot be made: the deposit goes back. Any stored fill payment is known never to land. */
    startRefund(id: string, reason: string) {
      return move(id, 'pending', 'refunding', {
        reason, payment_tx_hash: null, payment_raw_tx: null, claimed_until: null,
        next_attempt_at: sql<Date>`now()` as unknown as Date,
      });
    },

    markRefunded(id: string, refund: { txHash: string; amount: bigint }) {
      return move(id, 'refunding', 'refund', {
        refund_tx_hash: normalizeChainText(refund.txHash),
        refund_amount: refund.amount.toString(),
        claimed_until: null,
      });
    },

    markFailed(id: string, reason: string) {
      return move(id, 'refunding', 'failure', { reason, claimed_until: null });
    },

    async cursor(chain: string): Promise<string | undefined> {
      const row = await db.selectFrom('bridge_scan_cursors').select('cursor').where('chain', '=', chain).executeTakeFirst();
      return row?.cursor;
    },

    /** Deletes quotes never deposited to that expired before `before`: every quote is stored, most are never used. */
    async forgetUnusedQuotes(before: Date): Promise<number> {
      const result = await db.deleteFrom('bridge_requests').where('state', '=', 'waiting').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Sets where a chain's scan starts, unless it has started already. */
    async initCursor(chain: string, cursor: string): Promise<void> {
      await db.insertInto('bridge_scan_cursors').values({ chain, cursor }).onConflict((conflict) => conflict.column('chain').doNothing()).execute();
    },

    async saveCursor(chain: string, cursor: string): Promise<void> {
      await db
        .insertInto('bridge_scan_cursors')
        .values({ chain, cursor })
        .onConflict((conflict) => conflict.column('chain').doUpdateSet({ cursor, updated_at: sql<Date>`now()` }))
        .execute();
    },
  };
}

export type BridgeRepository = ReturnType<typeof createBridgeRepository>;
