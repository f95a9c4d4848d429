/**
 * The USD figures of a Solana quote: SOL and the chain's stable priced directly, any other token through what
 * it would fetch in SOL (one more quote from the route source). A value that cannot be had is 0, not an error.
 */
import { CHAINS } from '@/server/chains/registry';
import { WRAPPED_SOL_MINT, SOL_SENTINEL } from '@/server/venues/solana/route-source';
import { mintOf, type SolanaTrading } from '@/server/venues/solana/solana-market';
import type { splitAmount } from '@/server/fees/fee-model';
import type { SwapRequest } from '../swap-types';

const SOL_DECIMALS = CHAINS.SOL.nativeDecimals;

/**
 * The input's value in USD: from the SOL side when there is one, from the stable side when there is one,
 * else from what the input would fetch in SOL (one more quote from the route source).
 */
export async function inputUsd(
  trading: SolanaTrading,
  request: SwapRequest,
  figures: { amountIn: bigint; amountOut: bigint; fees: ReturnType<typeof splitAmount>; decimalsIn: number; decimalsOut: number; solUsd: number },
): Promise<number> {
  const { amountIn, amountOut, fees, decimalsIn, decimalsOut, solUsd } = figures;
  if (request.tokenIn === SOL_SENTINEL) return usd(amountIn, solUsd);
  if (request.tokenOut === SOL_SENTINEL) return usd(amountOut + fees.protocolFee + fees.integratorFee, solUsd);
  const stable = trading.stable?.address;
  if (stable && request.tokenIn === stable) return Number(amountIn) / 10 ** decimalsIn;
  if (stable && request.tokenOut === stable) return Number(amountOut) / 10 ** decimalsOut;
  try {
    const { source } = trading;
    const leg = { inputMint: mintOf(request.tokenIn), outputMint: WRAPPED_SOL_MINT, amountIn, slippageBps: 0 };
    const inSol = source.price ? await source.price(leg) : (await source.quote({ ...leg, user: trading.feeCollector })).amountOut;
    return usd(inSol, solUsd);
  } catch {
    // No SOL market for the input: the value is unknown, not an error of the quote.
    return 0;
  }
}

/** The output's value in USD, priced as the input's is: SOL and the stable directly, else through what it fetches in SOL. */
export async function outputUsd(
  trading: SolanaTrading,
  request: SwapRequest,
  figures: { amountOut: bigint; decimalsOut: number; solUsd: number },
): Promise<number> {
  const { amountOut, decimalsOut, solUsd } = figures;
  if (request.tokenOut === SOL_SENTINEL) return usd(amountOut, solUsd);
  const stable = trading.stable?.address;
  if (stable && request.tokenOut === stable) return Number(amountOut) / 10 ** decimalsOut;
  try {
    const inSol = await trading.source.quote({
      inputMint: request.tokenOut,
      outputMint: WRAPPED_SOL_MINT,
      amountIn: amountOut,
      slippageBps: 0,
      user: trading.feeCollector,
    });
    return usd(inSol.amountOut, solUsd);
  } catch {
    // No SOL market for the output: the value is unknown, not an error of the quote.
    return 0;
  }
}

export function usd(lamports: bigint, solUsd: number): number {
  return Math.round((Number(lamports) / 10 ** SOL_DECIMALS) * solUsd * 1e6) / 1e6;
}
