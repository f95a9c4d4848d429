/**
 * How a stored bridge request reads from outside: the interface's status shape (2.12), the tracker's
 * details, and the answer bridge execute gives (2.11).
 */
import { formatUnits } from 'viem';
import type { z } from 'zod';
import type { bridgeDetails, bridgeExecuteOutput, bridgeStatusOutput } from '@/server/api/contract/bridge';
import { CHAINS, explorerTxUrl, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { BridgeRow } from '@/server/store/bridge-repository';
import { publicBridgeStatus } from './bridge-state';
import { trackingUrl, type BridgeDeps } from './bridge-deps';

type BridgeStatusAnswer = z.input<typeof bridgeStatusOutput>;
type BridgeExecuteAnswer = z.input<typeof bridgeExecuteOutput>;

/** The native coin's "contract address" in refund details: the zero address on EVM, SOL's wrapped mint on SOL. */
const SOL_NATIVE_MINT = 'So11111111111111111111111111111111111111112';

export async function findBridgeRequest(deps: Pick<BridgeDeps, 'requests'>, requestId: string): Promise<BridgeRow> {
  const row = await deps.requests.find(requestId);
  if (!row) throw new AppError('QUOTE_NOT_FOUND', 'Quote not found - invalid requestId');
  return row;
}

const link = (chain: string, hash: string | null) => (hash ? explorerTxUrl(chain as ChainId, hash) : null);

export function bridgeDetailsOf(row: BridgeRow): z.input<typeof bridgeDetails> {
  const source = CHAINS[row.source_chain as ChainId];
  const destination = CHAINS[row.destination_chain as ChainId];
  return {
    requestId: row.id,
    state: row.state,
    sourceChain: row.source_chain,
    destinationChain: row.destination_chain,
    trader: row.trader,
    recipient: row.recipient,
    amountIn: row.amount_in,
    amountOut: row.amount_out,
    amountInFormatted: formatUnits(BigInt(row.amount_in), source.nativeDecimals),
    amountOutFormatted: formatUnits(BigInt(row.amount_out), destination.nativeDecimals),
    depositAmount: row.deposit_amount,
    paidAmount: row.paid_amount,
    depositTxHash: row.deposit_tx_hash,
    depositUrl: link(row.source_chain, row.deposit_tx_hash),
    fillTxHash: row.fill_tx_hash,
    fillUrl: link(row.destination_chain, row.fill_tx_hash),
    refundTxHash: row.refund_tx_hash,
    refundUrl: link(row.source_chain, row.refund_tx_hash),
    reason: row.reason,
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    depositedAt: row.deposited_at?.getTime() ?? null,
    filledAt: row.filled_at?.getTime() ?? null,
    estimatedTime: row.estimated_seconds,
  };
}

function refundDetailsOf(row: BridgeRow) {
  if (row.state !== 'refunding' && row.state !== 'refund' && row.state !== 'failure') return null;
  const source = CHAINS[row.source_chain as ChainId];
  return {
    currency: source.nativeSymbol,
    chain: row.source_chain,
    contractAddress: source.family === 'solana' ? SOL_NATIVE_MINT : NATIVE_TOKEN_ADDRESS,
    amount: row.refund_amount ?? undefined,
    txHash: row.refund_tx_hash,
  };
}

export function bridgeStatusOf(deps: Pick<BridgeDeps, 'publicUrl' | 'now'>, row: BridgeRow): BridgeStatusAnswer {
  const { status, step } = publicBridgeStatus(row, (deps.now ?? Date.now)());
  const inTxHashes = [row.deposit_tx_hash, row.refund_tx_hash].filter((hash): hash is string => hash !== null);
  return {
    status,
    step,
    totalSteps: 4,
    requestId: row.id,
    trackingUrl: trackingUrl(deps, row.id),
    inTxHashes: inTxHashes.length > 0 ? inTxHashes : null,
    txHashes: row.fill_tx_hash ? [row.fill_tx_hash] : null,
    refundDetails: refundDetailsOf(row),
    error: row.state === 'refunding' || row.state === 'refund' || row.state === 'failure',
    // Read from storage, never from a third party: nothing to fail fetching.
    fetchFailed: false,
    details: bridgeDetailsOf(row),
  };
}

export function bridgeExecuteAnswerOf(deps: Pick<BridgeDeps, 'publicUrl' | 'now'>, row: BridgeRow): BridgeExecuteAnswer {
  const common = {
    sourceTxHash: row.deposit_tx_hash,
    requestId: row.id,
    trackingUrl: trackingUrl(deps, row.id),
  };
  if (row.state === 'success') {
    return { ...common, success: true, status: 'SUCCESS', destinationTxHash: row.fill_tx_hash, bridgeStatus: 'success', error: null, refundDetails: null };
  }
  if (row.state === 'refunding' || row.state === 'refund' || row.state === 'failure') {
    return {
      ...common, success: false, status: 'FAILED', destinationTxHash: null, bridgeStatus: publicBridgeStatus(row).status,
      error: row.reason ?? 'The bridge could not be filled; the deposit is being returned.', refundDetails: refundDetailsOf(row),
    };
  }
  return {
    ...common, success: true, status: 'PENDING', destinationTxHash: null,
    bridgeStatus: publicBridgeStatus(row, (deps.now ?? Date.now)()).status, error: null, refundDetails: null,
  };
}
