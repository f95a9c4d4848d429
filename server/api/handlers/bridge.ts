/**
 * The bridge endpoints: the domain's quote, execution and stored requests in the interface's shapes (quote
 * 2.10, execute 2.11, status 2.12), with the tracker's details beside them.
 */
import { formatUnits } from 'viem';
import type { z } from 'zod';
import { priceImpactWarnings } from '@/server/trading/quote-warnings';
import { findBridgeRequest, trackingUrl, type BridgeDeps } from '@/server/bridge/bridge-deps';
import { executeBridge, trackBridgeDeposit } from '@/server/bridge/bridge-execute';
import { quoteBridge, usdText } from '@/server/bridge/bridge-quote';
import { publicBridgeStatus } from '@/server/bridge/bridge-state';
import { CHAINS, explorerTxUrl, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { BridgeRow } from '@/server/store/bridge-repository';
import type {
  bridgeDetails, bridgeExecuteInput, bridgeExecuteOutput, bridgeQuoteInput, bridgeQuoteOutput, bridgeRequestsInput,
  bridgeRequestsOutput, bridgeStatusOutput, bridgeTrackInput,
} from '../contract/bridge';

type BridgeStatusAnswer = z.input<typeof bridgeStatusOutput>;
type BridgeExecuteAnswer = z.input<typeof bridgeExecuteOutput>;
type AnswerDeps = Pick<BridgeDeps, 'publicUrl' | 'now'>;

/** The native coin's "contract address" in refund details: the zero address on EVM, SOL's wrapped mint on SOL. */
const SOL_NATIVE_MINT = 'So11111111111111111111111111111111111111112';

export async function bridgeQuoteAnswer(deps: BridgeDeps, owner: string, input: z.output<typeof bridgeQuoteInput>): Promise<z.input<typeof bridgeQuoteOutput>> {
  const quote = await quoteBridge(deps, owner, {
    source: input.source, destination: input.destination, amount: BigInt(input.amount), trader: input.trader,
    recipient: input.recipient, slippageBps: input.slippage,
  });
  const sourceDecimals = CHAINS[quote.source].nativeDecimals;
  const destinationDecimals = CHAINS[quote.destination].nativeDecimals;
  return {
    success: true,
    error: null,
    // Native deposits need no approval.
    transaction: { trade: quote.deposit, requestId: quote.requestId, approve: '' },
    stats: {
      amountIn: quote.amountIn.toString(),
      amountOut: quote.amountOut.toString(),
      priceImpact: quote.priceImpactPercent,
      estimatedTime: quote.estimatedSeconds,
      amountInFormatted: formatUnits(quote.amountIn, sourceDecimals),
      amountInUsd: usdText(quote.amountIn, sourceDecimals, quote.sourceUsd),
      amountOutFormatted: formatUnits(quote.amountOut, destinationDecimals),
      amountOutUsd: usdText(quote.amountOut, destinationDecimals, quote.destinationUsd),
      sourceChain: quote.source,
      destinationChain: quote.destination,
      recipient: quote.recipient,
      minAmountOut: quote.minAmountOut.toString(),
      feeAmount: quote.feeAmount.toString(),
      destinationGas: quote.destinationGas.toString(),
      expiresAt: quote.expiresAt,
    },
    // Native on both sides: no token to audit, only what the transfer costs.
    warnings: priceImpactWarnings(quote.priceImpactPercent),
  };
}

export async function bridgeExecuteAnswer(deps: BridgeDeps, input: z.output<typeof bridgeExecuteInput>): Promise<BridgeExecuteAnswer> {
  const execution = await executeBridge(deps, { requestId: input.requestId, sourceChain: input.sourceChain, signedDeposit: input.trade });
  const row = execution.request;
  switch (execution.deposit) {
    case 'reverted':
      return {
        success: false, status: 'FAILED', sourceTxHash: execution.txHash, destinationTxHash: null, requestId: row.id,
        trackingUrl: trackingUrl(deps, row.id), bridgeStatus: 'waiting',
        error: `The deposit ${execution.txHash} reverted on ${row.source_chain}; nothing was bridged and the request still waits for a deposit.`,
        refundDetails: null,
      };
    case 'unconfirmed':
      return { ...executeAnswerOf(deps, row), sourceTxHash: execution.txHash };
    case 'confirmed':
      return executeAnswerOf(deps, row);
  }
}

export async function bridgeStatusAnswer(deps: BridgeDeps, requestId: string): Promise<BridgeStatusAnswer> {
  return statusOf(deps, await findBridgeRequest(deps, requestId));
}

/** The app's pages: a deposit the wallet broadcast itself. */
export async function bridgeTrackAnswer(deps: BridgeDeps, input: z.output<typeof bridgeTrackInput>): Promise<BridgeStatusAnswer> {
  return statusOf(deps, await trackBridgeDeposit(deps, input));
}

/** The app's pages: the wallet's bridges, newest first. */
export async function bridgeRequestsAnswer(deps: BridgeDeps, input: z.output<typeof bridgeRequestsInput>): Promise<z.input<typeof bridgeRequestsOutput>> {
  return { success: true, requests: (await deps.requests.listForWallet(input.wallet, input.limit)).map(detailsOf) };
}

const link = (chain: string, hash: string | null) => (hash ? explorerTxUrl(chain as ChainId, hash) : null);

function detailsOf(row: BridgeRow): z.input<typeof bridgeDetails> {
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

function isReturned(row: BridgeRow): boolean {
  return row.state === 'refunding' || row.state === 'refund' || row.state === 'failure';
}

function refundDetailsOf(row: BridgeRow) {
  if (!isReturned(row)) return null;
  const source = CHAINS[row.source_chain as ChainId];
  return {
    currency: source.nativeSymbol,
    chain: row.source_chain,
    contractAddress: source.family === 'solana' ? SOL_NATIVE_MINT : NATIVE_TOKEN_ADDRESS,
    amount: row.refund_amount ?? undefined,
    txHash: row.refund_tx_hash,
  };
}

function statusOf(deps: AnswerDeps, row: BridgeRow): BridgeStatusAnswer {
  const { status, step } = publicBridgeStatus(row, (deps.now ?? Date.now)());
  const inTxHashes = [row.deposit_tx_hash, row.refund_tx_hash].filter((hash): hash is string => hash !== null);
  return {
    success: true,
    status,
    step,
    totalSteps: 4,
    requestId: row.id,
    trackingUrl: trackingUrl(deps, row.id),
    inTxHashes: inTxHashes.length > 0 ? inTxHashes : null,
    txHashes: row.fill_tx_hash ? [row.fill_tx_hash] : null,
    refundDetails: refundDetailsOf(row),
    error: isReturned(row),
    // Read from storage, never from a third party: nothing to fail fetching.
    fetchFailed: false,
    details: detailsOf(row),
  };
}

function executeAnswerOf(deps: AnswerDeps, row: BridgeRow): BridgeExecuteAnswer {
  const common = {
    sourceTxHash: row.deposit_tx_hash,
    requestId: row.id,
    trackingUrl: trackingUrl(deps, row.id),
  };
  if (row.state === 'success') {
    return { ...common, success: true, status: 'SUCCESS', destinationTxHash: row.fill_tx_hash, bridgeStatus: 'success', error: null, refundDetails: null };
  }
  if (isReturned(row)) {
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
