/** The approval a bridge deposit asks for, in words: the token sent, the contract that takes it, the amount. */
import { approvalText } from '@/components/quotes/approval-text';
import type { BridgeQuote } from './bridge-types';

export function bridgeApprovalText(quote: BridgeQuote, tokenIn: { symbol: string; decimals: number }): string | undefined {
  if (!quote.transaction.approve) return undefined;
  // A token swapped on the way is taken by the Router (its swapAndDeposit); a bridge asset by the Depository.
  const spender = quote.stats.route?.some((leg) => leg.kind === 'swap' && leg.chain === quote.stats.sourceChain) ? 'Router' : 'Depository';
  const token = { symbol: quote.stats.symbolIn ?? tokenIn.symbol, decimals: quote.stats.decimalsIn ?? tokenIn.decimals };
  return approvalText(quote.transaction.approve, token, spender);
}
