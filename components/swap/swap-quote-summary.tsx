'use client';

import { PriceOnlyHint } from '@/components/quotes/price-only-hint';
import { QuoteError } from '@/components/quotes/quote-error';
import type { SwapCardState } from './hooks/use-swap-card';
import { PriceImpactNotice } from './price-impact-notice';
import { QuoteDetails } from './quote-details';
import { QuoteWarnings } from './quote-warnings';

/** The quote under the form: why there is none, or its details, its price impact warning and its other warnings. */
export function SwapQuoteSummary({ card }: { card: SwapCardState }) {
  const {
    form,
    chainInfo,
    wallet,
    tokens,
    quote: { live, quote, state, countdown },
    impact,
    warnings,
    honeypot,
    confirmText,
    setConfirmText,
  } = card;
  const { chain, tokenIn, tokenOut } = form;
  return (
    <>
      {!wallet.connected && quote && <PriceOnlyHint family={chainInfo.family} action="swap" />}
      <QuoteError state={state} error={live.error} />
      {quote && tokenIn && tokenOut && (
        <QuoteDetails chain={chain} quote={quote} tokenIn={tokenIn} tokenOut={tokenOut} tokens={tokens.tokens} countdown={countdown} />
      )}
      {quote && <PriceImpactNotice level={impact} percent={quote.stats.priceImpact} typed={confirmText} onTyped={setConfirmText} />}
      {quote && <QuoteWarnings warnings={warnings} askWord={honeypot && impact !== 'blocking'} typed={confirmText} onTyped={setConfirmText} />}
    </>
  );
}
