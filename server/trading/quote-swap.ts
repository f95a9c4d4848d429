/**
 * A swap quote on any chain: the chain family's engine prices the request and builds the unsigned
 * transactions the trader signs, committed to by a quote id.
 */
import type { ChainId } from '@/server/chains/registry';
import type { SwapQuote, SwapRequest } from './swap-types';
import { tradingEngine, type SwapQuoteDeps } from './trading-engines';

export function quoteSwap(deps: SwapQuoteDeps, chain: ChainId, request: SwapRequest): Promise<SwapQuote> {
  return tradingEngine(chain).quote(deps, chain, request);
}
