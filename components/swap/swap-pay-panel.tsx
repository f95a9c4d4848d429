'use client';

import { AmountChips } from './amount-chips';
import type { SwapCardState } from './hooks/use-swap-card';
import { maxInputText } from './lib/format';
import { formatAmount } from '@/server/display/amount-text';
import { formatPercent } from '@/server/display/number-text';
import { isNative, maxSpendable } from './lib/tokens';
import { TokenPanel } from './token-panel';

/**
 * What the swap pays: the amount typed, or for a share of the balance the amount the quote resolved it
 * to, with the shortcuts (25 %, 50 %, 100 %, Max).
 */
export function SwapPayPanel({ card, onPickToken }: { card: SwapCardState; onPickToken: () => void }) {
  const {
    form,
    wallet,
    balanceIn,
    quote: { quote },
    running,
    edit,
  } = card;
  const { tokenIn, mode } = form;

  const onMax = () => {
    if (!tokenIn || balanceIn.balance === undefined) return;
    edit({ type: 'amount', text: maxInputText(maxSpendable(balanceIn.balance, { native: isNative(tokenIn), decimals: tokenIn.decimals }), tokenIn.decimals) });
  };

  // A share of the balance, or an amount typed in the receive field: the pay field shows the quoted input.
  const quotedInput = mode.kind === 'percent' || form.side === 'receive';
  const amount = quotedInput ? (quote && tokenIn ? formatAmount(quote.stats.amountIn, tokenIn.decimals) : '') : form.amountText;
  const balanceNote = wallet.connected
    ? balanceIn.error
      ? 'Balance unavailable'
      : balanceIn.isLoading
        ? 'Balance …'
        : undefined
    : 'Connect a wallet to see balances';

  return (
    <TokenPanel
      side="pay"
      token={tokenIn}
      amount={amount}
      placeholder={mode.kind === 'percent' ? `${formatPercent(mode.percent)} of balance` : '0'}
      onAmount={(text) => edit({ type: 'amount', text })}
      loading={form.side === 'receive' && card.quote.state === 'loading'}
      balance={wallet.connected ? balanceIn.balance : undefined}
      balanceNote={balanceNote}
      usd={quote?.stats.valueAmountInUsd}
      disabled={running}
      onPickToken={onPickToken}
    >
      <AmountChips
        active={mode.kind === 'percent' ? mode.percent : undefined}
        disabled={running || !wallet.connected}
        maxDisabled={balanceIn.balance === undefined}
        onPercent={(percent) => edit({ type: 'percent', percent })}
        onMax={onMax}
      />
    </TokenPanel>
  );
}
