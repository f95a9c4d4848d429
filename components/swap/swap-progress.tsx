import { shortAddress } from './lib/format';
import type { FlowStep, SwapFlow } from './lib/swap-flow';

const STATUS_TEXT: Record<FlowStep['status'], string> = {
  waiting: 'Waiting',
  active: 'In progress',
  done: 'Done',
  failed: 'Failed',
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
    <ol className="progress" aria-label="Swap progress">
      {flow.steps.map((step, index) => (
        <li key={step.id} className={`step step-${step.status}`} data-step={step.id} data-status={step.status}>
          <span className="step-marker" aria-hidden="true">{step.status === 'done' ? '✓' : step.status === 'failed' ? '!' : index + 1}</span>
          <span className="step-text">
            <strong>{step.label}</strong>
            <span className="muted small">
              {step.status === 'active' && !step.txHash ? ACTIVE_TEXT[step.id] : STATUS_TEXT[step.status]}
            </span>
          </span>
          {step.txHash && step.explorerUrl && (
            <a className="small" href={step.explorerUrl} target="_blank" rel="noreferrer" aria-label={`${step.label} transaction on the explorer`}>
              {shortAddress(step.txHash)} ↗
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}
