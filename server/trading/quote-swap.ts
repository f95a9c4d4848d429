/**
 * A swap quote on any chain: the chain family's engine prices the request and builds the unsigned
 * transactions the trader signs, committed to by a quote id. Beside it, the tokens' risks are read (kept
 * per token for a range of blocks, see token-risk.ts): a honeypot buy is refused unless the caller accepts
 * the risk, and every quote carries its warnings and the traded token's measured taxes. A request for an
 * exact output is searched for the input that delivers it (exact-output.ts) and answered as the quote of
 * that input.
 */
import type { ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { TokenRisk } from '@/server/tokens/token-risk';
import { searchExactOutput } from './exact-output';
import { BPS } from '@/server/fees/fee-model';
import { quoteWarnings, refuseRiskyBuy } from './quote-warnings';
import type { SwapQuote, SwapRequest } from './swap-types';
import type { SwapQuoteDeps } from './trading-engines';

/** A swap request whose amount may also be the output: the least raw units of tokenOut to receive. */
export type QuoteRequest = Omit<SwapRequest, 'amount'> & { amount: SwapRequest['amount'] | { exactOut: bigint } };

export async function quoteSwap(deps: SwapQuoteDeps, chain: ChainId, request: QuoteRequest): Promise<SwapQuote> {
  const label = (token: string) => (token.toLowerCase() === request.tokenOut.toLowerCase() ? 'The token you buy' : 'The token you sell');
  // Read first (kept per token, so only a token's first quote waits): a honeypot buy is not quoted at all,
  // and a strategy token's permit is part of the quote.
  const risks = await deps.tokenRisk.read(chain, [request.tokenIn, request.tokenOut]).catch(() => new Map<string, TokenRisk>());
  refuseRiskyBuy(risks, request.tokenOut, request.acceptRisk ?? false, label);
  const permitTokens = [...risks.values()].filter((risk) => risk.permitRequired).map((risk) => risk.token);
  const quote =
    'exactOut' in request.amount
      ? await quoteExactOutput(deps, chain, { ...request, amount: { raw: 0n }, permitTokens }, request.amount.exactOut, risks)
      : { ...(await deps.families(chain).trading.quote(deps, chain, { ...request, amount: request.amount, permitTokens })), swapMode: 'EXACT_IN' as const };
  const warnings = quoteWarnings(risks, {
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    priceImpactPercent: quote.priceImpactPercent,
    valueAmountInUsd: quote.valueAmountInUsd,
    label,
    venues: quote.route.flatMap((leg) => leg.hops.map((hop) => hop.venue)),
  });
  const traded = risks.get(request.tokenOut.toLowerCase()) ?? risks.get(request.tokenIn.toLowerCase());
  // The token's own taxes, whichever side is traded; the route's measurement where the token was not read.
  const taxes = traded ? { ...quote.taxes, buyTax: traded.buyTax, sellTax: traded.sellTax } : quote.taxes;
  const tokenTaxes = [...risks.values()].map((risk) => ({ token: risk.token, buyTax: risk.buyTax, sellTax: risk.sellTax }));
  return { ...quote, taxes, warnings, tokenTaxes };
}

/**
 * Taxed tokens are refused: a tax is the token's to change between the quote and the trade, and the Router's
 * minimum on a taxed output is measured before the tax the token may still take on the way to the wallet, so
 * "at least the typed amount" could not be promised. A slippage of 100 % leaves no minimum to promise with.
 */
async function quoteExactOutput(
  deps: SwapQuoteDeps,
  chain: ChainId,
  request: SwapRequest,
  amountOut: bigint,
  risks: Map<string, TokenRisk>,
): Promise<SwapQuote> {
  const taxed = [...risks.values()].find((risk) => risk.buyTax > 0 || risk.sellTax > 0);
  if (taxed) {
    throw new AppError(
      'INVALID_INPUT',
      `amountOut: exact output is not offered for a token with a transfer tax (${taxed.token}: ${taxed.buyTax} % buy, ${taxed.sellTax} % sell). Give amount instead.`,
      { field: 'amountOut' },
    );
  }
  if (request.slippageBps >= BPS) {
    throw new AppError('INVALID_INPUT', 'slippage: must be below 10000 basis points for an exact output (a 100 % slippage leaves no minimum to guarantee).', {
      field: 'slippage',
    });
  }
  const engine = deps.families(chain).trading;
  // Traded as an exact output, the input found must deliver the amount at the quote's prices (the slippage
  // bounds the input instead); traded as an exact input, its minimum must.
  const exact = engine.exactOutput === 'router';
  const estimate = await engine.estimateInput(deps, chain, exact ? { ...request, slippageBps: 0 } : request, amountOut);
  if (estimate === undefined) {
    throw new AppError(
      'NO_ROUTE',
      `amountOut: the pools cannot deliver ${amountOut} raw units of tokenOut (they hold less, or nothing connects the tokens). Ask for less.`,
      { field: 'amountOut' },
    );
  }
  const found = await searchExactOutput({
    amountOut,
    estimate,
    price: (amountIn) => engine.quote(deps, chain, { ...request, amount: { raw: amountIn } }),
    ...(exact ? { reached: (quote: SwapQuote) => quote.amountOut } : {}),
  });
  if (found.taxes.buyTax > 0 || found.taxes.sellTax > 0 || found.taxes.transferTax > 0) {
    throw new AppError('INVALID_INPUT', 'amountOut: exact output is not offered for a route through a token with a transfer tax. Give amount instead.', {
      field: 'amountOut',
    });
  }
  const quote = exact ? await engine.quote(deps, chain, { ...request, amount: { raw: found.amountIn }, exactAmountOut: amountOut }) : found;
  return { ...quote, swapMode: 'EXACT_OUT' };
}
