/**
 * The inverse of routing, estimated: how much must the legs swap so that the best path delivers a given
 * output. It prices paths with the same local math the router uses (amm/, over the pool state remembered
 * from the last quote of these pools, or read once), and takes the best single path, never a split: a split
 * delivers at least as much as its best path, so the estimate errs on the side of an input that suffices.
 * Nothing here is a quote: the exact-output search (server/trading/exact-output.ts) verifies every input it
 * offers with the real Router call.
 */
import type { Address } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import { pricedPoolsFor } from './find-route';
import type { RoutingCaches } from './routing-caches';
import { enumeratePaths, pathOut, type PoolPath, type PricedPool } from './route-graph';
import { spotRates } from './spot-rates';

/** Bisection steps: the bracket shrinks to 2^-60 of its width, below a float's own precision. */
const BISECTION_STEPS = 60;
/** Doublings of the first bracket before the pools count as unable to deliver the amount. */
const MAX_DOUBLINGS = 64;

export interface InputEstimateRequest {
  tokenIn: Address;
  tokenOut: Address;
  /** What the legs must deliver in total, raw units of tokenOut (before output-side fees are taken). */
  swapAmountOut: bigint;
}

/** The swap amount (raw units of tokenIn) the best path needs, or undefined when no path can deliver it. */
export async function estimateSwapInput(
  caches: RoutingCaches,
  chain: ConfiguredChain,
  venues: EvmVenues,
  request: InputEstimateRequest,
): Promise<bigint | undefined> {
  const { priced, poolIn, poolOut, intermediates } = await pricedPoolsFor(caches, chain, venues, request.tokenIn, request.tokenOut);
  return inputForOutput(priced, poolIn, poolOut, intermediates, Number(request.swapAmountOut));
}

/** The pure part: the least input whose best path pays `amountOut`, over pools whose state is known. */
export function inputForOutput(
  priced: readonly PricedPool[],
  poolIn: Address,
  poolOut: Address,
  intermediates: readonly Address[],
  amountOut: number,
): bigint | undefined {
  if (priced.length === 0 || !(amountOut > 0)) return undefined;
  const fromIn = spotRates(priced, poolIn);
  const rate = fromIn.get(poolOut.toLowerCase());
  if (!rate) return undefined;
  const atSpot = amountOut / rate;
  const paths = enumeratePaths(priced, poolIn, poolOut, intermediates, (token) => atSpot * (fromIn.get(token.toLowerCase()) ?? 0));
  if (paths.length === 0) return undefined;
  const best = (amountIn: number) => bestOut(paths, amountIn);
  let high = atSpot;
  let doublings = 0;
  while (!(best(high) >= amountOut)) {
    if (++doublings > MAX_DOUBLINGS) return undefined;
    high *= 2;
  }
  let low = 0;
  for (let step = 0; step < BISECTION_STEPS && high - low > 1; step++) {
    const middle = (low + high) / 2;
    if (best(middle) >= amountOut) high = middle;
    else low = middle;
  }
  return BigInt(Math.ceil(high));
}

function bestOut(paths: readonly PoolPath[], amountIn: number): number {
  let best = 0;
  for (const path of paths) {
    const out = pathOut(path, amountIn);
    if (out > best) best = out;
  }
  return best;
}
