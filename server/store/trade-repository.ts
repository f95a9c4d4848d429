/**
 * Trades (per owner and per wallet, for history and idempotent execute) and the background transactions
 * that follow them (the approval after a BUY), claimed safely across app instances.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { canMoveTrade } from './trade-state';
import { now } from './database-clock';
import { claimDue, releaseLease } from './lease';
import { normalizeChainText } from './normalize-chain-text';
import { writeInTurn, type WriteOrder } from './write-in-turn';
import type { BackgroundTxsTable, Database, TradeStatus, TradesTable } from './schema';

export type TradeRow = Selectable<TradesTable>;
export type BackgroundTxRow = Selectable<BackgroundTxsTable>;

export interface NewTrade {
  owner: string;
  chain: string;
  /** Who asked (stored in the `api` column: the endpoint version that issued the quote). */
  channel: string;
  side: string;
  wallet: string;
  tokenIn: string;
  tokenOut: string;
  amountIn: string;
  quotedAmountOut: string;
  txHash: string;
  explorerUrl: string;
}

export interface TradeSettlement {
  status: Exclude<TradeStatus, 'PENDING'>;
  amountOut?: string;
  spent?: string;
  received?: string;
  parsedError?: string;
}

export interface TradeHistoryFilter {
  /** One owner's trades, or (with a wallet) every owner's whose label starts with `ownerPrefix`. */
  owner: string | { prefix: string };
  wallet?: string;
  chain?: string;
  limit: number;
}

export interface BackgroundTxOutcome {
  status: 'confirmed' | 'failed';
  error?: string;
}

export interface NewBackgroundTx {
  chain: string;
  wallet: string;
  txHash: string;
  rawTx: string;
  purpose: string;
}

export function createTradeRepository(db: Kysely<Database>, writeOrder: WriteOrder = 'awaited') {
  return {
    /** Inserts a PENDING trade; undefined when a trade with this transaction hash exists already. */
    insertPending: (trade: NewTrade) => insertPendingTrade(db, trade),
    /**
     * Deletes a PENDING trade this request inserted before its checks refused it: nothing was sent, and the
     * same signed transaction sent again is checked afresh.
     */
    discardPending: async (id: string) => {
      await db.deleteFrom('trades').where('id', '=', id).where('status', '=', 'PENDING').execute();
    },
    findByTxHash: (txHash: string) => findTradeByTxHash(db, txHash),
    /** Settles a PENDING trade; a trade already settled keeps its outcome (the first settlement wins). */
    settle: (id: string, settlement: TradeSettlement) => settleTrade(db, id, settlement),
    /**
     * Settles a PENDING trade in turn (write-in-turn.ts): seen by every statement issued once `turnTaken`
     * settles. For a settlement any other would equal (a success read from its receipt), so the caller can
     * answer with `settledRow` instead of reading the row back.
     */
    settleInTurn: (id: string, settlement: TradeSettlement) => writeInTurn(db, writeOrder, (session) => settleTrade(session, id, settlement)),
    history: (filter: TradeHistoryFilter) => tradeHistory(db, filter),
    enqueueBackgroundTx: (tx: NewBackgroundTx) => enqueueBackgroundTx(db, tx),
    /**
     * Claims one due background transaction for `leaseMs`: a claimed row is invisible to other instances
     * until its lease runs out (a crashed claimer's work is picked up again).
     */
    claimDueBackgroundTx: (leaseMs: number): Promise<BackgroundTxRow | undefined> =>
      claimDue(db, 'background_txs', (eb) => eb('status', '=', 'pending'), leaseMs),
    finishBackgroundTx: (id: string, outcome: BackgroundTxOutcome) => finishBackgroundTx(db, id, outcome),
    retryBackgroundTxLater: (id: string, delayMs: number, error: string) => releaseLease(db, 'background_txs', id, delayMs, error),
  };
}

export type TradeRepository = ReturnType<typeof createTradeRepository>;

async function insertPendingTrade(db: Kysely<Database>, trade: NewTrade): Promise<TradeRow | undefined> {
  return db
    .insertInto('trades')
    .values({
      id: `trd_${randomUUID().replaceAll('-', '')}`,
      owner: trade.owner,
      chain: trade.chain,
      api: trade.channel,
      side: trade.side,
      wallet: normalizeChainText(trade.wallet),
      token_in: trade.tokenIn,
      token_out: trade.tokenOut,
      amount_in: trade.amountIn,
      quoted_amount_out: trade.quotedAmountOut,
      status: 'PENDING',
      tx_hash: normalizeChainText(trade.txHash),
      explorer_url: trade.explorerUrl,
    })
    .onConflict((conflict) => conflict.column('tx_hash').doNothing())
    .returningAll()
    .executeTakeFirst();
}

async function findTradeByTxHash(db: Kysely<Database>, txHash: string): Promise<TradeRow | undefined> {
  return db.selectFrom('trades').selectAll().where('tx_hash', '=', normalizeChainText(txHash)).executeTakeFirst();
}

/** A PENDING row as `settle` leaves it. */
export function settledRow(row: TradeRow, settlement: TradeSettlement): TradeRow {
  return {
    ...row,
    status: settlement.status,
    amount_out: settlement.amountOut ?? null,
    spent: settlement.spent ?? null,
    received: settlement.received ?? null,
    parsed_error: settlement.parsedError ?? null,
    updated_at: new Date(),
  };
}

async function settleTrade(db: Kysely<Database>, id: string, settlement: TradeSettlement): Promise<TradeRow | undefined> {
  if (!canMoveTrade('PENDING', settlement.status)) throw new Error(`a trade cannot move to ${settlement.status}`);
  return db
    .updateTable('trades')
    .set({
      status: settlement.status,
      amount_out: settlement.amountOut ?? null,
      spent: settlement.spent ?? null,
      received: settlement.received ?? null,
      parsed_error: settlement.parsedError ?? null,
      updated_at: now(),
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}

async function tradeHistory(db: Kysely<Database>, filter: TradeHistoryFilter): Promise<TradeRow[]> {
  let query =
    typeof filter.owner === 'string'
      ? db.selectFrom('trades').selectAll().where('owner', '=', filter.owner)
      : db.selectFrom('trades').selectAll().where('owner', 'like', `${filter.owner.prefix}%`);
  if (filter.wallet) query = query.where('wallet', '=', normalizeChainText(filter.wallet));
  if (filter.chain) query = query.where('chain', '=', filter.chain);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

async function enqueueBackgroundTx(db: Kysely<Database>, tx: NewBackgroundTx): Promise<void> {
  await db
    .insertInto('background_txs')
    .values({
      id: `btx_${randomUUID().replaceAll('-', '')}`,
      chain: tx.chain,
      wallet: normalizeChainText(tx.wallet),
      tx_hash: normalizeChainText(tx.txHash),
      raw_tx: tx.rawTx,
      purpose: tx.purpose,
      status: 'pending',
    })
    .onConflict((conflict) => conflict.column('tx_hash').doNothing())
    .execute();
}

async function finishBackgroundTx(db: Kysely<Database>, id: string, outcome: BackgroundTxOutcome): Promise<void> {
  await db
    .updateTable('background_txs')
    .set({ status: outcome.status, last_error: outcome.error ?? null, claimed_until: null, updated_at: now() })
    .where('id', '=', id)
    .execute();
}
