/**
 * A swap quote on any chain: the chain family's engine prices the request and builds the unsigned
 * transactions the trader signs, committed to by a quote id. Beside it, the tokens' risks are read (kept
 * per token for a range of blocks, see token-risk.ts): a honeypot buy is refused unless the caller accepts
 * the risk, and every quote carries its warnings and the traded token's measured taxes.
 */
import type { ChainId } from '@/server/chains/registry';
import type { TokenRisk } from '@/server/tokens/token-risk';
import { quoteWarnings, refuseRiskyBuy } from './quote-warnings';
import type { SwapQuote, SwapRequest } from './swap-types';
import { tradingEngine, type SwapQuoteDeps } from './trading-engines';

export async function quoteSwap(deps: SwapQuoteDeps, chain: ChainId, request: SwapRequest): Promise<SwapQuote> {
  const label = (token: string) => (token.toLowerCase() === request.tokenOut.toLowerCase() ? 'The token you buy' : 'The token you sell');
  // Read first (kept per token, so only a token's first quote waits): a honeypot buy is not quoted at all,
  // and a strategy token's permit is part of the quote.
  const risks = await deps.tokenRisk.read(chain, [request.tokenIn, request.tokenOut]).catch(() => new Map<string, TokenRisk>());
  refuseRiskyBuy(risks, request.tokenOut, request.acceptRisk ?? false, label);
  const permitTokens = [...risks.values()].filter((risk) => risk.permitRequired).map((risk) => risk.token);
  const quote = await tradingEngine(chain).quote(deps, chain, { ...request, permitTokens });
  const warnings = quoteWarnings(risks, {
    tokenIn: request.tokenIn, tokenOut: request.tokenOut, priceImpactPercent: quote.priceImpactPercent, valueAmountInUsd: quote.valueAmountInUsd, label,
    venues: quote.route.flatMap((leg) => leg.hops.map((hop) => hop.venue)),
  });
  const traded = risks.get(request.tokenOut.toLowerCase()) ?? risks.get(request.tokenIn.toLowerCase());
  // The token's own taxes, whichever side is traded; the route's measurement where the token was not read.
  const taxes = traded ? { ...quote.taxes, buyTax: traded.buyTax, sellTax: traded.sellTax } : quote.taxes;
  const tokenTaxes = [...risks.values()].map((risk) => ({ token: risk.token, buyTax: risk.buyTax, sellTax: risk.sellTax }));
  return { ...quote, taxes, warnings, tokenTaxes };
}
