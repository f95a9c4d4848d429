/**
 * The bridge request state machine. A request is `waiting` from its quote until a deposit is final (it has the
 * source chain's confirmation depth, server/bridge/deposit-depth.ts); a deposit that matches the quote and was
 * made in time makes it `pending` (the solver owes the fill), one that does not makes it `refunding`. A pending
 * request ends `success` once the fill confirms, or turns `refunding` when the fill cannot be made. A refund
 * ends `refund` once it confirms, or `failure` when nothing can be returned.
 *
 * While a deposit is seen below the depth, the waiting request is `confirming`: a phase noted on the waiting
 * row (the seen deposit is not the request's until final), which reads `pending` publicly. It ends when the
 * deposit is final (the request moves on as above) or when a reorganisation takes the deposit out of the
 * chain (plainly `waiting` again: nothing is filled or refunded for it).
 * Every stored move goes through `canMoveBridge`; the public status and step (README, "Bridging") is derived here too.
 */
import type { BridgeState } from './database';

const TRANSITIONS: Readonly<Record<BridgeState, readonly BridgeState[]>> = {
  waiting: ['pending', 'refunding'],
  pending: ['success', 'refunding'],
  refunding: ['refund', 'failure'],
  success: [],
  refund: [],
  failure: [],
};

export function canMoveBridge(from: BridgeState, to: BridgeState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinalBridgeState(state: BridgeState): boolean {
  return TRANSITIONS[state].length === 0;
}

export type BridgePhase = BridgeState | 'confirming';
export const BRIDGE_PHASES: readonly BridgePhase[] = ['waiting', 'confirming', 'pending', 'refunding', 'success', 'refund', 'failure'];

/** The stored state, with a waiting request whose deposit is seen below the depth told apart as `confirming`. */
export function bridgePhase(row: { state: BridgeState; seenDepositTxHash?: string | null }): BridgePhase {
  return row.state === 'waiting' && row.seenDepositTxHash ? 'confirming' : row.state;
}

export type PublicBridgeStatus = 'waiting' | 'pending' | 'success' | 'failure' | 'refund' | 'delayed';

/** A fill this much later than its estimate is reported as delayed. */
const DELAY_GRACE_MS = 5_000;

/**
 * The refund's transaction once it is sent: the payment a refunding request stores right before sending it
 * (a stored payment is always sent, again after a restart), then the confirmed refund's own hash. Null while
 * the refund is not yet signed, and on every request that is not being returned (a pending request's stored
 * payment is its fill).
 */
export function refundTxHash(row: { state: BridgeState; refundTxHash?: string | null; paymentTxHash?: string | null }): string | null {
  if (row.state === 'refund') return row.refundTxHash ?? null;
  return row.state === 'refunding' ? (row.paymentTxHash ?? null) : null;
}

/**
 * The interface's status and step: waiting 2, pending 3 (a deposit seen and confirming, or final and being
 * filled; delayed once past the estimate, counted from the deposit's block), success 4; a refund sent or done
 * is `refund`, a request nothing could be returned for is `failure`, both step 0.
 *
 * A refund decided but not yet sent reads pending (delayed as a fill would be): `refund` tells the caller the
 * deposit is on its way back, which is true only once a refund transaction exists, and the refund's hash is
 * what a caller checks it against.
 */
export function publicBridgeStatus(
  row: {
    state: BridgeState;
    depositedAt: Date | null;
    estimatedSeconds: number;
    seenDepositTxHash?: string | null;
    seenDepositAt?: Date | null;
    paymentTxHash?: string | null;
    refundTxHash?: string | null;
  },
  now = Date.now(),
): { status: PublicBridgeStatus; step: number } {
  const pendingSince = (depositedAt: Date | null | undefined) => {
    const due = (depositedAt?.getTime() ?? now) + row.estimatedSeconds * 1_000 + DELAY_GRACE_MS;
    return { status: now > due ? ('delayed' as const) : ('pending' as const), step: 3 };
  };
  switch (bridgePhase(row)) {
    case 'waiting':
      return { status: 'waiting', step: 2 };
    case 'confirming':
      return pendingSince(row.seenDepositAt);
    case 'pending':
      return pendingSince(row.depositedAt);
    case 'success':
      return { status: 'success', step: 4 };
    case 'refunding':
      return refundTxHash(row) ? { status: 'refund', step: 0 } : pendingSince(row.depositedAt);
    case 'refund':
      return { status: 'refund', step: 0 };
    case 'failure':
      return { status: 'failure', step: 0 };
  }
}
