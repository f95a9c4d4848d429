/**
 * Bridge requests and the deposit scan cursors. Every state change is one conditional UPDATE (see
 * bridge-request-moves.ts), so two app instances racing on a request cannot both move it; the solver's work
 * is claimed with a lease, like the background transactions.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { toBridgeRequest, toBridgeRequestOrUndefined, type BridgeRequest } from './bridge-request';
import { readBridgeCensus } from './bridge-request-census';
import {
  forgetSeenDeposit,
  markFailed,
  markFilled,
  markRefunded,
  type Fill,
  noteSeenDeposit,
  recordDeposit,
  startRefund,
  type DepositDecision,
  type RecordedDeposit,
  type SeenDeposit,
} from './bridge-request-moves';
import { initScanCursor, saveScanCursor, scanCursor } from './bridge-scan-cursors';
import { now } from './database-clock';
import { claimById, claimDue, releaseLease, renewLease } from './lease';
import { normalizeChainText } from './normalize-chain-text';
import type { Database } from './schema';
import { writeInTurn, type WriteOrder } from './write-in-turn';

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
  /** Token bridging: absent for the native coin on both sides, a plain transfer, no route. */
  tokens?: {
    tokenIn: string | null;
    tokenOut: string | null;
    payout: 'transfer' | 'swap';
    swapAmountIn: bigint | null;
    /** The quoted legs, JSON. */
    route: string;
  };
  /** What the solver expects to receive and what it is worth; absent, the fill pays exactly what was quoted (as requests quoted before these were stored). */
  economics?: BridgeEconomics;
}

/** What the solver expects to receive and what that is worth on the destination (server/bridge/bridge-route.ts). */
export interface BridgeEconomics {
  /** The bridge asset the deposit pays in; null is the native coin. */
  depositAsset: string | null;
  depositExpected: bigint;
  /** Set when a source swap makes the deposit: any amount from it up is filled. */
  depositMin: bigint | null;
  /** `depositExpected` on the destination before gas, and the gas taken from it, in the payout asset. */
  grossOut: bigint;
  gasOut: bigint;
  slippageBps: number;
  usdValue: number;
  /** A destination swap's measured and charged gas limit. */
  fillGasLimit: bigint | null;
  /** A swap-and-deposit's call, hashed (server/bridge/evm/evm-swap-deposit.ts). */
  depositCallHash: string | null;
  /** Whether the quote gave an approval to sign (the trader's allowance was short then). */
  approvalQuoted: boolean;
}

/** A deposit is in and the solver has not paid it (a fill or a refund) yet. */
const hasSolverWork = (eb: ExpressionBuilder<Database, 'bridge_requests'>): Expression<SqlBool> =>
  eb.or([eb('state', 'in', ['pending', 'refunding']), eb.and([eb('state', '=', 'waiting'), eb('seen_deposit_tx_hash', 'is not', null)])]);

export function createBridgeRepository(db: Kysely<Database>, writeOrder: WriteOrder = 'awaited') {
  return {
    insert: (request: NewBridgeRequest) => insertBridgeRequest(db, request),
    find: (id: string) => findBridgeRequest(db, id),
    /** A wallet's bridges, as trader or recipient, newest first; quotes never deposited to are left out. */
    listForWallet: (wallet: string, limit: number) => listBridgesForWallet(db, wallet, limit),
    /**
     * Records the confirmed deposit of a waiting request: `pending` when it may be filled, `refunding` (with the
     * reason) when it may not; with `claimMs`, also claims it for that long. Undefined when the request already
     * has a deposit (recorded by another path).
     */
    recordDeposit: (id: string, deposit: RecordedDeposit, decision: DepositDecision, claimMs?: number) => recordDeposit(db, id, deposit, decision, claimMs),
    ...seenDepositsAndCensus(db),
    /**
     * A second deposit for a request that already has one: stored as a request of its own (its id is the
     * deposit's hash) that goes straight to refunding, so the solver returns it like any refund. Seeing the
     * same deposit again changes nothing.
     */
    recordExtraDeposit: (request: BridgeRequest, deposit: RecordedDeposit, reason: string) => recordExtraDeposit(db, request, deposit, reason),
    /** Claims one request the solver has work on (a fill, a refund, a seen deposit to read again), for `leaseMs`. */
    claimDue: async (leaseMs: number): Promise<BridgeRequest | undefined> =>
      toBridgeRequestOrUndefined(await claimDue(db, 'bridge_requests', hasSolverWork, leaseMs)),
    /** How many requests the solver still has work on: a deposit is in and nothing is paid yet. */
    countWithSolverWork: async (): Promise<number> => {
      const { count } = await db
        .selectFrom('bridge_requests')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where(hasSolverWork)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    /** Claims the given request for `leaseMs` when it has solver work, is due and nobody holds it. */
    claim: async (id: string, leaseMs: number): Promise<BridgeRequest | undefined> =>
      toBridgeRequestOrUndefined(await claimById(db, 'bridge_requests', id, (eb) => eb('state', 'in', ['pending', 'refunding']), leaseMs)),
    /** Extends the running lease on a request while its work goes on. */
    renewLease: (id: string, leaseMs: number) => renewLease(db, 'bridge_requests', id, leaseMs),
    /** Lets go of a claimed request, to be looked at again after `delayMs`. */
    release: (id: string, delayMs: number, error?: string) => releaseLease(db, 'bridge_requests', id, delayMs, error ?? null),
    /**
     * Stores the payment about to be sent, only if none is stored: false means another instance stored one
     * first, and that one (never this) is what gets sent.
     */
    storePayment: (id: string, payment: { txHash: string; raw: string }, refundAmount?: bigint) => storePayment(db, id, payment, refundAmount),
    /** Forgets a stored payment that can never land (its nonce or blockhash is spent), so a new one may be signed. */
    dropPayment: (id: string, txHash: string) => dropPayment(db, id, txHash),
    /**
     * USD the solver owes on `chain` now: the quoted value of every request paying out there whose deposit is in
     * (or seen, below its depth) and whose fill has not confirmed, leaving out `except`.
     */
    outstandingUsd: (chain: string, except?: string) => outstandingUsd(db, chain, except),
    markFilled: (id: string, fill: Fill) => markFilled(db, id, fill),
    /**
     * Marks a request filled in turn (write-in-turn.ts): seen by every statement issued once `turnTaken`
     * settles. Only by the holder of the request's lease, whose move nothing else races: the caller answers
     * with `filledRow` instead of reading the row back.
     */
    markFilledInTurn: (id: string, fill: Fill) => writeInTurn(db, writeOrder, (session) => markFilled(session, id, fill)),
    /** The fill cannot be made: the deposit goes back. Any stored fill payment is known never to land. */
    startRefund: (id: string, reason: string) => startRefund(db, id, reason),
    markRefunded: (id: string, refund: { txHash: string; amount: bigint }) => markRefunded(db, id, refund),
    markFailed: (id: string, reason: string) => markFailed(db, id, reason),
    cursor: (chain: string) => scanCursor(db, chain),
    /**
     * Deletes quotes never deposited to that expired before `before`, and those asked for without an API key
     * (a page's session) that expired before `keylessBefore`: every quote is stored, most are never used.
     */
    forgetUnusedQuotes: (cutoffs: UnusedQuoteCutoffs) => forgetUnusedQuotes(db, cutoffs),
    /** Sets where a chain's scan starts, unless it has started already. */
    initCursor: (chain: string, cursor: string) => initScanCursor(db, chain, cursor),
    saveCursor: (chain: string, cursor: string) => saveScanCursor(db, chain, cursor),
  };
}

export type BridgeRepository = ReturnType<typeof createBridgeRepository>;

/** Deposits seen below their depth, noted on waiting requests (server/bridge/bridge-deposits.ts), and the census of phases. */
function seenDepositsAndCensus(db: Kysely<Database>) {
  return {
    /**
     * Notes a deposit seen below its depth on a waiting request (the first one seen, or the same one read
     * again), due to be read again in `recheckInMs`; undefined when the request is past waiting or notes
     * another deposit.
     */
    noteSeenDeposit: (id: string, seen: SeenDeposit, recheckInMs: number) => noteSeenDeposit(db, id, seen, recheckInMs),
    /** A seen deposit a reorganisation took out of the chain: the request waits for a deposit again. */
    forgetSeenDeposit: (id: string, txHash: string) => forgetSeenDeposit(db, id, txHash),
    /** How many requests are in each phase, and how long the oldest open one has waited (for the metrics). */
    census: () => readBridgeCensus(db),
  };
}

async function insertBridgeRequest(db: Kysely<Database>, request: NewBridgeRequest): Promise<BridgeRequest> {
  const row = await db
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
      ...(request.tokens && {
        token_in: request.tokens.tokenIn && normalizeChainText(request.tokens.tokenIn),
        token_out: request.tokens.tokenOut && normalizeChainText(request.tokens.tokenOut),
        payout: request.tokens.payout,
        swap_amount_in: request.tokens.swapAmountIn?.toString() ?? null,
        route: request.tokens.route,
      }),
      ...(request.economics && economicsColumns(request.economics)),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBridgeRequest(row);
}

function economicsColumns(economics: BridgeEconomics) {
  return {
    deposit_asset: economics.depositAsset && normalizeChainText(economics.depositAsset),
    deposit_expected: economics.depositExpected.toString(),
    deposit_min: economics.depositMin?.toString() ?? null,
    gross_out: economics.grossOut.toString(),
    gas_out: economics.gasOut.toString(),
    slippage_bps: economics.slippageBps,
    usd_value: economics.usdValue,
    fill_gas_limit: economics.fillGasLimit?.toString() ?? null,
    deposit_call_hash: economics.depositCallHash,
    approval_quoted: economics.approvalQuoted,
  };
}

async function findBridgeRequest(db: Kysely<Database>, id: string): Promise<BridgeRequest | undefined> {
  return toBridgeRequestOrUndefined(await db.selectFrom('bridge_requests').selectAll().where('id', '=', id).executeTakeFirst());
}

async function listBridgesForWallet(db: Kysely<Database>, wallet: string, limit: number): Promise<BridgeRequest[]> {
  const address = normalizeChainText(wallet);
  const rows = await db
    .selectFrom('bridge_requests')
    .selectAll()
    .where((eb) => eb.or([eb('trader', '=', address), eb('recipient', '=', address)]))
    .where('deposit_tx_hash', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toBridgeRequest);
}

async function recordExtraDeposit(db: Kysely<Database>, request: BridgeRequest, deposit: RecordedDeposit, reason: string): Promise<BridgeRequest | undefined> {
  const row = await db
    .insertInto('bridge_requests')
    .values({
      id: normalizeChainText(deposit.txHash),
      owner: request.owner,
      source_chain: request.sourceChain,
      destination_chain: request.destinationChain,
      trader: normalizeChainText(deposit.from),
      recipient: normalizeChainText(deposit.from),
      amount_in: deposit.amount.toString(),
      amount_out: '0',
      min_amount_out: '0',
      fee_amount: '0',
      estimated_seconds: 0,
      state: 'refunding',
      expires_at: request.expiresAt,
      deposit_tx_hash: normalizeChainText(deposit.txHash),
      deposit_from: normalizeChainText(deposit.from),
      deposit_amount: deposit.amount.toString(),
      deposit_token: deposit.token ? normalizeChainText(deposit.token) : null,
      token_in: deposit.token ? normalizeChainText(deposit.token) : null,
      deposited_at: deposit.confirmedAt,
      reason,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  return toBridgeRequestOrUndefined(row);
}

async function storePayment(db: Kysely<Database>, id: string, payment: { txHash: string; raw: string }, refundAmount?: bigint): Promise<boolean> {
  const result = await db
    .updateTable('bridge_requests')
    .set({
      payment_tx_hash: normalizeChainText(payment.txHash),
      payment_raw_tx: payment.raw,
      ...(refundAmount === undefined ? {} : { refund_amount: refundAmount.toString() }),
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('payment_raw_tx', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function dropPayment(db: Kysely<Database>, id: string, txHash: string): Promise<void> {
  await db
    .updateTable('bridge_requests')
    .set({ payment_tx_hash: null, payment_raw_tx: null, updated_at: now() })
    .where('id', '=', id)
    .where('payment_tx_hash', '=', normalizeChainText(txHash))
    .execute();
}

export interface UnusedQuoteCutoffs {
  before: Date;
  keylessBefore: Date;
}

/** Owners of requests made without an API key (server/api/handlers/owner-of.ts): a page's session, or nobody. */
const KEYLESS_OWNER_PREFIX = 'session:';
const NO_OWNER = 'anonymous';

async function forgetUnusedQuotes(db: Kysely<Database>, { before, keylessBefore }: UnusedQuoteCutoffs): Promise<number> {
  const result = await db
    .deleteFrom('bridge_requests')
    .where('state', '=', 'waiting')
    .where('seen_deposit_tx_hash', 'is', null)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', before),
        eb.and([eb('expires_at', '<', keylessBefore), eb.or([eb('owner', 'like', `${KEYLESS_OWNER_PREFIX}%`), eb('owner', '=', NO_OWNER)])]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function outstandingUsd(db: Kysely<Database>, chain: string, except: string | undefined): Promise<number> {
  let query = db
    .selectFrom('bridge_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('usd_value'), eb.lit(0)).as('owed'))
    .where('destination_chain', '=', chain)
    .where((eb) => eb.or([eb('state', '=', 'pending'), eb.and([eb('state', '=', 'waiting'), eb('seen_deposit_tx_hash', 'is not', null)])]));
  if (except) query = query.where('id', '!=', except);
  const { owed } = await query.executeTakeFirstOrThrow();
  return Number(owed);
}
