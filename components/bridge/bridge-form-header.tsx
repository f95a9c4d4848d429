'use client';

import { ApprovalSetting } from '@/components/quotes/approval-setting';
import { SlippageSetting } from '@/components/quotes/slippage-setting';
import { usePopover } from '@/components/wallet/use-popover';
import type { BridgeCardState } from './hooks/use-bridge-card';

/** The form's title and its settings (the slippage the quote asks for), which the gear opens below it. */
export function BridgeFormHeader({ card }: { card: BridgeCardState }) {
  const { form, depositor, edit } = card;
  // Closes on Escape and on a click anywhere outside the gear and the panel; the focus goes back to the gear.
  const { open, setOpen, container, trigger } = usePopover<HTMLDivElement>();
  return (
    <div ref={container}>
      <div className="swap-card-head">
        <h1>Bridge</h1>
        <div className="swap-card-tools">
          <button
            ref={trigger}
            type="button"
            className="icon-button"
            aria-label="Settings"
            aria-expanded={open}
            // The quote being paid is held still: its slippage is the one the deposit was built with.
            disabled={depositor.running}
            onClick={() => setOpen(!open)}
          >
            ⚙
          </button>
        </div>
      </div>
      {open && !depositor.running && (
        <div className="settings" role="dialog" aria-label="Bridge settings">
          <SlippageSetting slippageBps={form.slippageBps} onSlippage={(bps) => edit({ type: 'slippage', bps })} />
          <ApprovalSetting />
        </div>
      )}
    </div>
  );
}
