'use client';

import { ChainPicker } from '@/components/swap/chain-picker';
import { formatAmount } from '@/server/display/amount-text';
import { formatUsd } from '@/server/display/number-text';
import { BridgeTokenButton } from './bridge-token-button';
import type { BridgeCardState } from './hooks/use-bridge-card';

/** What arrives: the destination chain, the token received and the quote's amount of it. */
export function BridgeReceivePanel({ card, onPickToken }: { card: BridgeCardState; onPickToken: () => void }) {
  const {
    form,
    tokenOut,
    depositor,
    quote: { quote, state },
    edit,
  } = card;
  const decimals = quote?.stats.decimalsOut ?? tokenOut.decimals;
  return (
    <div className={`token-panel${state === 'loading' ? ' loading' : ''}`}>
      <div className="token-panel-row">
        <span className="token-panel-label">To</span>
        <ChainPicker label="To chain" value={form.destination} disabled={depositor.running} onChange={(chain) => edit({ type: 'destination', chain })} />
      </div>
      <div className="token-panel-row">
        <input
          className="amount-input"
          aria-label="Amount to receive"
          placeholder="0"
          readOnly
          value={quote ? formatAmount(quote.stats.amountOut, decimals) : ''}
        />
        <BridgeTokenButton chain={form.destination} token={tokenOut} label="Select token to receive" disabled={depositor.running} onPick={onPickToken} />
      </div>
      <div className="token-panel-row small muted">
        <span>{quote ? formatUsd(Number(quote.stats.amountOutUsd)) : '\u00a0'}</span>
      </div>
    </div>
  );
}
