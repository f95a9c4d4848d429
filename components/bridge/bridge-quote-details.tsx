'use client';

import { QuoteCountdown, type QuoteCountdownProps } from '@/components/quotes/quote-countdown';
import { formatAmount, formatPercent, formatUsd } from '@/components/swap/lib/format';
import { priceImpactLevel } from '@/components/swap/lib/price-impact';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import type { BridgeQuote } from './lib/bridge-types';
import { formatDuration } from './lib/format-duration';

interface BridgeQuoteDetailsProps {
  source: ChainId;
  destination: ChainId;
  quote: BridgeQuote;
  countdown: QuoteCountdownProps;
}

const usdOf = (text: string) => formatUsd(Number(text));

/** What the quote promises: the rate, what arrives and what it costs, and when the quote is renewed. */
export function BridgeQuoteDetails({ source, destination, quote, countdown }: BridgeQuoteDetailsProps) {
  const { stats } = quote;
  const from = CHAINS[source];
  const to = CHAINS[destination];
  const level = priceImpactLevel(stats.priceImpact);
  const amountIn = BigInt(stats.amountIn);
  // Destination coins per source coin, both in whole units, in integer arithmetic.
  const rate = amountIn === 0n ? 0n : (BigInt(stats.amountOut) * 10n ** BigInt(from.nativeDecimals) * 10n ** 18n) / (amountIn * 10n ** BigInt(to.nativeDecimals));

  return (
    <section className="quote-details" aria-label="Bridge quote">
      <div className="quote-head">
        <span className="rate">1 {from.nativeSymbol} = {formatAmount(rate, 18)} {to.nativeSymbol}</span>
        <QuoteCountdown {...countdown} />
      </div>
      <dl className="quote-rows">
        <div>
          <dt>You send</dt>
          <dd data-testid="quote-amount-in" title={`${stats.amountInFormatted} ${from.nativeSymbol}`}>
            {formatAmount(stats.amountIn, from.nativeDecimals)} {from.nativeSymbol} <span className="muted small">{usdOf(stats.amountInUsd)}</span>
          </dd>
        </div>
        <div>
          <dt>You receive</dt>
          <dd data-testid="quote-amount-out" title={`${stats.amountOutFormatted} ${to.nativeSymbol}`}>
            <strong>{formatAmount(stats.amountOut, to.nativeDecimals)} {to.nativeSymbol}</strong> <span className="muted small">{usdOf(stats.amountOutUsd)}</span>
          </dd>
        </div>
        {stats.minAmountOut && (
          <div><dt>Minimum received</dt><dd>{formatAmount(stats.minAmountOut, to.nativeDecimals)} {to.nativeSymbol}</dd></div>
        )}
        {stats.feeAmount && (
          <div><dt>Bridge fee</dt><dd data-testid="quote-fee">{formatAmount(stats.feeAmount, from.nativeDecimals)} {from.nativeSymbol}</dd></div>
        )}
        {stats.destinationGas && (
          <div><dt>Gas on {to.name}</dt><dd data-testid="quote-destination-gas">{formatAmount(stats.destinationGas, to.nativeDecimals)} {to.nativeSymbol}</dd></div>
        )}
        <div className={`impact-${level}`}><dt>Cost of the bridge</dt><dd data-testid="price-impact" title="Fee and destination gas as a share of the value sent">{formatPercent(stats.priceImpact)}</dd></div>
        <div><dt>Estimated time</dt><dd data-testid="quote-time">about {formatDuration(stats.estimatedTime * 1_000)}</dd></div>
      </dl>
    </section>
  );
}
