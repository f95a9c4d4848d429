/**
 * The sale of a token deposit on its source chain, once the fill is paid: a deposit in a token the solver
 * does not keep (anything but the native coin and the stable) was valued at what the source pools pay for
 * it, and selling it through the project's Router realises that value. It runs after the fill, not before,
 * so the recipient never waits on it and a fill that cannot be made still returns the very token deposited.
 *
 * Like a payment, the sale's transactions (the Router's approval when the solver has none yet, then the
 * swap) are signed and stored before they are sent, and only the stored ones are ever sent; a sale whose
 * nonce another transaction took is signed anew. A sale that reverts (the price fell past the slippage) is
 * `failed`: the solver keeps the token, which the inventory shows.
 */
import type { ChainId } from '@/server/chains/registry';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import type { BridgeRow } from '@/server/store/bridge-repository';
import type { BridgeChain, SignedPayment } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { slippageKeeping } from './bridge-fill';
import { solverSwapRequest } from './bridge-route';

const SALE_WAIT_MS = 30_000;

export type ChainLock = <T>(chain: ChainId, work: () => Promise<T>) => Promise<T>;

interface StoredSale {
  /** The swap: its hash is the sale's. */
  trade: SignedPayment;
  /** Sent (and confirmed) before the swap. */
  approve?: SignedPayment;
}

async function signSale(deps: BridgeDeps, chain: BridgeChain, row: BridgeRow): Promise<StoredSale> {
  const token = row.deposit_token!;
  const quote = await deps.swaps!.quote(chain.chain, {
    ...solverSwapRequest(chain, {
      tokenIn: token, tokenOut: NATIVE_TOKEN_ADDRESS, amount: BigInt(row.deposit_amount!), slippageBps: slippageKeeping(BigInt(row.amount_out), BigInt(row.min_amount_out)),
    }),
    approval: { token, order: 'approve-then-trade' },
  });
  const approve = quote.transactions.approve ? await chain.signPrepared(quote.transactions.approve) : undefined;
  return { trade: await chain.signPrepared(quote.transactions.trade), ...(approve && { approve }) };
}

/** The stored sale, or a new one signed, stored and sent under the chain's signing lock. */
async function saleFor(deps: BridgeDeps, lock: ChainLock, chain: BridgeChain, row: BridgeRow): Promise<StoredSale & { justSent?: true }> {
  if (row.source_swap_raw) return JSON.parse(row.source_swap_raw) as StoredSale;
  const sent = await lock(chain.chain, async () => {
    const sale = await signSale(deps, chain, row);
    if (!(await deps.requests.storeSourceSwap(row.id, { txHash: sale.trade.txHash, raw: JSON.stringify(sale) }))) return undefined;
    if (sale.approve) await chain.broadcast(sale.approve.raw);
    await chain.broadcast(sale.trade.raw);
    return { ...sale, justSent: true as const };
  });
  if (sent) return sent;
  const stored = await deps.requests.find(row.id);
  return JSON.parse(stored!.source_swap_raw!) as StoredSale;
}

export async function sellDeposit(deps: BridgeDeps, lock: ChainLock, row: BridgeRow): Promise<void> {
  const chain = deps.chains[row.source_chain as ChainId];
  if (!chain || !deps.swaps || !row.deposit_token || !row.deposit_amount) {
    await deps.requests.release(row.id, 60_000, 'the deposit cannot be sold here: no quote engine or bridge on its chain');
    return;
  }
  const sale = await saleFor(deps, lock, chain, row);
  const justSent = sale.justSent ?? false;
  if (sale.approve && (await chain.settlePayment(sale.approve, SALE_WAIT_MS, { justSent })) !== 'confirmed') {
    await deps.requests.dropSourceSwap(row.id, sale.trade.txHash);
    await deps.requests.release(row.id, 2_000, 'the sale\'s approval did not confirm');
    return;
  }
  const state = await chain.settlePayment(sale.trade, SALE_WAIT_MS, { justSent });
  if (state === 'confirmed' || state === 'reverted') {
    await deps.requests.finishSourceSwap(row.id, state === 'confirmed' ? 'done' : 'failed', sale.trade.txHash);
    const log = state === 'confirmed' ? deps.logger.info : deps.logger.warn;
    log.call(deps.logger, state === 'confirmed' ? 'bridge deposit sold' : 'bridge deposit sale reverted; the solver keeps the token', {
      requestId: row.id, chain: chain.chain, txHash: sale.trade.txHash,
    });
    return;
  }
  if (state === 'dropped') await deps.requests.dropSourceSwap(row.id, sale.trade.txHash);
  await deps.requests.release(row.id, state === 'dropped' ? 0 : 2_000, `sale ${state}`);
}
