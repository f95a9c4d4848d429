'use client';

import { isWalletOn } from '@/components/wallet/use-family-wallet';
import { WalletActionArea } from '@/components/wallet/wallet-action-area';
import type { SwapCardState } from './hooks/use-swap-card';
import { CONFIRM_WORD } from './lib/price-impact';
import { decideSwapAction } from './lib/swap-action';

/** What the quote's `extra` does: a launchpad's fee where the route runs along a curve, else the token's own step. */
function extraLabelOf(warnings: SwapCardState['warnings']): string {
  return warnings.some((warning) => warning.code === 'LAUNCHPAD') ? 'Pay the launch fee' : 'Prepare the token (permit or allowance reset)';
}

/** The swap button: connects, switches the wallet to the form's chain, or swaps at the quote on screen. */
export function SwapActionArea({ card }: { card: SwapCardState }) {
  const {
    form,
    chainInfo,
    wallet,
    amount,
    quote: { quote, state },
    impact,
    confirmText,
    running,
    switcher,
    execution,
  } = card;
  const { chain, tokenIn, tokenOut } = form;
  const action = decideSwapAction({
    running,
    connected: wallet.connected,
    onChain: isWalletOn(wallet, chain),
    chainName: chainInfo.name,
    hasTokens: !!tokenIn && !!tokenOut,
    amountInvalid: amount.invalid,
    hasAmount: amount.hasAmount,
    insufficient: amount.insufficient,
    quote: state,
    impact,
    honeypot: card.honeypot,
    confirmed: confirmText.trim().toLowerCase() === CONFIRM_WORD,
    approvalFirst: !!quote?.transaction.approve,
  });

  const onAction = () => {
    if (action.kind === 'switch') switcher.switchTo(chain);
    const quoteId = quote?.transaction.quoteId;
    if (action.kind === 'swap' && quote && quoteId && tokenIn && tokenOut && wallet.address) {
      void execution.execute({
        chain,
        account: wallet.address,
        tokenIn,
        tokenOut,
        transaction: { ...quote.transaction, quoteId },
        extraLabel: extraLabelOf(card.warnings),
      });
    }
  };

  return (
    <WalletActionArea
      family={chainInfo.family}
      connected={wallet.connected}
      connects={action.kind === 'connect'}
      label={action.label}
      disabled={action.kind === 'none'}
      danger={impact === 'high' || impact === 'blocking' || card.honeypot}
      switching={switcher}
      onAction={onAction}
    />
  );
}
