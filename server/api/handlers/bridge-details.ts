/**
 * A stored bridge request as the tracker and integrators read it: what was quoted (tokens, route), and each
 * of its transactions in order (deposit, fill or destination swap, refund) with its state and explorer link.
 */
import { formatUnits } from 'viem';
import type { z } from 'zod';
import type { BridgeToken } from '@/server/bridge/bridge-chain';
import type { RouteLeg } from '@/server/bridge/bridge-route-legs';
import { bridgeTokensOf, depositedToken, storedRoute, type StoredRouteLeg } from '@/server/bridge/bridge-row-tokens';
import { refundTxHash } from '@/server/store/bridge-state';
import { explorerTxUrl, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { BridgeRequest } from '@/server/store/bridge-request';
import type { bridgeDetails, bridgeLeg, routeLeg } from '../contract/bridge';

type RouteLegAnswer = z.input<typeof routeLeg>;
type LegAnswer = z.input<typeof bridgeLeg>;

/** A quoted leg (domain, bigint amounts) or a stored one (JSON, string amounts) as the contract's leg. */
export function routeLegAnswer(leg: StoredRouteLeg | RouteLeg): RouteLegAnswer {
  return {
    kind: leg.kind,
    chain: leg.chain,
    venue: leg.venue,
    tokenIn: leg.tokenIn.address,
    tokenOut: leg.tokenOut.address,
    symbolIn: leg.tokenIn.symbol,
    symbolOut: leg.tokenOut.symbol,
    amountIn: leg.amountIn.toString(),
    amountOut: leg.amountOut.toString(),
  };
}

/** The tokens of both sides and the route, as the quote's stats and the status details carry them. */
export function tokenFields(tokenIn: BridgeToken, tokenOut: BridgeToken, route: (StoredRouteLeg | RouteLeg)[]) {
  return {
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    symbolIn: tokenIn.symbol,
    symbolOut: tokenOut.symbol,
    decimalsIn: tokenIn.decimals,
    decimalsOut: tokenOut.decimals,
    route: route.map(routeLegAnswer),
  };
}

/** A transaction's link: this server's (the local world's own page) when given, else the chain's explorer. */
type ExplorerLink = (chain: ChainId, hash: string) => string;

const linkWith = (explorer: ExplorerLink) => (chain: string, hash: string | null) => (hash ? explorer(chain as ChainId, hash) : null);
type Link = ReturnType<typeof linkWith>;

const isReturned = (row: BridgeRequest) => row.state === 'refunding' || row.state === 'refund' || row.state === 'failure';

/** The quoted swap on `chain`, if the route has one (its venue is the leg's). */
const swapOn = (row: BridgeRequest, chain: string) => storedRoute(row).find((leg) => leg.kind === 'swap' && leg.chain === chain);

/** The fill: a transfer from the solver's inventory, or the destination swap (with its venue). */
function fillLeg(row: BridgeRequest, tokenOut: BridgeToken, link: Link): LegAnswer {
  const status = row.state === 'success' ? 'success' : row.state === 'pending' ? 'pending' : isReturned(row) ? 'failure' : 'waiting';
  const txHash = row.fillTxHash ?? (row.state === 'pending' ? row.paymentTxHash : null);
  const swap = row.payout === 'swap' ? swapOn(row, row.destinationChain) : undefined;
  return {
    kind: row.payout === 'swap' ? 'swap' : 'fill',
    chain: row.destinationChain,
    status,
    txHash,
    url: link(row.destinationChain, txHash),
    amount: row.paidAmount ?? row.amountOut,
    token: tokenOut.address,
    ...(swap && { venue: swap.venue }),
  };
}

/** The deposit: done once final, pending while it gathers its confirmations (its transaction seen), else waiting. */
function depositLeg(row: BridgeRequest, tokenIn: BridgeToken, link: Link): LegAnswer {
  const txHash = row.depositTxHash ?? row.seenDepositTxHash;
  const status = row.depositTxHash ? 'success' : row.seenDepositTxHash ? 'pending' : 'waiting';
  // What reached the solver: the bridge asset (what a source swap turned tokenIn into), or tokenIn itself.
  const expected = row.depositExpected === null ? tokenIn.address : (row.depositAsset ?? NATIVE_TOKEN_ADDRESS);
  return {
    kind: 'deposit',
    chain: row.sourceChain,
    status,
    txHash,
    url: link(row.sourceChain, txHash),
    amount: row.depositAmount ?? row.depositExpected ?? row.amountIn,
    token: row.depositAmount !== null ? (row.depositToken ?? NATIVE_TOKEN_ADDRESS) : expected,
  };
}

/** A swap-and-deposit's swap: the same transaction as the deposit, so the same hash and state. */
function sourceSwapLeg(row: BridgeRequest, tokenIn: BridgeToken, deposit: LegAnswer): LegAnswer | undefined {
  const swap = row.depositCallHash ? swapOn(row, row.sourceChain) : undefined;
  return swap && { ...deposit, kind: 'swap', amount: row.amountIn, token: tokenIn.address, venue: swap.venue };
}

function legsOf(row: BridgeRequest, link: Link): LegAnswer[] {
  const { tokenIn, tokenOut } = bridgeTokensOf(row);
  const deposit = depositLeg(row, tokenIn, link);
  const swap = sourceSwapLeg(row, tokenIn, deposit);
  const legs: LegAnswer[] = swap ? [swap, deposit] : [deposit];
  if (!isReturned(row) || row.fillTxHash) legs.push(fillLeg(row, tokenOut, link));
  if (isReturned(row)) {
    // Pending from the decision on, with its hash once sent: the public status reads `refund` from then on.
    const txHash = refundTxHash(row);
    legs.push({
      kind: 'refund',
      chain: row.sourceChain,
      status: row.state === 'refund' ? 'success' : row.state === 'failure' ? 'failure' : 'pending',
      txHash,
      url: link(row.sourceChain, txHash),
      amount: row.refundAmount,
      token: depositedToken(row).address,
    });
  }
  return legs;
}

/**
 * A deposit seen below its depth is stored on a `waiting` request (nothing is decided until it is final), but
 * to its reader the request is under way: `pending`, with the deposit's hash, as the public status says.
 */
function shownState(row: BridgeRequest): BridgeRequest['state'] {
  return row.state === 'waiting' && row.seenDepositTxHash ? 'pending' : row.state;
}

export function detailsOf(row: BridgeRequest, explorer: ExplorerLink = explorerTxUrl): z.input<typeof bridgeDetails> {
  const link = linkWith(explorer);
  const { tokenIn, tokenOut } = bridgeTokensOf(row);
  const depositTxHash = row.depositTxHash ?? row.seenDepositTxHash;
  return {
    requestId: row.id,
    state: shownState(row),
    sourceChain: row.sourceChain,
    destinationChain: row.destinationChain,
    trader: row.trader,
    recipient: row.recipient,
    amountIn: row.amountIn,
    amountOut: row.amountOut,
    amountInFormatted: formatUnits(BigInt(row.amountIn), tokenIn.decimals),
    amountOutFormatted: formatUnits(BigInt(row.amountOut), tokenOut.decimals),
    depositAmount: row.depositAmount,
    paidAmount: row.paidAmount,
    depositTxHash,
    depositUrl: link(row.sourceChain, depositTxHash),
    confirmations:
      row.seenDepositTxHash && row.seenDepositRequired !== null ? { seen: row.seenDepositConfirmations ?? 0, required: row.seenDepositRequired } : null,
    fillTxHash: row.fillTxHash,
    fillUrl: link(row.destinationChain, row.fillTxHash),
    refundTxHash: row.refundTxHash,
    refundUrl: link(row.sourceChain, row.refundTxHash),
    reason: row.reason,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    depositedAt: row.depositedAt?.getTime() ?? null,
    filledAt: row.filledAt?.getTime() ?? null,
    estimatedTime: row.estimatedSeconds,
    ...tokenFields(tokenIn, tokenOut, storedRoute(row)),
    legs: legsOf(row, link),
  };
}
