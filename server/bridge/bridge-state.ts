/**
 * The bridge request state machine. A request is `waiting` from its quote until a deposit confirms; a deposit
 * that matches the quote and arrived in time makes it `pending` (the solver owes the fill), one that does not
 * makes it `refunding`. A pending request ends `success` once the fill confirms, or turns `refunding` when the
 * fill cannot be made. A refund ends `refund` once it confirms, or `failure` when nothing can be returned.
 * Every stored move goes through `canMoveBridge`; the public status and step (README, "Bridging") is derived here too.
 */
import type { BridgeState } from '@/server/store/database';

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

export type PublicBridgeStatus = 'waiting' | 'pending' | 'success' | 'failure' | 'refund' | 'delayed';

/** A fill this much later than its estimate is reported as delayed. */
const DELAY_GRACE_MS = 5_000;

/**
 * The interface's status and step: waiting 2, pending 3 (delayed once past the estimate), success 4; a refund
 * in progress or done is `refund`, a request nothing could be returned for is `failure`, both step 0.
 */
export function publicBridgeStatus(
  row: { state: BridgeState; deposited_at: Date | null; estimated_seconds: number },
  now = Date.now(),
): { status: PublicBridgeStatus; step: number } {
  switch (row.state) {
    case 'waiting':
      return { status: 'waiting', step: 2 };
    case 'pending': {
      const due = (row.deposited_at?.getTime() ?? now) + row.estimated_seconds * 1_000 + DELAY_GRACE_MS;
      return { status: now > due ? 'delayed' : 'pending', step: 3 };
    }
    case 'success':
      return { status: 'success', step: 4 };
    case 'refunding':
    case 'refund':
      return { status: 'refund', step: 0 };
    case 'failure':
      return { status: 'failure', step: 0 };
  }
}
