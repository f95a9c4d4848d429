'use client';

import { ChainPicker } from '@/components/swap/chain-picker';
import { formatAmount, formatUsd } from '@/components/swap/lib/format';
import type { BridgeCardState } from './hooks/use-bridge-card';
import { NativeCoin } from './native-coin';

/** What arrives: the destination chain and the quote's amount of its native coin. */
export function BridgeReceivePanel({ card }: { card: BridgeCardState }) {
  const { form, to, depositor, quote: { quote, state }, edit } = card;
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
          value={quote ? formatAmount(quote.stats.amountOut, to.nativeDecimals) : ''}
        />
        <NativeCoin chain={form.destination} />
      </div>
      <div className="token-panel-row small muted">
        <span>{quote ? formatUsd(Number(quote.stats.amountOutUsd)) : '\u00a0'}</span>
      </div>
    </div>
  );
}
