'use client';

import { useEffect } from 'react';
import { useSelectedChain } from '@/components/layout/selected-chain';
import { useApprovalSize, type ApprovalSize } from '@/components/quotes/approval-setting';
import { useSettledQuote } from '@/components/quotes/use-settled-quote';
import { useChainWallet, type FamilyWallet } from '@/components/wallet/use-family-wallet';
import { useHeaderWalletFamily } from '@/components/wallet/use-header-wallet-family';
import { useSwitchToChain } from '@/components/wallet/use-switch-to-chain';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { priceImpactLevel } from '../lib/price-impact';
import { quotedInsufficient, readSwapAmount, type SwapAmount } from '../lib/swap-amount';
import { useRememberedPair } from './use-remembered-pair';
import { useSwapEdits } from './use-swap-edits';
import { useSwapExecution } from './use-swap-execution';
import { useSwapForm, type SwapForm } from './use-swap-form';
import { useSwapQuote, type QuoteRequest } from './use-swap-quote';
import { useSwapTokens } from './use-swap-tokens';
import { useTokenBalance } from './use-token-balance';

/**
 * Everything the swap form shows and does: the form, the wallet of its chain's family, the balances, the
 * live quote of what it asks and the swap in flight. The header shows that wallet while the form is open,
 * and the header's token search looks addresses up on the form's chain.
 */
export function useSwapCard(initialChain: ChainId, linkedTokenOut: string | undefined, linked = false) {
  const { form, dispatch } = useSwapForm(initialChain);
  const { chain, tokenIn, tokenOut } = form;
  const chainInfo = CHAINS[chain];
  const wallet = useChainWallet(chain);
  const { setChain: publishChain } = useSelectedChain();
  const execution = useSwapExecution();
  const running = execution.flow.status === 'running';
  const switcher = useSwitchToChain();

  useHeaderWalletFamily(chain);
  useEffect(() => publishChain(chain), [chain, publishChain]);
  useRememberedPair(form, dispatch, linked);
  const tokens = useSwapTokens(chain, chain === initialChain ? linkedTokenOut : undefined, dispatch);
  const { edit, confirmText, setConfirmText } = useSwapEdits(dispatch, execution);
  const pickChain = (next: ChainId) => {
    edit({ type: 'chain', chain: next });
    switcher.followChain(next);
  };

  const owner = wallet.connected ? wallet.address : undefined;
  const balanceIn = useTokenBalance(chain, tokenIn, owner);
  const balanceOut = useTokenBalance(chain, tokenOut, owner);
  const typed = readSwapAmount(form, balanceIn.balance);
  const [approval] = useApprovalSize();
  const quote = useSettledQuote(swapQuoteRequest(form, typed, wallet, approval), useSwapQuote, { paused: running });
  const amount = quotedInsufficient(typed, quote.quote?.stats.amountIn, tokenIn, balanceIn.balance);
  const impact = quote.quote ? priceImpactLevel(quote.quote.stats.priceImpact) : 'none';
  const warnings = quote.quote?.warnings ?? [];
  const honeypot = warnings.some((warning) => warning.code === 'HONEYPOT');

  return {
    form,
    chainInfo,
    wallet,
    tokens,
    execution,
    running,
    switcher,
    edit,
    pickChain,
    confirmText,
    setConfirmText,
    balanceIn,
    balanceOut,
    amount,
    quote,
    impact,
    warnings,
    honeypot,
  };
}

export type SwapCardState = ReturnType<typeof useSwapCard>;

/**
 * With a wallet the quote builds its transactions (nonce, approval, recipient); without one it is price-only:
 * the same amounts, route and warnings, nothing to sign.
 */
function swapQuoteRequest(
  form: SwapForm,
  { amount, amountOut, insufficient }: SwapAmount,
  wallet: FamilyWallet,
  approval: ApprovalSize,
): QuoteRequest | undefined {
  const { chain, tokenIn, tokenOut } = form;
  // A share of the balance ("50%") needs the wallet whose balance it is.
  const shareWithoutWallet = !wallet.connected && amount?.endsWith('%');
  return tokenIn && tokenOut && (amount || amountOut) && !insufficient && !shareWithoutWallet
    ? // The page asks for risky tokens too: it shows the warning and asks for the typed word instead.
      {
        chain,
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        ...(amountOut ? { amountOut } : { amount }),
        slippage: form.slippageBps,
        priority: form.priority,
        ...(wallet.connected && { trader: wallet.address, approval }),
        acceptRisk: true,
      }
    : undefined;
}
