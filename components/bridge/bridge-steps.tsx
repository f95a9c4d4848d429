import { shortAddress } from '@/components/swap/lib/format';
import type { TrackerStep } from './lib/bridge-progress';

/** The steps of a bridge request, each with its transaction on its chain's explorer once there is one. */
export function BridgeSteps({ steps }: { steps: readonly TrackerStep[] }) {
  return (
    <ol className="progress" aria-label="Bridge progress">
      {steps.map((step, index) => (
        <li key={step.id} className={`step step-${step.status}`} data-step={step.id} data-status={step.status}>
          <span className="step-marker" aria-hidden="true">{step.status === 'done' ? '✓' : step.status === 'failed' ? '!' : index + 1}</span>
          <span className="step-text">
            <strong>{step.label}</strong>
            <span className="muted small">{step.note}</span>
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
