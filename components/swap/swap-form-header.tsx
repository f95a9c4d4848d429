'use client';

import { usePopover } from '@/components/wallet/use-popover';
import { ChainPicker } from './chain-picker';
import type { SwapCardState } from './hooks/use-swap-card';
import { SettingsPanel } from './settings-panel';

/** The form's title, its chain, and the settings (slippage and priority) the gear opens below. */
export function SwapFormHeader({ card }: { card: SwapCardState }) {
  const { form, running, edit, pickChain } = card;
  // Closes on Escape and on a click anywhere outside the gear and the panel.
  const { open: settingsOpen, setOpen: setSettingsOpen, container } = usePopover<HTMLDivElement>();
  return (
    <div ref={container}>
      <div className="swap-card-head">
        <h1>Swap</h1>
        <div className="swap-card-tools">
          <ChainPicker value={form.chain} disabled={running} onChange={pickChain} />
          <button type="button" className="icon-button" aria-label="Settings" aria-expanded={settingsOpen} onClick={() => setSettingsOpen(!settingsOpen)}>
            ⚙
          </button>
        </div>
      </div>
      {settingsOpen && (
        <SettingsPanel
          slippageBps={form.slippageBps}
          priority={form.priority}
          onSlippage={(bps) => edit({ type: 'slippage', bps })}
          onPriority={(priority) => edit({ type: 'priority', priority })}
        />
      )}
    </div>
  );
}
