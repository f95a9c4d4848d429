/**
 * Trades (per owner and per wallet, for history and idempotent execute) and the background transactions
 * that follow them (the approval after a BUY), claimed safely across app instances.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { canMoveTrade } from '@/server/trading/trade-state';
import type { BackgroundTxsTable, Database, TradeStatus, TradesTable } from './database';

export type TradeRow = Selectable<TradesTable>;

/** EVM hex is case-insensitive and stored lower-case; base58 (Solana) is case-sensitive and kept as is. */
export function normalizeChainText(text: string): string {
  return text.startsWith('0x') ? text.toLowerCase() : text;
}
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

export function createTradeRepository(db: Kysely<Database>) {
  return {
    /** Inserts a PENDING trade; undefined when a trade with this transaction hash exists already. */
    async insertPending(trade: NewTrade): Promise<TradeRow | undefined> {
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
    },

    async findByTxHash(txHash: string): Promise<TradeRow | undefined> {
      return db.selectFrom('trades').selectAll().where('tx_hash', '=', normalizeChainText(txHash)).executeTakeFirst();
    },

    /** Settles a PENDING trade; a trade already settled keeps its outcome (the first settlement wins). */
    async settle(id: string, settlement: TradeSettlement): Promise<TradeRow | undefined> {
      if (!canMoveTrade('PENDING', settlement.status)) throw new Error(`a trade cannot move to ${settlement.status}`);
      return db
        .updateTable('trades')
        .set({
          status: settlement.status,
          amount_out: settlement.amountOut ?? null,
          spent: settlement.spent ?? null,
          received: settlement.received ?? null,
          parsed_error: settlement.parsedError ?? null,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returningAll()
        .executeTakeFirst();
    },

    async history(filter: { owner: string; wallet?: string; chain?: string; limit: number }): Promise<TradeRow[]> {
      let query = db.selectFrom('trades').selectAll().where('owner', '=', filter.owner);
      if (filter.wallet) query = query.where('wallet', '=', normalizeChainText(filter.wallet));
      if (filter.chain) query = query.where('chain', '=', filter.chain);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    },

    async enqueueBackgroundTx(tx: { chain: string; wallet: string; txHash: string; rawTx: string; purpose: string }): Promise<void> {
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
    },

    /**
     * Claims one due background transaction for `leaseMs`: a claimed row is invisible to other instances
     * until its lease runs out (a crashed claimer's work is picked up again).
     */
    async claimDueBackgroundTx(leaseMs: number): Promise<BackgroundTxRow | undefined> {
      return db
        .updateTable('background_txs')
        .set({
          claimed_until: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`,
          attempts: sql<number>`attempts + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', (eb) =>
          eb.selectFrom('background_txs')
            .select('id')
            .where('status', '=', 'pending')
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

    async finishBackgroundTx(id: string, outcome: { status: 'confirmed' | 'failed'; error?: string }): Promise<void> {
      await db
        .updateTable('background_txs')
        .set({ status: outcome.status, last_error: outcome.error ?? null, claimed_until: null, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async retryBackgroundTxLater(id: string, delayMs: number, error: string): Promise<void> {
      await db
        .updateTable('background_txs')
        .set({
          next_attempt_at: sql<Date>`now() + ${`${delayMs} milliseconds`}::interval`,
          claimed_until: null,
          last_error: error,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type TradeRepository = ReturnType<typeof createTradeRepository>;
