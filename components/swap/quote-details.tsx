'use client';

import { useState } from 'react';
import { approvalText } from '@/components/quotes/approval-text';
import { QuoteCountdown, type QuoteCountdownProps } from '@/components/quotes/quote-countdown';
import { familyOf } from '@/components/wallet/chain-family';
import type { ChainId } from '@/server/chains/registry';
import { shortAddress } from './lib/format';
import { formatAmount } from '@/server/display/amount-text';
import { formatNumber, formatPercent, formatUsd } from '@/server/display/number-text';
import { priceImpactLevel } from './lib/price-impact';
import { routeLegsText } from './lib/route-text';
import type { Quote } from './lib/types';
import type { SwapToken } from './lib/tokens';

interface QuoteDetailsProps {
  chain: ChainId;
  quote: Quote;
  tokenIn: SwapToken;
  tokenOut: SwapToken;
  /** Every token the page knows, to name fee tokens and route hops. */
  tokens: readonly SwapToken[];
  countdown: QuoteCountdownProps;
}

/** Output per one unit of input, both in human units, as raw-unit arithmetic (no floating point). */
function rate(amountIn: bigint, amountOut: bigint, tokenIn: SwapToken, tokenOut: SwapToken): bigint {
  if (amountIn === 0n) return 0n;
  return (amountOut * 10n ** BigInt(tokenIn.decimals) * 10n ** 18n) / (amountIn * 10n ** BigInt(tokenOut.decimals));
}

/** The quote's rate, one unit of either token in the other: a click swaps its direction. */
function RateButton({ amountIn, amountOut, tokenIn, tokenOut }: { amountIn: bigint; amountOut: bigint; tokenIn: SwapToken; tokenOut: SwapToken }) {
  const [inverted, setInverted] = useState(false);
  return (
    <button type="button" className="rate" onClick={() => setInverted(!inverted)} title="Swap the rate's direction">
      {inverted
        ? `1 ${tokenOut.symbol} = ${formatAmount(rate(amountOut, amountIn, tokenOut, tokenIn), 18)} ${tokenIn.symbol}`
        : `1 ${tokenIn.symbol} = ${formatAmount(rate(amountIn, amountOut, tokenIn, tokenOut), 18)} ${tokenOut.symbol}`}
    </button>
  );
}

/** What the slippage tolerance bounds: the least received, or for an exact output the most sent. */
function SlippageBound({ stats, tokenIn, tokenOut }: { stats: Quote['stats']; tokenIn: SwapToken; tokenOut: SwapToken }) {
  return stats.amountInMax === undefined ? (
    <div>
      <dt>Minimum received</dt>
      <dd>
        {formatAmount(stats.amountOutMin, tokenOut.decimals)} {tokenOut.symbol}
      </dd>
    </div>
  ) : (
    // An exact output arrives exactly: what the slippage bounds is the input.
    <div>
      <dt>Maximum sent</dt>
      <dd data-testid="maximum-sent">
        {formatAmount(stats.amountInMax, tokenIn.decimals)} {tokenIn.symbol}
      </dd>
    </div>
  );
}

/** The route's legs, each with its share, token path and pools; a dash for a quote without a route. */
function RouteLegs({ route, symbolOf }: { route: Quote['route']; symbolOf: (address: string) => string }) {
  return (
    <dd className="route">
      {route.length === 0
        ? '–'
        : routeLegsText(route, symbolOf).map((leg) => (
            <span key={leg.key} className="hop" title={leg.title} data-testid="route-leg">
              <strong>{leg.share}</strong> {leg.path}
              <span className="muted small"> {leg.pools}</span>
            </span>
          ))}
    </dd>
  );
}

export function QuoteDetails({ chain, quote, tokenIn, tokenOut, tokens, countdown }: QuoteDetailsProps) {
  const { stats } = quote;
  const amountIn = BigInt(stats.amountIn);
  const amountOut = BigInt(stats.amountOut);
  const byAddress = (address: string) => [tokenIn, tokenOut, ...tokens].find((token) => token.address.toLowerCase() === address.toLowerCase());
  const feeToken = byAddress(stats.feeToken);
  const fee = (raw: string) =>
    feeToken ? `${formatAmount(raw, feeToken.decimals)} ${feeToken.symbol}` : `${raw} (raw units of ${shortAddress(stats.feeToken)})`;
  const level = priceImpactLevel(stats.priceImpact);
  const approval = quote.transaction.approve ? approvalText(quote.transaction.approve, tokenIn, 'Router') : undefined;

  return (
    <section className="quote-details" aria-label="Quote details">
      <div className="quote-head">
        <RateButton amountIn={amountIn} amountOut={amountOut} tokenIn={tokenIn} tokenOut={tokenOut} />
        <QuoteCountdown {...countdown} />
      </div>
      <dl className="quote-rows">
        <div>
          <dt>Value</dt>
          <dd>{formatUsd(stats.valueAmountInUsd)}</dd>
        </div>
        <div className={`impact-${level}`}>
          <dt>Price impact</dt>
          <dd data-testid="price-impact">{formatPercent(stats.priceImpact)}</dd>
        </div>
        <SlippageBound stats={stats} tokenIn={tokenIn} tokenOut={tokenOut} />
        <div>
          <dt>Protocol fee</dt>
          <dd>{fee(stats.protocolFee)}</dd>
        </div>
        <div>
          <dt>Integrator fee</dt>
          <dd>{fee(stats.integratorFee)}</dd>
        </div>
        {quote.taxes
          .filter((tax) => tax.buyTax > 0 || tax.sellTax > 0)
          .map((tax) => (
            <div key={tax.token} data-testid="token-tax">
              <dt>{byAddress(tax.token)?.symbol ?? shortAddress(tax.token)} tax</dt>
              <dd>
                buy {formatPercent(tax.buyTax)} · sell {formatPercent(tax.sellTax)}
              </dd>
            </div>
          ))}
        <div>
          <dt>Network cost</dt>
          <dd>
            {formatUsd(stats.txCostUsd)}{' '}
            <span className="muted small">
              ({formatNumber(Number(stats.gasLimit), 0)} {familyOf(chain).costUnit})
            </span>
          </dd>
        </div>
        {approval && (
          <div>
            <dt>Approval</dt>
            <dd data-testid="quote-approval">{approval}</dd>
          </div>
        )}
        <div>
          <dt>Route</dt>
          <RouteLegs route={quote.route} symbolOf={(address) => byAddress(address)?.symbol ?? shortAddress(address)} />
        </div>
      </dl>
    </section>
  );
}
