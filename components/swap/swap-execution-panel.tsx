'use client';

import type { useSwapExecution } from './hooks/use-swap-execution';
import { SwapProgress } from './swap-progress';
import { SwapResult } from './swap-result';

/** The swap in flight or just finished: its steps, what went wrong, and what it paid and received. */
export function SwapExecutionPanel({ execution: { flow, reset } }: { execution: ReturnType<typeof useSwapExecution> }) {
  if (flow.status === 'idle') return null;
  return (
    <div className="execution">
      <SwapProgress flow={flow} />
      {flow.error && <p role="alert" className="error">{flow.error}</p>}
      {flow.note && <p role="status" className="warn small">{flow.note}</p>}
      {flow.result && <SwapResult result={flow.result} />}
      {flow.status !== 'running' && <button type="button" className="secondary-button" onClick={reset}>{flow.status === 'succeeded' ? 'Done' : 'Dismiss'}</button>}
    </div>
  );
}
