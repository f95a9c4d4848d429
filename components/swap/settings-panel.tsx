'use client';

import { useState } from 'react';
import type { Priority } from './hooks/use-swap-quote';

const SLIPPAGE_PRESETS = [10, 50, 100] as const;
const PRIORITIES: readonly { value: Priority; label: string }[] = [
  { value: 'LOW', label: 'Low' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'HIGH', label: 'High' },
  { value: 'INSTANT', label: 'Instant' },
];

/** Slippage tolerance (basis points) and gas priority. */
export function SettingsPanel({ slippageBps, priority, onSlippage, onPriority }: {
  slippageBps: number;
  priority: Priority;
  onSlippage: (bps: number) => void;
  onPriority: (priority: Priority) => void;
}) {
  const isPreset = (SLIPPAGE_PRESETS as readonly number[]).includes(slippageBps);
  const [custom, setCustom] = useState(isPreset ? '' : String(slippageBps / 100));
  const customInvalid = custom !== '' && !(Number(custom) > 0 && Number(custom) <= 50);
  return (
    <div className="settings" role="dialog" aria-label="Swap settings">
      <fieldset>
        <legend>Max slippage</legend>
        <div className="segmented">
          {SLIPPAGE_PRESETS.map((bps) => (
            <button key={bps} type="button" aria-pressed={slippageBps === bps} onClick={() => { setCustom(''); onSlippage(bps); }}>
              {bps / 100}%
            </button>
          ))}
          <input
            aria-label="Custom slippage in percent"
            placeholder="Custom"
            inputMode="decimal"
            value={custom}
            aria-invalid={customInvalid}
            onChange={(event) => {
              const text = event.target.value.replace(',', '.');
              setCustom(text);
              const percent = Number(text);
              if (text !== '' && percent > 0 && percent <= 50) onSlippage(Math.round(percent * 100));
            }}
          />
        </div>
        {customInvalid && <p className="error small">Slippage must be more than 0 and at most 50 %.</p>}
        {slippageBps < 10 && <p className="warn small">With less than 0.1 % the trade may fail.</p>}
        {slippageBps > 500 && <p className="warn small">High slippage: the trade may be front-run and fill at a much worse price.</p>}
      </fieldset>
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
    </div>
  );
}
