'use client';

import { useState } from 'react';
import { formatPercent } from '@/server/display/number-text';
import { SLIPPAGE_PRESETS_BPS, customSlippageBps, customSlippageText, slippageText, slippageWarning } from './slippage';

/**
 * The slippage tolerance of a form's settings: the presets, a custom percent, and a warning when the value
 * is unusually low or high. A custom value reaches the form only once it is one the quotes take.
 */
export function SlippageSetting({ slippageBps, onSlippage }: { slippageBps: number; onSlippage: (bps: number) => void }) {
  // What is typed stays as typed (an invalid value too, marked), starting from the form's tolerance.
  const [custom, setCustom] = useState(() => customSlippageText(slippageBps));
  const customInvalid = custom !== '' && customSlippageBps(custom) === undefined;
  const warning = slippageWarning(slippageBps);
  return (
    <fieldset>
      <legend>Max slippage</legend>
      <div className="segmented">
        {SLIPPAGE_PRESETS_BPS.map((bps) => (
          <button
            key={bps}
            type="button"
            aria-pressed={slippageBps === bps}
            onClick={() => {
              setCustom('');
              onSlippage(bps);
            }}
          >
            {slippageText(bps)}
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
            const bps = customSlippageBps(text);
            if (bps !== undefined) onSlippage(bps);
          }}
        />
      </div>
      {customInvalid && (
        <p className="error small">
          Slippage must be at least {formatPercent(0.01)} and at most {formatPercent(50)}.
        </p>
      )}
      {warning === 'low' && <p className="warn small">With less than {formatPercent(0.1)} the trade may fail.</p>}
      {warning === 'high' && <p className="warn small">High slippage: the trade may be front-run and fill at a much worse price.</p>}
    </fieldset>
  );
}
