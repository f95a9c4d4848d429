'use client';

import { ChainPicker } from '@/components/swap/chain-picker';
import { formatAmount, formatUsd, toInputText } from '@/components/swap/lib/format';
import { maxSpendable } from '@/components/swap/lib/tokens';
import type { BridgeCardState } from './hooks/use-bridge-card';
import { NativeCoin } from './native-coin';

/** What the bridge sends: the source chain, the amount of its native coin, and the wallet's balance of it. */
export function BridgeSendPanel({ card }: { card: BridgeCardState }) {
  const { form, from, sourceWallet, balance, depositor, quote: { quote }, edit, pickSource } = card;

  const onMax = () => {
    if (balance.balance === undefined) return;
    // The deposit itself pays gas on the source chain: Max keeps the same reserve back as the swap's.
    edit({ type: 'amount', text: toInputText(maxSpendable(balance.balance, { native: true, decimals: from.nativeDecimals }), from.nativeDecimals) });
  };

  const balanceText = !sourceWallet.connected
    ? 'Connect a wallet to see the balance'
    : balance.balance !== undefined ? `Balance ${formatAmount(balance.balance, from.nativeDecimals)} ${from.nativeSymbol}`
      : balance.error ? 'Balance unavailable' : 'Balance …';

  return (
    <div className="token-panel">
      <div className="token-panel-row">
        <span className="token-panel-label">From</span>
        <ChainPicker label="From chain" value={form.source} disabled={depositor.running} onChange={pickSource} />
      </div>
      <div className="token-panel-row">
        <input
          className="amount-input"
          aria-label="Amount to send"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          value={form.amountText}
          disabled={depositor.running}
          onChange={(event) => edit({ type: 'amount', text: event.target.value.replace(',', '.') })}
        />
        <NativeCoin chain={form.source} />
      </div>
      <div className="token-panel-row small muted">
        <span>{quote ? formatUsd(Number(quote.stats.amountInUsd)) : '\u00a0'}</span>
        <span className="token-meta">
          <span className="token-balance" data-testid="send-balance">{balanceText}</span>
          <button type="button" className="chip" disabled={depositor.running || balance.balance === undefined} onClick={onMax}>Max</button>
        </span>
      </div>
    </div>
  );
}
