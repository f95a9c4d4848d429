/**
 * The flow optimum of one trade: every path of one to three pools (every venue and fee tier) may carry
 * part of the input and paths may share pools (bench/price-quality/flow-optimum.ts for the model and the
 * search, run on the sampled curves of bench/price-quality/pool-curves.ts). The allocations found are then
 * priced exactly, pool by pool with the venues' quoters at their exact loads, and the better one is the
 * figure: the samples only guide the search, they never make the number.
 */
import type { Address, PublicClient } from 'viem';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { pathsThrough, searchAllocations, sideWaves, type Allocation, type FlowProblem } from './flow-optimum';
import type { BenchPath } from './optimum';
import { poolKey, type PoolCurves } from './pool-curves';
import { poolOtherToken, quotePool, type BenchPool } from './venue-quoters';

export interface FlowOptimum {
  amountOut: bigint;
  legs: { path: BenchPath; amountIn: bigint }[];
  /** Distinct pools the allocation loads. */
  pools: number;
}

interface Side {
  pool: BenchPool;
  tokenIn: Address;
  tokenOut: Address;
}

/** The trade's paths as a flow problem: one side per pool and direction they use. */
async function flowProblem(curves: PoolCurves, paths: readonly BenchPath[]): Promise<{ problem: FlowProblem; sides: Side[] }> {
  const index = new Map<string, number>();
  const sides: Side[] = [];
  const sidePaths = paths.map((path) =>
    path.pools.map((pool, hop) => {
      const tokenIn = path.tokens[hop]!;
      const key = `${poolKey(pool)}>${tokenIn.toLowerCase()}`;
      if (!index.has(key)) index.set(key, sides.push({ pool, tokenIn, tokenOut: poolOtherToken(pool, tokenIn) }) - 1);
      return index.get(key)!;
    }),
  );
  const sampled = await Promise.all(sides.map((side) => curves.curve(side.pool, side.tokenIn)));
  return { problem: { sides: sides.map((side, i) => ({ pool: poolKey(side.pool), curve: sampled[i]! })), paths: sidePaths }, sides };
}

/** The input each path carries: its chunks of `amountIn`, the rounding left over given to the largest. */
function pathAmounts(allocation: Allocation, amountIn: bigint): bigint[] {
  const amounts = allocation.chunks.map((count) => (amountIn * BigInt(count)) / BigInt(allocation.parts));
  const largest = allocation.chunks.indexOf(Math.max(...allocation.chunks));
  amounts[largest]! += amountIn - amounts.reduce((sum, amount) => sum + amount, 0n);
  return amounts;
}

/**
 * What the allocation pays, priced with the quoters: each pool once for its whole load, in dependency
 * order, its output shared among its paths in proportion to what they brought. Undefined when a pool
 * cannot take its load whole.
 */
async function exactOutput(
  client: PublicClient,
  chain: ManifestChain,
  problem: FlowProblem,
  sides: readonly Side[],
  amounts: readonly bigint[],
  tokenOut: Address,
): Promise<bigint | undefined> {
  const waves = sideWaves(problem, amounts);
  if (!waves) return undefined;
  const carried = [...amounts];
  let total = 0n;
  for (const wave of waves) {
    const paid = await Promise.all(
      wave.map(async (index) => {
        const through = pathsThrough(problem, index).filter((path) => amounts[path]! > 0n);
        const load = through.reduce((sum, path) => sum + carried[path]!, 0n);
        const out = await quotePool(client, chain, sides[index]!.pool, sides[index]!.tokenIn, load);
        for (const path of through) carried[path] = (carried[path]! * out) / load;
        if (sides[index]!.tokenOut.toLowerCase() === tokenOut.toLowerCase()) total += out;
        return out > 0n || load === 0n;
      }),
    );
    if (paid.includes(false)) return undefined;
  }
  return total;
}

export async function flowOptimum(
  client: PublicClient,
  chain: ManifestChain,
  curves: PoolCurves,
  paths: readonly BenchPath[],
  tokenOut: Address,
  amountIn: bigint,
): Promise<FlowOptimum | undefined> {
  const { problem, sides } = await flowProblem(curves, paths);
  let best: FlowOptimum | undefined;
  for (const allocation of searchAllocations(problem, Number(amountIn))) {
    const amounts = pathAmounts(allocation, amountIn);
    const amountOut = await exactOutput(client, chain, problem, sides, amounts, tokenOut);
    if (amountOut === undefined || (best && amountOut <= best.amountOut)) continue;
    const legs = paths.map((path, i) => ({ path, amountIn: amounts[i]! })).filter((leg) => leg.amountIn > 0n);
    best = { amountOut, legs, pools: new Set(legs.flatMap((leg) => leg.path.pools.map(poolKey))).size };
  }
  return best;
}
