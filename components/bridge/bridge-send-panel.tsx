'use client';

import { ChainPicker } from '@/components/swap/chain-picker';
import { maxInputText } from '@/components/swap/lib/format';
import { formatAmount } from '@/server/display/amount-text';
import { formatUsd } from '@/server/display/number-text';
import { isNative, maxSpendable } from '@/components/swap/lib/tokens';
import { BridgeTokenButton } from './bridge-token-button';
import type { BridgeCardState } from './hooks/use-bridge-card';

/** What the bridge sends: the source chain, the token and its amount, and the wallet's balance of it. */
export function BridgeSendPanel({ card, onPickToken }: { card: BridgeCardState; onPickToken: () => void }) {
  const {
    form,
    tokenIn,
    sourceWallet,
    balance,
    depositor,
    quote: { quote },
    edit,
    pickSource,
  } = card;

  const onMax = () => {
    if (balance.balance === undefined) return;
    // A native deposit pays its own gas on the source chain: Max keeps the same reserve back as the swap's.
    // A token's whole balance can go, its gas being paid in the native coin.
    edit({ type: 'amount', text: maxInputText(maxSpendable(balance.balance, { native: isNative(tokenIn), decimals: tokenIn.decimals }), tokenIn.decimals) });
  };

  const balanceText = !sourceWallet.connected
    ? 'Connect a wallet to see the balance'
    : balance.balance !== undefined
      ? `Balance ${formatAmount(balance.balance, tokenIn.decimals)} ${tokenIn.symbol}`
      : balance.error
        ? 'Balance unavailable'
        : 'Balance …';

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
        <BridgeTokenButton chain={form.source} token={tokenIn} label="Select token to send" disabled={depositor.running} onPick={onPickToken} />
      </div>
      <div className="token-panel-row small muted">
        <span>{quote ? formatUsd(Number(quote.stats.amountInUsd)) : '\u00a0'}</span>
        <span className="token-meta">
          <span className="token-balance" data-testid="send-balance">
            {balanceText}
          </span>
          <button type="button" className="chip" disabled={depositor.running || balance.balance === undefined} onClick={onMax}>
            Max
          </button>
        </span>
      </div>
    </div>
  );
}
