import type { FlowStep, SwapFlow } from './lib/swap-flow';
import { ProgressSteps } from './progress-steps';

const STATUS_TEXT: Record<FlowStep['status'], string> = {
  waiting: 'Waiting',
  active: 'In progress',
  done: 'Done',
  failed: 'Failed',
  rejected: 'Rejected in the wallet',
  cancelled: 'Not started',
  skipped: 'Not needed',
};

const ACTIVE_TEXT: Partial<Record<FlowStep['id'], string>> = {
  approve: 'Confirm the approval in your wallet',
  swap: 'Confirm the swap in your wallet',
  confirmed: 'Waiting for the chain',
  approveAfter: 'Confirm the approval in your wallet',
};

/** The steps of a swap in flight, each with its transaction on the explorer once there is one. */
export function SwapProgress({ flow }: { flow: Exclude<SwapFlow, { status: 'idle' }> }) {
  return (
    <ProgressSteps
      label="Swap progress"
      steps={flow.steps}
      noteOf={(step) => (step.status === 'active' && !step.txHash ? ACTIVE_TEXT[step.id] : STATUS_TEXT[step.status])}
    />
  );
}
