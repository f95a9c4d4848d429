/**
 * Execute and track on any chain: verify the quote id (issued here, unexpired, for this chain), then hand the
 * signed transactions, or the hash of a trade the wallet sent itself, to the chain family's engine.
 */
import type { ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { verifyQuoteId, type QuoteClaims } from './quote-id';
import type { SwapExecution, SwapTracking } from './swap-types';
import { tradeFailure } from '@/server/trade-failures';
import type { TradeOutcome } from './trade-outcome';
import type { SwapExecuteDeps } from './trading-engines';

export async function executeSwap(deps: SwapExecuteDeps, request: SwapExecution): Promise<TradeOutcome> {
  const { quoteId, chain, chainField, ...signed } = request;
  try {
    const claims = claimsFor(deps, quoteId, chain, chainField);
    const outcome = await deps.families(chain).trading.execute(deps, chain, { ...signed, claims });
    deps.countTrade?.(chain, outcome.status === 'SUCCESS' ? 'success' : 'failed', outcome.parsedError ?? 'none');
    return outcome;
  } catch (error) {
    deps.countTrade?.(chain, 'refused', error instanceof AppError ? error.code : 'INTERNAL');
    throw error;
  }
}

export async function trackSwap(deps: SwapExecuteDeps, request: SwapTracking): Promise<TradeOutcome> {
  const engine = deps.families(request.chain).trading;
  if (!engine.track) {
    throw new AppError('INVALID_INPUT', 'chain: track is for EVM wallets that send transactions themselves; Solana wallets sign, so use /api/v2/execute.', {
      field: 'chain',
    });
  }
  // A wallet may confirm after the quote's 30 s: track only observes, so an expired quote still identifies it.
  const claims = claimsFor(deps, request.quoteId, request.chain, 'chain', { allowExpired: true });
  return engine.track(deps, request.chain, { owner: request.owner, claims, txHash: request.txHash });
}

function claimsFor(
  deps: Pick<SwapExecuteDeps, 'appSecret'>,
  quoteId: string,
  chain: ChainId,
  field: string,
  options: { allowExpired?: boolean } = {},
): QuoteClaims {
  const claims = verifyQuoteId(deps.appSecret, quoteId, options.allowExpired ? 0 : Date.now());
  if (claims.chain !== chain) throw tradeFailure('TX_MISMATCH', `the quote is for ${claims.chain}, not ${chain}`, field);
  return claims;
}
