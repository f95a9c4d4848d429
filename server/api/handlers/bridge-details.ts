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
import type { BridgeRow } from '@/server/store/bridge-repository';
import type { bridgeDetails, bridgeLeg, routeLeg } from '../contract/bridge';

type RouteLegAnswer = z.input<typeof routeLeg>;
type LegAnswer = z.input<typeof bridgeLeg>;

/** A quoted leg (domain, bigint amounts) or a stored one (JSON, string amounts) as the contract's leg. */
export function routeLegAnswer(leg: StoredRouteLeg | RouteLeg): RouteLegAnswer {
  return {
    kind: leg.kind, chain: leg.chain, venue: leg.venue, tokenIn: leg.tokenIn.address, tokenOut: leg.tokenOut.address,
    symbolIn: leg.tokenIn.symbol, symbolOut: leg.tokenOut.symbol, amountIn: leg.amountIn.toString(), amountOut: leg.amountOut.toString(),
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

const isReturned = (row: BridgeRow) => row.state === 'refunding' || row.state === 'refund' || row.state === 'failure';

/** The quoted swap on `chain`, if the route has one (its venue is the leg's). */
const swapOn = (row: BridgeRow, chain: string) => storedRoute(row).find((leg) => leg.kind === 'swap' && leg.chain === chain);

/** The fill: a transfer from the solver's inventory, or the destination swap (with its venue). */
function fillLeg(row: BridgeRow, tokenOut: BridgeToken, link: Link): LegAnswer {
  const status = row.state === 'success' ? 'success' : row.state === 'pending' ? 'pending' : isReturned(row) ? 'failure' : 'waiting';
  const txHash = row.fill_tx_hash ?? (row.state === 'pending' ? row.payment_tx_hash : null);
  const swap = row.payout === 'swap' ? swapOn(row, row.destination_chain) : undefined;
  return {
    kind: row.payout === 'swap' ? 'swap' : 'fill', chain: row.destination_chain, status, txHash, url: link(row.destination_chain, txHash),
    amount: row.paid_amount ?? row.amount_out, token: tokenOut.address, ...(swap && { venue: swap.venue }),
  };
}

/** The deposit: done once final, pending while it gathers its confirmations (its transaction seen), else waiting. */
function depositLeg(row: BridgeRow, tokenIn: BridgeToken, link: Link): LegAnswer {
  const txHash = row.deposit_tx_hash ?? row.seen_deposit_tx_hash;
  const status = row.deposit_tx_hash ? 'success' : row.seen_deposit_tx_hash ? 'pending' : 'waiting';
  // What reached the solver: the bridge asset (what a source swap turned tokenIn into), or tokenIn itself.
  const expected = row.deposit_expected === null ? tokenIn.address : row.deposit_asset ?? NATIVE_TOKEN_ADDRESS;
  return {
    kind: 'deposit', chain: row.source_chain, status, txHash, url: link(row.source_chain, txHash),
    amount: row.deposit_amount ?? row.deposit_expected ?? row.amount_in, token: row.deposit_amount !== null ? row.deposit_token ?? NATIVE_TOKEN_ADDRESS : expected,
  };
}

/** A swap-and-deposit's swap: the same transaction as the deposit, so the same hash and state. */
function sourceSwapLeg(row: BridgeRow, tokenIn: BridgeToken, deposit: LegAnswer): LegAnswer | undefined {
  const swap = row.deposit_call_hash ? swapOn(row, row.source_chain) : undefined;
  return swap && { ...deposit, kind: 'swap', amount: row.amount_in, token: tokenIn.address, venue: swap.venue };
}

function legsOf(row: BridgeRow, link: Link): LegAnswer[] {
  const { tokenIn, tokenOut } = bridgeTokensOf(row);
  const deposit = depositLeg(row, tokenIn, link);
  const swap = sourceSwapLeg(row, tokenIn, deposit);
  const legs: LegAnswer[] = swap ? [swap, deposit] : [deposit];
  if (!isReturned(row) || row.fill_tx_hash) legs.push(fillLeg(row, tokenOut, link));
  if (isReturned(row)) {
    // Pending from the decision on, with its hash once sent: the public status reads `refund` from then on.
    const txHash = refundTxHash(row);
    legs.push({
      kind: 'refund', chain: row.source_chain, status: row.state === 'refund' ? 'success' : row.state === 'failure' ? 'failure' : 'pending',
      txHash, url: link(row.source_chain, txHash), amount: row.refund_amount, token: depositedToken(row).address,
    });
  }
  return legs;
}

/**
 * A deposit seen below its depth is stored on a `waiting` request (nothing is decided until it is final), but
 * to its reader the request is under way: `pending`, with the deposit's hash, as the public status says.
 */
function shownState(row: BridgeRow): BridgeRow['state'] {
  return row.state === 'waiting' && row.seen_deposit_tx_hash ? 'pending' : row.state;
}

export function detailsOf(row: BridgeRow, explorer: ExplorerLink = explorerTxUrl): z.input<typeof bridgeDetails> {
  const link = linkWith(explorer);
  const { tokenIn, tokenOut } = bridgeTokensOf(row);
  const depositTxHash = row.deposit_tx_hash ?? row.seen_deposit_tx_hash;
  return {
    requestId: row.id,
    state: shownState(row),
    sourceChain: row.source_chain,
    destinationChain: row.destination_chain,
    trader: row.trader,
    recipient: row.recipient,
    amountIn: row.amount_in,
    amountOut: row.amount_out,
    amountInFormatted: formatUnits(BigInt(row.amount_in), tokenIn.decimals),
    amountOutFormatted: formatUnits(BigInt(row.amount_out), tokenOut.decimals),
    depositAmount: row.deposit_amount,
    paidAmount: row.paid_amount,
    depositTxHash,
    depositUrl: link(row.source_chain, depositTxHash),
    confirmations: row.seen_deposit_tx_hash && row.seen_deposit_required !== null
      ? { seen: row.seen_deposit_confirmations ?? 0, required: row.seen_deposit_required }
      : null,
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
    ...tokenFields(tokenIn, tokenOut, storedRoute(row)),
    legs: legsOf(row, link),
  };
}
