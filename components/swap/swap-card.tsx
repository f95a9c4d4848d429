'use client';

import { useState } from 'react';
import { Announcement } from '@/components/layout/announcement';
import type { ChainId } from '@/server/chains/registry';
import { useSwapCard } from './hooks/use-swap-card';
import { formatAmount } from '@/server/display/amount-text';
import { SwapActionArea } from './swap-action-area';
import { SwapExecutionPanel } from './swap-execution-panel';
import { SwapFormHeader } from './swap-form-header';
import { SwapPayPanel } from './swap-pay-panel';
import { SwapQuoteSummary } from './swap-quote-summary';
import { TokenPanel } from './token-panel';
import { TokenSelectDialog } from './token-select-dialog';

const DEFAULT_CHAIN: ChainId = 'BASE';

/**
 * The swap form: pick chain, tokens and amount, read the live quote, and swap through the wallet of the
 * chain's family (an EVM wallet on EVM chains, a Solana wallet on Solana; both stay connected).
 * A link may open it on a chain with a token to receive (a token page's Trade button).
 */
export function SwapCard({ initialChain, linkedTokenOut }: { initialChain?: ChainId; linkedTokenOut?: string }) {
  // A link that names a chain or a token opens on it; otherwise the pair of the last visit comes back.
  const card = useSwapCard(initialChain ?? DEFAULT_CHAIN, linkedTokenOut, !!initialChain || !!linkedTokenOut);
  const {
    form,
    chainInfo,
    wallet,
    tokens,
    running,
    edit,
    balanceOut,
    quote: { quote, state },
  } = card;
  const { chain, tokenIn, tokenOut } = form;
  const [picking, setPicking] = useState<'pay' | 'receive'>();

  return (
    <section className="swap-card" aria-label="Swap">
      <SwapFormHeader card={card} />
      <SwapPayPanel card={card} onPickToken={() => setPicking('pay')} />
      <div className="flip">
        <button type="button" className="flip-button" aria-label="Switch tokens" disabled={running} onClick={() => edit({ type: 'flip' })}>
          ↓
        </button>
      </div>
      <TokenPanel
        side="receive"
        token={tokenOut}
        amount={form.side === 'receive' ? form.amountText : quote && tokenOut ? formatAmount(quote.stats.amountOut, tokenOut.decimals) : ''}
        onAmount={(text) => edit({ type: 'amountOut', text })}
        loading={form.side === 'pay' && state === 'loading'}
        balance={wallet.connected ? balanceOut.balance : undefined}
        balanceNote={wallet.connected ? undefined : ''}
        // 0 means no price is known for the output: show nothing rather than $0.00.
        usd={quote?.stats.valueAmountOutUsd || undefined}
        unsellable={card.honeypot}
        disabled={running}
        onPickToken={() => setPicking('receive')}
      />
      <Announcement
        topic="quote"
        text={quote && tokenOut ? `Quote: you receive ${formatAmount(quote.stats.amountOut, tokenOut.decimals)} ${tokenOut.symbol}` : ''}
      />

      {tokens.error && (
        <p role="alert" className="error">
          Could not load the tokens of {chainInfo.name}: {tokens.error.message}
        </p>
      )}
      <SwapQuoteSummary card={card} />
      <SwapExecutionPanel execution={card.execution} />
      <SwapActionArea card={card} />

      {picking && (
        <TokenSelectDialog
          chain={chain}
          title={picking === 'pay' ? 'Select a token to pay' : 'Select a token to receive'}
          tokens={tokens.tokens}
          selected={picking === 'pay' ? tokenIn : tokenOut}
          wallet={wallet.connected ? wallet.address : undefined}
          onClose={() => setPicking(undefined)}
          onSelect={(token) => {
            edit({ type: picking === 'pay' ? 'tokenIn' : 'tokenOut', token });
            setPicking(undefined);
          }}
        />
      )}
    </section>
  );
}
