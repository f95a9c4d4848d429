'use client';

import { useEffect, useRef } from 'react';
import { focusIsLost } from '@/components/layout/focus';
import type { useSwapExecution } from './hooks/use-swap-execution';
import { SwapProgress } from './swap-progress';
import { SwapResult } from './swap-result';

/** The swap in flight or just finished: its steps, what went wrong, and what it paid and received. */
export function SwapExecutionPanel({ execution: { flow, reset } }: { execution: ReturnType<typeof useSwapExecution> }) {
  const finish = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The swap button was disabled under the focus while the swap ran: the focus goes on to Done / Dismiss.
  useEffect(() => {
    if (flow.status !== 'idle' && flow.status !== 'running' && focusIsLost()) finish.current?.focus();
  }, [flow.status]);
  if (flow.status === 'idle') return null;
  // The panel goes with the flow: the focus moves on to the amount to pay, where the next swap starts.
  const finishAndGoOn = () => {
    const form = panel.current?.closest('section');
    reset();
    requestAnimationFrame(() => form?.querySelector<HTMLInputElement>('input[aria-label="Amount to pay"]')?.focus());
  };
  return (
    <div className="execution" aria-live="polite" ref={panel}>
      <SwapProgress flow={flow} />
      {flow.error && (
        <p role="alert" className="error">
          {flow.error}
        </p>
      )}
      {flow.note && (
        <p role="status" className="warn small">
          {flow.note}
        </p>
      )}
      {flow.result && <SwapResult result={flow.result} />}
      {flow.status !== 'running' && (
        <button ref={finish} type="button" className="secondary-button" onClick={finishAndGoOn}>
          {flow.status === 'succeeded' ? 'Done' : 'Dismiss'}
        </button>
      )}
    </div>
  );
}
