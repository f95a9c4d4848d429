/**
 * The tracker's steps for one status answer: each leg of the quoted route as a step with its transaction,
 * and the refund as a step of its own once the deposit is being returned:
 *
 *   [approve] -> deposit, or the source swap (made by the deposit itself) -> bridge (the deposit, then the
 *   fill) -> [destination swap (made by the fill)] -> [refund]
 *
 * Built from the route joined with the transactions (bridge-transactions.ts), so a leg is shown however the
 * server pays it: the source swap always carries the deposit's hash and state, the destination swap the
 * fill's.
 */
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { coinAmount, legCoin, requestCoins } from './bridge-amounts';
import { trackerHeadline, type TrackerHeadline, type TrackerStep, type TrackerStepStatus } from './bridge-progress';
import { routeLegsText, type RouteLegText } from './bridge-route';
import { requestTransactions, type RequestTransaction, type RequestTransactions } from './bridge-transactions';
import type { BridgeDetails, BridgeLeg, BridgeStatus } from './bridge-types';
import { formatDuration } from './format-duration';

/** Where the request stands, as every step reads it. */
interface Progress {
  headline: TrackerHeadline;
  source: string;
  destination: string;
  confirmed: boolean;
  returned: boolean;
  /** " (2 of 6 confirmations)" while the deposit gathers them. */
  confirmations: string;
  /** The delay past the estimate, for a delayed fill's note. */
  delay: string;
}

const LEG_STATUS: Record<BridgeLeg['status'], TrackerStepStatus> = { waiting: 'waiting', pending: 'active', success: 'done', failure: 'failed' };
const LEG_NOTE: Record<BridgeLeg['status'], string> = { waiting: 'Not yet', pending: 'Under way', success: 'Done', failure: 'Failed' };

function chainLabel(chain: string | undefined, fallback: string): string {
  return chain ? (CHAINS[chain as ChainId]?.name ?? chain) : fallback;
}

function linkOf(transaction: RequestTransaction | undefined): Pick<TrackerStep, 'txHash' | 'explorerUrl'> {
  return transaction?.txHash ? { txHash: transaction.txHash, explorerUrl: transaction.explorerUrl } : {};
}

function progressOf(status: BridgeStatus, sentTxHash: string | undefined, now: number): Progress {
  const details = status.details;
  const headline = trackerHeadline(status, sentTxHash);
  const due = details?.depositedAt ? details.depositedAt + details.estimatedTime * 1_000 : undefined;
  const estimate = details ? formatDuration(details.estimatedTime * 1_000) : 'time';
  return {
    headline,
    source: chainLabel(details?.sourceChain, 'the source chain'),
    destination: chainLabel(details?.destinationChain, 'the destination chain'),
    confirmed: !!details?.depositedAt || (headline !== 'waiting' && headline !== 'confirming' && !details?.confirmations),
    returned: headline === 'refunding' || headline === 'refund' || headline === 'failure',
    confirmations: details?.confirmations ? ` (${details.confirmations.seen} of ${details.confirmations.required} confirmations)` : '',
    delay: `Delayed: taking longer than the estimated ${estimate}${due ? ` (${formatDuration(now - due)} over)` : ''}`,
  };
}

/** The deposit's step: the plain deposit, or the source swap the deposit makes. */
function depositStep(step: Pick<TrackerStep, 'id' | 'label'>, deposit: RequestTransaction, progress: Progress, swaps: boolean): TrackerStep {
  const { source } = progress;
  const link = linkOf(deposit);
  if (deposit.status === 'failure') return { ...step, status: 'failed', note: `The deposit failed on ${source}`, ...link };
  if (progress.confirmed)
    return { ...step, status: 'done', note: swaps ? `Swapped by the deposit, confirmed on ${source}` : `Confirmed on ${source}`, ...link };
  if (deposit.txHash) return { ...step, status: 'active', note: `Sent; waiting for ${source} to confirm it${progress.confirmations}`, ...link };
  return { ...step, status: 'active', note: swaps ? `Made by the deposit: waiting for it on ${source}` : `Waiting for the deposit on ${source}` };
}

/** The bridge leg: the deposit until the solver pays, then the fill (when the fill is a plain transfer). */
function bridgeStep(label: string, transactions: RequestTransactions, progress: Progress, paysOut: boolean): TrackerStep {
  const { headline, destination } = progress;
  const step = { id: 'bridge' as const, label, ...linkOf(paysOut && transactions.fill.txHash ? transactions.fill : transactions.deposit) };
  if (progress.returned) return { ...step, status: 'failed', note: headline === 'failure' ? 'Not filled' : 'Not filled: the deposit is returned' };
  if (headline === 'success') return { ...step, status: 'done', note: paysOut ? `Paid on ${destination}` : `Filled by the solver on ${destination}` };
  if (headline === 'delayed') return { ...step, status: 'active', note: progress.delay };
  if (headline === 'filling') return { ...step, status: 'active', note: `The solver is paying on ${destination}` };
  return { ...step, status: 'waiting', note: 'After the deposit confirms' };
}

/** A swap on the destination chain: the fill itself, which pays the recipient through it. */
function destinationSwapStep(step: Pick<TrackerStep, 'id' | 'label'>, fill: RequestTransaction, progress: Progress): TrackerStep {
  const link = linkOf(fill);
  if (fill.status === 'failure') return { ...step, status: 'failed', note: `The swap failed on ${progress.destination}`, ...link };
  if (fill.status === 'success' || progress.headline === 'success') return { ...step, status: 'done', note: `Paid on ${progress.destination}`, ...link };
  if (progress.returned) return { ...step, status: 'skipped', note: 'Not made: the deposit is returned' };
  if (fill.txHash) return { ...step, status: 'active', note: `Swapping on ${progress.destination}`, ...link };
  return { ...step, status: 'waiting', note: 'With the fill' };
}

/** The refund on the source chain: under way until its transaction is sent and confirmed. */
function refundStep(status: BridgeStatus, refund: RequestTransaction, progress: Progress): TrackerStep {
  const details = status.details;
  const raw = status.refundDetails?.amount ?? refund.amount;
  // A refund returns what reached the solver, which a source swap may have made another coin than the one sent.
  const coin = !details ? undefined : refund.token ? legCoin(details, details.sourceChain, refund.token) : requestCoins(details).in;
  const amount = raw && details && coin ? ` ${coinAmount(raw, details.sourceChain, coin).text}` : '';
  const step = { id: 'refund' as const, label: `Refund on ${progress.source}`, ...linkOf(refund) };
  if (progress.headline === 'refund') return { ...step, status: 'done', note: `Returned${amount} on ${progress.source}` };
  if (progress.headline === 'failure') return { ...step, status: 'failed', note: 'Nothing could be returned' };
  return {
    ...step,
    status: 'active',
    note: refund.txHash ? `Sent on ${progress.source}; waiting for it to confirm` : `Returning the deposit on ${progress.source}`,
  };
}

function approveStep(approve: RequestTransaction, details: BridgeDetails | undefined): TrackerStep {
  const symbol = details ? requestCoins(details).in?.symbol : undefined;
  const coin = details ? legCoin(details, approve.chain, approve.token ?? null) : undefined;
  const amount = approve.amount && coin ? `: ${coinAmount(approve.amount, approve.chain, coin).text}` : '';
  const status = approve.status ?? 'success';
  return { id: 'approve', label: `Approve ${symbol ?? 'the token'}`, status: LEG_STATUS[status], note: `${LEG_NOTE[status]}${amount}`, ...linkOf(approve) };
}

/** One step per leg of the route, in order: each swap takes the transaction that makes it. */
function legSteps(details: BridgeDetails, transactions: RequestTransactions, progress: Progress): TrackerStep[] {
  const legs = routeLegsText(details, undefined, { source: transactions.deposit.venue, destination: transactions.fill.venue });
  const swapsAtSource = legs.some((leg) => leg.side === 'source');
  const paysOut = !legs.some((leg) => leg.side === 'destination');
  const deposit = depositStep(
    { id: 'deposit', label: `Deposit ${coinAmount(details.amountIn, details.sourceChain, requestCoins(details).in).text} on ${progress.source}` },
    transactions.deposit,
    progress,
    false,
  );
  const stepOf = (leg: RouteLegText): TrackerStep => {
    if (leg.side === 'bridge') return bridgeStep(leg.text, transactions, progress, paysOut);
    const step = { id: `swap-${leg.index}` as const, label: leg.text };
    return leg.side === 'source' ? depositStep(step, transactions.deposit, progress, true) : destinationSwapStep(step, transactions.fill, progress);
  };
  return [...(swapsAtSource ? [] : [deposit]), ...legs.map(stepOf)];
}

/**
 * The steps of a request. `sentTxHash` is a deposit the wallet reported before the server saw it (the
 * tracker is opened with it right after the wallet sent); `now` dates the delayed note.
 */
export function trackerSteps(status: BridgeStatus, sentTxHash?: string, now = Date.now()): TrackerStep[] {
  const transactions = requestTransactions(status, sentTxHash);
  const progress = progressOf(status, sentTxHash, now);
  const details = status.details;
  const steps = details
    ? legSteps(details, transactions, progress)
    : // Without details only the public fields are known: the deposit and the bridge, in general words.
      [depositStep({ id: 'deposit', label: 'Deposit' }, transactions.deposit, progress, false), bridgeStep('Bridge', transactions, progress, true)];
  return [
    ...(transactions.approve ? [approveStep(transactions.approve, details)] : []),
    ...steps,
    ...(progress.returned ? [refundStep(status, transactions.refund, progress)] : []),
  ];
}
