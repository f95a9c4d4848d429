'use client';

import { ApprovalSetting } from '@/components/quotes/approval-setting';
import { SlippageSetting } from '@/components/quotes/slippage-setting';
import type { Priority } from './hooks/use-swap-quote';

const PRIORITIES: readonly { value: Priority; label: string }[] = [
  { value: 'LOW', label: 'Low' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'HIGH', label: 'High' },
  { value: 'INSTANT', label: 'Instant' },
];

/** Slippage tolerance (basis points), gas priority and the size of token approvals. */
export function SettingsPanel({
  slippageBps,
  priority,
  onSlippage,
  onPriority,
}: {
  slippageBps: number;
  priority: Priority;
  onSlippage: (bps: number) => void;
  onPriority: (priority: Priority) => void;
}) {
  return (
    <div className="settings" role="dialog" aria-label="Swap settings">
      <SlippageSetting slippageBps={slippageBps} onSlippage={onSlippage} />
      <fieldset>
        <legend>Transaction priority</legend>
        <div className="segmented">
          {PRIORITIES.map((option) => (
            <button key={option.value} type="button" aria-pressed={priority === option.value} onClick={() => onPriority(option.value)}>
              {option.label}
            </button>
          ))}
        </div>
        <p className="muted small">Higher priority pays a larger tip so the trade is included sooner.</p>
      </fieldset>
      <ApprovalSetting />
    </div>
  );
}
