/**
 * What the tracker shows of a bridge request as a whole, derived from one status answer: a headline, and
 * whether it can still change; and the shape of its steps (tracker-steps.ts builds them).
 */
import type { BridgeDetails, BridgeStatus } from './bridge-types';

/** `swap-<n>`: the route's leg n, a swap. */
export type TrackerStepId = 'approve' | 'deposit' | `swap-${number}` | 'bridge' | 'refund';
/** `skipped`: a step that will not happen (a destination swap once the deposit is returned). */
export type TrackerStepStatus = 'waiting' | 'active' | 'done' | 'failed' | 'skipped';

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
