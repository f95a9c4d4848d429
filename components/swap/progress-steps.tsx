import type { ReactNode } from 'react';
import { shortAddress } from './lib/format';

interface ShownStep {
  id: string;
  label: string;
  status: string;
  txHash?: string;
  explorerUrl?: string;
}

/** Numbered steps (a swap's, a bridge request's), each with its transaction on the explorer once there is one. */
export function ProgressSteps<Step extends ShownStep>({
  label,
  steps,
  noteOf,
}: {
  label: string;
  steps: readonly Step[];
  /** The words under a step's label. */
  noteOf: (step: Step) => ReactNode;
}) {
  return (
    <ol className="progress" aria-label={label}>
      {steps.map((step, index) => (
        <li key={step.id} className={`step step-${step.status}`} data-step={step.id} data-status={step.status}>
          <span className="step-marker" aria-hidden="true">
            {step.status === 'done' ? '✓' : step.status === 'failed' || step.status === 'rejected' ? '!' : index + 1}
          </span>
          <span className="step-text">
            <strong>{step.label}</strong>
            <span className="muted small">{noteOf(step)}</span>
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
