/**
 * Sends the transactions that follow a response (the approval after a BUY) from storage: each due row is
 * claimed with a lease (so one instance sends it, and a crashed instance's claim expires), broadcast, and
 * confirmed or retried with backoff. Failures are logged only; they never change the trade's outcome.
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { chainFamily } from '@/server/chains/chain-family';
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

export function createBackgroundSender(deps: { chains: ChainDirectory; trades: TradeRepository; logger: Logger }): BackgroundSender {
  async function sendOne(row: BackgroundTxRow): Promise<void> {
    const chain = deps.chains[row.chain as ChainId];
    try {
      // An earlier attempt may have got it into the pool or mined: then it is waited for like a fresh send.
      const sent = await chainFamily(chain.info.id).sendAndWait(
        chain,
        { raw: row.raw_tx, hash: row.tx_hash },
        {
          timeoutMs: RECEIPT_WAIT_MS,
          resend: true,
          lookFirst: true,
        },
      );
      if (!sent.landed) throw new Error('not mined in time');
      const ok = sent.succeeded;
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

  // Stopping, the transaction in hand is finished and no other is claimed: its lease would hold it from the
  // other instances until it expired.
  const loop = createWorkLoop(
    'background sender',
    async (control) => {
      while (!control.stopping()) {
        const row = await deps.trades.claimDueBackgroundTx(LEASE_MS);
        if (!row) return;
        await sendOne(row);
      }
    },
    deps.logger,
  );
  return { ...loop, start: (intervalMs = 5_000) => loop.start(intervalMs) };
}
