'use client';

import { QuoteCountdown, type QuoteCountdownProps } from '@/components/quotes/quote-countdown';
import { slippageText } from '@/components/quotes/slippage';
import { formatAmount } from '@/server/display/amount-text';
import { formatPercent, formatUsd } from '@/server/display/number-text';
import { priceImpactLevel } from '@/components/swap/lib/price-impact';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { BridgeRoute } from './bridge-route';
import { bridgeApprovalText } from './lib/bridge-approval';
import type { Coin, KnownCoin } from './lib/bridge-amounts';
import type { BridgeQuote } from './lib/bridge-types';
import { formatDuration } from './lib/format-duration';

interface BridgeQuoteDetailsProps {
  destination: ChainId;
  quote: BridgeQuote;
  /** The tokens the form asked for; the quote's own symbols and decimals win where it gives them. */
  coins: { in: Coin; out: Coin };
  /** Tokens the form knows, for the amounts of the route's legs. */
  known: KnownCoin;
  countdown: QuoteCountdownProps;
  /** The slippage the quote was asked with (the form's: a quote on screen is always the form's request's). */
  slippageBps: number;
}

const usdOf = (text: string) => formatUsd(Number(text));

/** What the quote promises: the rate, what arrives and what it costs, its route, and when it is renewed. */
export function BridgeQuoteDetails({ destination, quote, coins, known, countdown, slippageBps }: BridgeQuoteDetailsProps) {
  const { stats } = quote;
  const to = CHAINS[destination];
  const coinIn: Coin = { symbol: stats.symbolIn ?? coins.in.symbol, decimals: stats.decimalsIn ?? coins.in.decimals };
  const coinOut: Coin = { symbol: stats.symbolOut ?? coins.out.symbol, decimals: stats.decimalsOut ?? coins.out.decimals };
  const level = priceImpactLevel(stats.priceImpact);
  const amountIn = BigInt(stats.amountIn);
  // Tokens received per token sent, both in whole units, in integer arithmetic.
  const rate = amountIn === 0n ? 0n : (BigInt(stats.amountOut) * 10n ** BigInt(coinIn.decimals) * 10n ** 18n) / (amountIn * 10n ** BigInt(coinOut.decimals));

  return (
    <section className="quote-details" aria-label="Bridge quote">
      <div className="quote-head">
        <span className="rate">
          1 {coinIn.symbol} = {formatAmount(rate, 18)} {coinOut.symbol}
        </span>
        <QuoteCountdown {...countdown} />
      </div>
      <dl className="quote-rows">
        <div>
          <dt>You send</dt>
          <dd data-testid="quote-amount-in" title={`${stats.amountInFormatted} ${coinIn.symbol}`}>
            {formatAmount(stats.amountIn, coinIn.decimals)} {coinIn.symbol} <span className="muted small">{usdOf(stats.amountInUsd)}</span>
          </dd>
        </div>
        <div>
          <dt>You receive</dt>
          <dd data-testid="quote-amount-out" title={`${stats.amountOutFormatted} ${coinOut.symbol}`}>
            <strong>
              {formatAmount(stats.amountOut, coinOut.decimals)} {coinOut.symbol}
            </strong>{' '}
            <span className="muted small">{usdOf(stats.amountOutUsd)}</span>
          </dd>
        </div>
        {stats.minAmountOut && <MinimumReceived minAmountOut={stats.minAmountOut} coin={coinOut} slippageBps={slippageBps} />}
        {stats.swapFallback === 'refund' && (
          // What the server does when the destination swap can no longer pay the minimum: it never pays something else.
          <div>
            <dt>If the swap falls short</dt>
            <dd data-testid="quote-swap-fallback">The deposit is returned on {CHAINS[stats.sourceChain as ChainId]?.name ?? stats.sourceChain}</dd>
          </div>
        )}
        {stats.feeAmount && (
          // The fee is a share of the amount sent, so it is counted in the token sent.
          <div>
            <dt>Bridge fee</dt>
            <dd data-testid="quote-fee">
              {formatAmount(stats.feeAmount, coinIn.decimals)} {coinIn.symbol}
            </dd>
          </div>
        )}
        {stats.destinationGas && (
          <div>
            <dt>Gas on {to.name}</dt>
            <dd data-testid="quote-destination-gas">
              {formatAmount(stats.destinationGas, to.nativeDecimals)} {to.nativeSymbol}
            </dd>
          </div>
        )}
        <div className={`impact-${level}`}>
          <dt>Cost of the bridge</dt>
          <dd data-testid="price-impact" title="Fee and destination gas as a share of the value sent">
            {formatPercent(stats.priceImpact)}
          </dd>
        </div>
        <div>
          <dt>Estimated time</dt>
          <dd data-testid="quote-time">about {formatDuration(stats.estimatedTime * 1_000)}</dd>
        </div>
        {quote.transaction.approve && (
          <div>
            <dt>Approval</dt>
            <dd data-testid="quote-approval">{bridgeApprovalText(quote, coinIn)}</dd>
          </div>
        )}
      </dl>
      <BridgeRoute stats={stats} known={known} />
    </section>
  );
}

/** What arrives at the least, with the slippage tolerance it allows for. */
function MinimumReceived({ minAmountOut, coin, slippageBps }: { minAmountOut: string; coin: Coin; slippageBps: number }) {
  return (
    <div>
      <dt>Minimum received</dt>
      <dd data-testid="quote-min-out">
        {formatAmount(minAmountOut, coin.decimals)} {coin.symbol}{' '}
        <span className="muted small" data-testid="quote-slippage">
          at {slippageText(slippageBps)} slippage
        </span>
      </dd>
    </div>
  );
}
