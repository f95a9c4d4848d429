/**
 * What the tracker shows for a bridge request, derived from one status answer: the steps
 *   deposit -> waiting (for its confirmation) -> pending (the fill) -> filled
 * or, when the deposit is returned, deposit -> waiting -> pending (not filled) -> refunded,
 * with the request's other legs (an approval, swaps on either chain) among them;
 * a headline for the request as a whole, and whether it can still change.
 */
import { CHAINS, explorerTxUrl, type ChainId } from '@/server/chains/registry';
import { withLegs } from './bridge-legs';
import type { BridgeDetails, BridgeStatus } from './bridge-types';
import { formatDuration } from './format-duration';

export type TrackerStepId = 'approve' | 'deposit' | 'waiting' | `swap-${number}` | 'pending' | 'filled' | 'refunded';
export type TrackerStepStatus = 'waiting' | 'active' | 'done' | 'failed';

export interface TrackerStep {
  id: TrackerStepId;
  label: string;
  status: TrackerStepStatus;
  /** What the step is doing or did, in words. */
  note: string;
  txHash?: string;
  explorerUrl?: string;
}

export type TrackerHeadline = 'waiting' | 'confirming' | 'filling' | 'delayed' | 'success' | 'refunding' | 'refund' | 'failure';

export const HEADLINE_TEXT: Record<TrackerHeadline, string> = {
  waiting: 'Waiting for the deposit',
  confirming: 'Confirming the deposit',
  filling: 'Filling',
  delayed: 'Delayed',
  success: 'Complete',
  refunding: 'Refunding',
  refund: 'Refunded',
  failure: 'Failed',
};

const FINAL_STATES: readonly BridgeDetails['state'][] = ['success', 'refund', 'failure'];

/** Whether the request can still change (the tracker stops polling once it cannot). */
export function isFinalBridge(status: BridgeStatus): boolean {
  if (status.details) return FINAL_STATES.includes(status.details.state);
  // Without details only the public status is known: a refund is final once its transaction exists.
  return status.status === 'success' || status.status === 'failure' || (status.status === 'refund' && !!status.refundDetails?.txHash);
}

export function trackerHeadline(status: BridgeStatus, sentTxHash?: string): TrackerHeadline {
  const state = status.details?.state;
  if (state === 'refunding' || state === 'refund') return state;
  switch (status.status) {
    case 'waiting':
      return sentTxHash || status.details?.depositTxHash ? 'confirming' : 'waiting';
    case 'pending':
      // Pending while its deposit gathers the source chain's confirmations, before the solver pays.
      return status.details?.confirmations ? 'confirming' : 'filling';
    case 'refund':
      return isFinalBridge(status) ? 'refund' : 'refunding';
    default:
      return status.status;
  }
}

/**
 * The steps of a request. `sentTxHash` is a deposit the wallet reported before the server saw it (the
 * tracker is opened with it right after the wallet sent); `now` dates the delayed note.
 */
export function trackerSteps(status: BridgeStatus, sentTxHash?: string, now = Date.now()): TrackerStep[] {
  return withLegs(statusSteps(status, sentTxHash, now), status.details);
}

/** The steps the request's state and hashes give, before its legs are woven in. */
function statusSteps(status: BridgeStatus, sentTxHash: string | undefined, now: number): TrackerStep[] {
  const details = status.details;
  const headline = trackerHeadline(status, sentTxHash);
  const source = (details?.sourceChain ?? '') as ChainId;
  const destination = (details?.destinationChain ?? '') as ChainId;
  const sourceName = CHAINS[source]?.name ?? details?.sourceChain ?? 'the source chain';
  const destinationName = CHAINS[destination]?.name ?? details?.destinationChain ?? 'the destination chain';

  const depositHash = details?.depositTxHash ?? status.inTxHashes?.[0] ?? sentTxHash;
  const depositUrl = details?.depositUrl ?? (depositHash && CHAINS[source] ? explorerTxUrl(source, depositHash) : undefined);
  const confirmed = !!details?.depositedAt || (headline !== 'waiting' && headline !== 'confirming' && !details?.confirmations);
  const returned = headline === 'refunding' || headline === 'refund' || headline === 'failure';
  const progress = details?.confirmations ? ` (${details.confirmations.seen} of ${details.confirmations.required} confirmations)` : '';

  const steps: TrackerStep[] = [
    depositHash
      ? { id: 'deposit', label: 'Deposit', status: 'done', note: `Sent on ${sourceName}`, txHash: depositHash, explorerUrl: depositUrl }
      : { id: 'deposit', label: 'Deposit', status: 'active', note: `Waiting for the deposit on ${sourceName}` },
    confirmed
      ? { id: 'waiting', label: 'Deposit confirmed', status: 'done', note: `Confirmed on ${sourceName}` }
      : { id: 'waiting', label: 'Deposit confirmed', status: depositHash ? 'active' : 'waiting', note: depositHash ? `Waiting for ${sourceName} to confirm it${progress}` : 'Not yet' },
  ];

  if (returned) {
    steps.push({ id: 'pending', label: `Fill on ${destinationName}`, status: 'failed', note: 'Not filled' });
    const refundHash = details?.refundTxHash ?? status.refundDetails?.txHash ?? undefined;
    const refundUrl = details?.refundUrl ?? (refundHash && CHAINS[source] ? explorerTxUrl(source, refundHash) : undefined);
    const refund: TrackerStep = headline === 'refund'
      ? { id: 'refunded', label: 'Refunded', status: 'done', note: `Returned on ${sourceName}` }
      : headline === 'refunding'
        ? { id: 'refunded', label: 'Refund', status: 'active', note: `Returning the deposit on ${sourceName}` }
        : { id: 'refunded', label: 'Refund', status: 'failed', note: 'Nothing could be returned' };
    steps.push(refundHash ? { ...refund, txHash: refundHash, explorerUrl: refundUrl } : refund);
    return steps;
  }

  if (headline === 'success') {
    steps.push({ id: 'pending', label: `Fill on ${destinationName}`, status: 'done', note: 'Filled by the solver' });
  } else if (headline === 'filling' || headline === 'delayed') {
    const due = details?.depositedAt ? details.depositedAt + details.estimatedTime * 1_000 : undefined;
    const note = headline === 'delayed'
      ? `Delayed: taking longer than the estimated ${details ? formatDuration(details.estimatedTime * 1_000) : 'time'}${due ? ` (${formatDuration(now - due)} over)` : ''}`
      : `The solver is paying on ${destinationName}`;
    steps.push({ id: 'pending', label: `Fill on ${destinationName}`, status: 'active', note });
  } else {
    steps.push({ id: 'pending', label: `Fill on ${destinationName}`, status: 'waiting', note: 'After the deposit confirms' });
  }

  const fillHash = details?.fillTxHash ?? status.txHashes?.[0];
  const fillUrl = details?.fillUrl ?? (fillHash && CHAINS[destination] ? explorerTxUrl(destination, fillHash) : undefined);
  steps.push(headline === 'success'
    ? { id: 'filled', label: 'Received', status: 'done', note: `Paid on ${destinationName}`, ...(fillHash ? { txHash: fillHash, explorerUrl: fillUrl } : {}) }
    : { id: 'filled', label: 'Received', status: 'waiting', note: 'Not yet' });
  return steps;
}
