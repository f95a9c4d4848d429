/**
 * The EVM side of an exact-output quote's first guess: the wanted minimum grossed up by the slippage (the
 * Router enforces amountOut less it) and by the fees where they come from the output, priced backwards by the
 * routing's local math (server/routing/input-estimate.ts), then grossed up by the fees taken from the input.
 * The exact-output search verifies whatever this says.
 */
import type { Address } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { estimateSwapInput } from '@/server/routing/input-estimate';
import type { RoutingCaches } from '@/server/routing/routing-caches';
import { ceilDiv } from '../exact-output';
import { BPS, type FeeSplit } from '@/server/fees/fee-model';
import { tradingVenues } from '@/server/venues/evm/trading-venues';

export interface EvmInputEstimateRequest {
  tokenIn: Address;
  tokenOut: Address;
  slippageBps: number;
  fees: FeeSplit;
}

export async function estimateEvmInput(
  routing: RoutingCaches,
  chain: ConfiguredChain,
  request: EvmInputEstimateRequest,
  amountOutMin: bigint,
): Promise<bigint | undefined> {
  const feeBps = BigInt(request.fees.protocolBps + request.fees.integratorBps);
  // As the Router takes them: from the native side when there is one, else from the input.
  const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
  const beforeSlippage = ceilDiv(amountOutMin * BigInt(BPS), BigInt(BPS - request.slippageBps));
  const swapAmountOut = feeOnOutput ? ceilDiv(beforeSlippage * BigInt(BPS), BigInt(BPS) - feeBps) : beforeSlippage;
  const swapAmountIn = await estimateSwapInput(routing, chain, tradingVenues(chain), { tokenIn: request.tokenIn, tokenOut: request.tokenOut, swapAmountOut });
  if (swapAmountIn === undefined) return undefined;
  return feeOnOutput ? swapAmountIn : ceilDiv(swapAmountIn * BigInt(BPS), BigInt(BPS) - feeBps);
}
