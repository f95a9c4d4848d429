/**
 * Sends the transactions that follow a response (the approval after a BUY) from storage: each due row is
 * claimed with a lease (so one instance sends it, and a crashed instance's claim expires), broadcast, and
 * confirmed or retried with backoff. Failures are logged only; they never change the trade's outcome.
 */
import { z } from 'zod';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { JsonRpcError } from '@/server/chains/json-rpc';
import type { ChainId } from '@/server/chains/registry';
import { createWorkLoop, type WorkLoop } from '@/server/jobs/work-loop';
import type { Logger } from '@/server/observability/logger';
import type { BackgroundTxRow, TradeRepository } from '@/server/store/trade-repository';

export interface BackgroundSender extends Omit<WorkLoop, 'start'> {
  /** Poll for due work every `intervalMs` (default 5 s). */
  start(intervalMs?: number): void;
}

const LEASE_MS = 90_000;
const MAX_ATTEMPTS = 5;
const RECEIPT_WAIT_MS = 60_000;
const receiptStatus = z.object({ status: z.string() }).nullable();

export function createBackgroundSender(deps: { chains: ChainDirectory; trades: TradeRepository; logger: Logger }): BackgroundSender {
  async function receipt(row: BackgroundTxRow) {
    return receiptStatus.parse(await deps.chains[row.chain as ChainId].rpc.request('eth_getTransactionReceipt', [row.tx_hash]));
  }

  async function sendOne(row: BackgroundTxRow): Promise<void> {
    const rpc = deps.chains[row.chain as ChainId].rpc;
    try {
      if (!(await receipt(row))) {
        try {
          await rpc.request('eth_sendRawTransaction', [row.raw_tx]);
        } catch (error) {
          // "already known": an earlier attempt got it into the pool; wait for it like a fresh send.
          if (!(error instanceof JsonRpcError) || !/already known|already imported|nonce too low/i.test(error.message)) throw error;
        }
      }
      const deadline = Date.now() + RECEIPT_WAIT_MS;
      let mined = await receipt(row);
      while (!mined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        mined = await receipt(row);
      }
      if (!mined) throw new Error('not mined in time');
      const ok = mined.status === '0x1';
      await deps.trades.finishBackgroundTx(row.id, { status: ok ? 'confirmed' : 'failed', error: ok ? undefined : 'reverted' });
      if (!ok) deps.logger.warn('background transaction reverted', { chain: row.chain, txHash: row.tx_hash, purpose: row.purpose });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        await deps.trades.finishBackgroundTx(row.id, { status: 'failed', error: message });
        deps.logger.warn('background transaction given up', { chain: row.chain, txHash: row.tx_hash, purpose: row.purpose, error: message });
      } else {
        await deps.trades.retryBackgroundTxLater(row.id, 2_000 * 2 ** row.attempts, message);
        deps.logger.info('background transaction will be retried', { chain: row.chain, txHash: row.tx_hash, attempts: row.attempts, error: message });
      }
    }
  }

  const loop = createWorkLoop('background sender', async () => {
    for (let row = await deps.trades.claimDueBackgroundTx(LEASE_MS); row; row = await deps.trades.claimDueBackgroundTx(LEASE_MS)) {
      await sendOne(row);
    }
  }, deps.logger);
  return { ...loop, start: (intervalMs = 5_000) => loop.start(intervalMs) };
}
