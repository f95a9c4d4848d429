/**
 * The Solana side of an exact-output quote's first guess: the venue's own inverse (the maker's curve solved
 * for its input) with the fees around it, as the Solana quote takes them (from the SOL side when there is
 * one, else from the input mint). A route source without an inverse (Jupiter) does not offer exact output.
 */
import { AppError } from '@/server/errors';
import { ceilDiv } from '../exact-output';
import { BPS } from '@/server/fees/fee-model';
import type { SwapRequest } from '../swap-types';
import { mintOf, type SolanaTrading } from '@/server/venues/solana/solana-market';
import { SOL_SENTINEL } from '@/server/venues/solana/route-source';

export async function estimateSolanaInput(trading: SolanaTrading | undefined, request: SwapRequest, amountOutMin: bigint): Promise<bigint | undefined> {
  const inverse = trading?.source.amountInFor;
  if (!trading || !inverse) {
    throw new AppError(
      'NOT_IMPLEMENTED',
      'amountOut: exact output on SOL is offered with the local maker only; this server routes SOL trades through a venue that quotes exact input. Give amount instead.',
      { field: 'amountOut' },
    );
  }
  const feeBps = BigInt(request.fees.protocolBps + request.fees.integratorBps);
  const feeOnOutput = request.tokenIn !== SOL_SENTINEL && request.tokenOut === SOL_SENTINEL;
  const venueAmountOut = feeOnOutput ? ceilDiv(amountOutMin * BigInt(BPS), BigInt(BPS) - feeBps) : amountOutMin;
  const venueAmountIn = await inverse.call(trading.source, { inputMint: mintOf(request.tokenIn), outputMint: mintOf(request.tokenOut) }, venueAmountOut);
  if (venueAmountIn === undefined) return undefined;
  return feeOnOutput ? venueAmountIn : ceilDiv(venueAmountIn * BigInt(BPS), BigInt(BPS) - feeBps);
}
