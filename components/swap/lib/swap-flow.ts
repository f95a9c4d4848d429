/**
 * The progress of one swap, as a state machine with one place that moves it (`swapFlowReducer`). The
 * execution hook only reports what happened; what the user sees follows from here.
 *
 *   [extra: a launchpad's fee, a token's permit, an allowance reset ->]
 *   approve (or "not needed") -> swap (sent by the wallet) -> confirmed (tracked by the server)
 *   [-> approve for later sells, when the quote orders it after the trade]
 *
 * Chains without token approvals (Solana) have no approve step at all: swap (signed by the wallet) ->
 * confirmed (sent and confirmed by the server).
 */
export type StepId = 'extra' | 'approve' | 'swap' | 'confirmed' | 'approveAfter';
/** `rejected`: the wallet's owner declined to sign it; `cancelled`: an earlier step ended the flow before it. */
export type StepStatus = 'waiting' | 'active' | 'done' | 'failed' | 'rejected' | 'cancelled' | 'skipped';

export interface FlowStep {
  id: StepId;
  label: string;
  status: StepStatus;
  txHash?: string;
  explorerUrl?: string;
}

export interface SwapResult {
  txHash: string;
  explorerUrl: string;
  /** Human-readable amounts as the server read them from the chain. */
  spent: string;
  received: string;
  spentSymbol: string;
  receivedSymbol: string;
}

export type SwapFlow =
  | { status: 'idle' }
  | {
      status: 'running' | 'succeeded' | 'failed';
      steps: FlowStep[];
      result?: SwapResult;
      /** Why the swap failed, in words a person can act on. */
      error?: string;
      /** Something that went wrong without failing the swap (an approval for later sells). */
      note?: string;
    };

export type FlowEvent =
  /** `approvals: false`: the chain has no token approvals, so no approve step is shown (default true). */
  /** `approveLabel`: the approval in words (token, spender, amount), as the approve step's name. */
  | { type: 'start'; approveBefore: boolean; approveAfter: boolean; approvals?: boolean; extra?: string; approveLabel?: string }
  | { type: 'active'; step: StepId }
  | { type: 'submitted'; step: StepId; txHash: string; explorerUrl: string }
  | { type: 'completed'; step: StepId }
  | { type: 'succeeded'; result: SwapResult }
  /** `rejected`: the wallet declined to sign (the step says so rather than "failed"). */
  | { type: 'failed'; step: StepId; message: string; rejected?: boolean }
  | { type: 'noted'; step: StepId; message: string }
  | { type: 'reset' };

export const IDLE: SwapFlow = { status: 'idle' };

const LABELS: Record<StepId, string> = {
  extra: 'Before the swap',
  approve: 'Approve',
  swap: 'Swap',
  confirmed: 'Confirmed',
  approveAfter: 'Approve for later sells',
};

function step(id: StepId, status: StepStatus): FlowStep {
  return { id, label: LABELS[id], status };
}

export function swapFlowReducer(flow: SwapFlow, event: FlowEvent): SwapFlow {
  if (event.type === 'reset') return IDLE;
  if (event.type === 'start') {
    const steps = [step('swap', 'waiting'), step('confirmed', 'waiting')];
    if (event.approvals !== false)
      steps.unshift({
        ...step('approve', event.approveBefore ? 'waiting' : 'skipped'),
        ...(event.approveBefore && event.approveLabel && { label: event.approveLabel }),
      });
    if (event.approveAfter) steps.push(step('approveAfter', 'waiting'));
    // The transaction the quote needs first (its `extra`), named by what it does.
    if (event.extra) steps.unshift({ ...step('extra', 'waiting'), label: event.extra });
    return { status: 'running', steps };
  }
  if (flow.status === 'idle') return flow;
  const update = (id: StepId, change: Partial<FlowStep>) => flow.steps.map((s) => (s.id === id ? { ...s, ...change } : s));
  switch (event.type) {
    case 'active':
      return { ...flow, steps: update(event.step, { status: 'active' }) };
    case 'submitted':
      return { ...flow, steps: update(event.step, { status: 'active', txHash: event.txHash, explorerUrl: event.explorerUrl }) };
    case 'completed':
      return { ...flow, steps: update(event.step, { status: 'done' }) };
    case 'succeeded':
      return {
        ...flow,
        status: 'succeeded',
        result: event.result,
        steps: update('confirmed', { status: 'done', txHash: event.result.txHash, explorerUrl: event.result.explorerUrl }),
      };
    case 'failed': {
      // The flow ends here: no later step is left waiting for something that will not come.
      const steps = update(event.step, { status: event.rejected ? 'rejected' : 'failed' }).map((s) =>
        s.status === 'waiting' || (s.status === 'active' && s.id !== event.step) ? { ...s, status: 'cancelled' as const } : s,
      );
      return { ...flow, status: 'failed', error: event.message, steps };
    }
    case 'noted':
      return { ...flow, note: event.message, steps: update(event.step, { status: 'failed' }) };
    default:
      return flow;
  }
}
