/**
 * The bridge endpoints: the domain's quote, execution and stored requests in the interface's shapes (quote
 * 2.10, execute 2.11, status 2.12), with the tracker's details beside them.
 */
import { formatUnits } from 'viem';
import type { z } from 'zod';
import { findBridgeRequest, trackingUrl, type BridgeDeps } from '@/server/bridge/bridge-deps';
import { executeBridge, trackBridgeDeposit } from '@/server/bridge/bridge-execute';
import { quoteBridge } from '@/server/bridge/bridge-quote';
import { publicBridgeStatus, refundTxHash, type PublicBridgeStatus } from '@/server/store/bridge-state';
import { chainFamily } from '@/server/chains/chain-family';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { BridgeRequest } from '@/server/store/bridge-request';
import { depositedToken } from '@/server/bridge/bridge-row-tokens';
import { detailsOf, tokenFields } from './bridge-details';
import type {
  bridgeExecuteInput,
  bridgeExecuteOutput,
  bridgeQuoteInput,
  bridgeQuoteOutput,
  bridgeRequestsInput,
  bridgeRequestsOutput,
  bridgeStatusOutput,
  bridgeTrackInput,
} from '../contract/bridge';

type BridgeStatusAnswer = z.input<typeof bridgeStatusOutput>;
type BridgeExecuteAnswer = z.input<typeof bridgeExecuteOutput>;
type AnswerDeps = Pick<BridgeDeps, 'publicUrl' | 'now' | 'explorerTxUrl'>;

export async function bridgeQuoteAnswer(deps: BridgeDeps, owner: string, input: z.output<typeof bridgeQuoteInput>): Promise<z.input<typeof bridgeQuoteOutput>> {
  const quote = await quoteBridge(deps, owner, {
    source: input.source,
    destination: input.destination,
    amount: BigInt(input.amount),
    trader: input.trader,
    recipient: input.recipient,
    slippageBps: input.slippage,
    tokenIn: input.tokenIn,
    tokenOut: input.tokenOut,
    approval: input.approval ?? 'unlimited',
  });
  const { tokenIn, tokenOut } = quote;
  return {
    success: true,
    error: null,
    // Native deposits need no approval; a token deposit does while the allowance is short.
    transaction: { trade: quote.deposit, requestId: quote.requestId, approve: quote.approve ?? '' },
    stats: {
      amountIn: quote.amountIn.toString(),
      amountOut: quote.amountOut.toString(),
      priceImpact: quote.priceImpactPercent,
      estimatedTime: quote.estimatedSeconds,
      amountInFormatted: formatUnits(quote.amountIn, tokenIn.decimals),
      amountInUsd: quote.usdIn.toFixed(2),
      amountOutFormatted: formatUnits(quote.amountOut, tokenOut.decimals),
      amountOutUsd: quote.usdOut.toFixed(2),
      sourceChain: quote.source,
      destinationChain: quote.destination,
      recipient: quote.recipient,
      minAmountOut: quote.minAmountOut.toString(),
      feeAmount: quote.feeAmount.toString(),
      destinationGas: quote.destinationGas.toString(),
      depositToken: quote.depositToken.address,
      depositAmount: quote.depositAmount.toString(),
      ...(quote.depositMin !== undefined && { depositMin: quote.depositMin.toString() }),
      ...(quote.swapFallback && { swapFallback: quote.swapFallback }),
      expiresAt: quote.expiresAt,
      ...tokenFields(tokenIn, tokenOut, quote.route),
    },
    // What the transfer costs, and the audit of every token a swap on the way touches.
    warnings: quote.warnings,
  };
}

export async function bridgeExecuteAnswer(deps: BridgeDeps, input: z.output<typeof bridgeExecuteInput>): Promise<BridgeExecuteAnswer> {
  const execution = await executeBridge(deps, {
    requestId: input.requestId,
    sourceChain: input.sourceChain,
    signedDeposit: input.trade,
    signedApproval: input.approve,
  });
  const row = execution.request;
  switch (execution.deposit) {
    case 'reverted':
      return {
        success: false,
        status: 'FAILED',
        sourceTxHash: execution.txHash,
        destinationTxHash: null,
        requestId: row.id,
        trackingUrl: trackingUrl(deps, row.id),
        bridgeStatus: 'waiting',
        error: `The deposit ${execution.txHash} reverted on ${row.sourceChain}; nothing was bridged and the request still waits for a deposit.`,
        refundDetails: null,
      };
    case 'removed':
      return {
        success: false,
        status: 'FAILED',
        sourceTxHash: execution.txHash,
        destinationTxHash: null,
        requestId: row.id,
        trackingUrl: trackingUrl(deps, row.id),
        bridgeStatus: 'waiting',
        error: `The deposit ${execution.txHash} left ${row.sourceChain} in a reorganisation before it had its confirmations; nothing was bridged and the request waits for a deposit again (filled if that deposit is mined again in time).`,
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
  return { success: true, requests: (await deps.requests.listForWallet(input.wallet, input.limit)).map((row) => detailsOf(row, deps.explorerTxUrl)) };
}

/**
 * What the interface says once the deposit is going back: refund or failure. A refund decided but not yet sent
 * reads pending (server/store/bridge-state.ts), and so does everything that goes with the status.
 */
function isReturned(status: PublicBridgeStatus): boolean {
  return status === 'refund' || status === 'failure';
}

/** The return of the deposit, once the interface says it is returned; `txHash` the refund once sent. */
function refundDetailsOf(row: BridgeRequest, status: PublicBridgeStatus) {
  if (!isReturned(status)) return null;
  const source = CHAINS[row.sourceChain as ChainId];
  const token = depositedToken(row);
  const native = token.address === NATIVE_TOKEN_ADDRESS;
  return {
    currency: token.symbol,
    chain: row.sourceChain,
    contractAddress: !native ? token.address : chainFamily(source.id).nativeTokenContract,
    amount: row.refundAmount ?? undefined,
    txHash: refundTxHash(row),
  };
}

function statusOf(deps: AnswerDeps, row: BridgeRequest): BridgeStatusAnswer {
  const { status, step } = publicBridgeStatus(row, (deps.now ?? Date.now)());
  // The source chain's transactions: the deposit (one still gathering confirmations too) and the refund once sent.
  const inTxHashes = [row.depositTxHash ?? row.seenDepositTxHash, refundTxHash(row)].filter((hash): hash is string => hash !== null);
  return {
    success: true,
    status,
    step,
    totalSteps: 4,
    requestId: row.id,
    trackingUrl: trackingUrl(deps, row.id),
    inTxHashes: inTxHashes.length > 0 ? inTxHashes : null,
    txHashes: row.fillTxHash ? [row.fillTxHash] : null,
    refundDetails: refundDetailsOf(row, status),
    error: isReturned(status),
    // Read from storage, never from a third party: nothing to fail fetching.
    fetchFailed: false,
    details: detailsOf(row, deps.explorerTxUrl),
  };
}

/**
 * SUCCESS once filled; FAILED once the deposit is returned (refundDetails with the refund's hash) or nothing
 * could be returned; PENDING otherwise, including a refund decided but not yet sent: FAILED comes with the
 * refund it promises, and the status endpoint reads that request pending too, so the two never disagree. The
 * caller polls the status, which turns `refund` with the hash once the refund is sent (usually within the
 * solver's next round; execute itself waits for it while its wait lasts).
 */
export function executeAnswerOf(deps: AnswerDeps, row: BridgeRequest): BridgeExecuteAnswer {
  const common = {
    sourceTxHash: row.depositTxHash ?? row.seenDepositTxHash,
    requestId: row.id,
    trackingUrl: trackingUrl(deps, row.id),
  };
  if (row.state === 'success') {
    return { ...common, success: true, status: 'SUCCESS', destinationTxHash: row.fillTxHash, bridgeStatus: 'success', error: null, refundDetails: null };
  }
  const { status } = publicBridgeStatus(row, (deps.now ?? Date.now)());
  if (isReturned(status)) {
    return {
      ...common,
      success: false,
      status: 'FAILED',
      destinationTxHash: null,
      bridgeStatus: status,
      error: row.reason ?? 'The bridge could not be filled; the deposit is being returned.',
      refundDetails: refundDetailsOf(row, status),
    };
  }
  return { ...common, success: true, status: 'PENDING', destinationTxHash: null, bridgeStatus: status, error: null, refundDetails: null };
}
