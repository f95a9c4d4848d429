/**
 * The price benchmark's first references, from the venues' own quoters only: the best single route (every
 * path of one to three pools priced for the whole amount) and the disjoint-set optimum over splits (each
 * path priced at every step of a grid of GRID_STEPS parts of the input, then the best allocation of the
 * parts by dynamic programming).
 *
 * The disjoint-set optimum's legs never share a pool: the dynamic programme prices each path alone, which
 * only holds when no other leg moves its pools. So it runs over a few sets of mutually pool-disjoint paths,
 * each built best-first from a different seed among the best paths, and the best set's allocation is its
 * figure. The flow optimum (flow-reference.ts) lifts that limit; this one stays beside it as a second,
 * differently built reference, and the benchmark's optimum is the better of the two.
 */
import type { Address, PublicClient } from 'viem';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { poolOtherToken, quotePool, type BenchPool } from './venue-quoters';

export const GRID_STEPS = 200;
const MAX_HOPS = 3;
const SET_SIZE = 6;
const SEEDS = 3;
const RANKED = 10;

export interface BenchPath {
  pools: BenchPool[];
  /** tokenIn, the tokens between, tokenOut. */
  tokens: Address[];
}

export interface Optimum {
  amountOut: bigint;
  legs: { path: BenchPath; steps: number }[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const poolId = (pool: BenchPool) => `${pool.address.toLowerCase()}:${pool.id ?? ''}`;

/** Every path of one to three distinct pools from tokenIn to tokenOut, no token visited twice. */
export function enumeratePaths(pools: readonly BenchPool[], tokenIn: Address, tokenOut: Address): BenchPath[] {
  const paths: BenchPath[] = [];
  const walk = (path: BenchPath) => {
    const at = path.tokens.at(-1)!;
    if (same(at, tokenOut)) {
      paths.push(path);
      return;
    }
    if (path.pools.length === MAX_HOPS) return;
    for (const pool of pools) {
      if (!same(pool.token0, at) && !same(pool.token1, at)) continue;
      const next = poolOtherToken(pool, at);
      if (path.tokens.some((token) => same(token, next))) continue;
      walk({ pools: [...path.pools, pool], tokens: [...path.tokens, next] });
    }
  };
  walk({ pools: [], tokens: [tokenIn] });
  return paths;
}

/** What a path pays for each amount, hop by hop (all amounts of a hop at once). */
export async function pathOutputs(client: PublicClient, chain: ManifestChain, path: BenchPath, amounts: readonly bigint[]): Promise<bigint[]> {
  let current = [...amounts];
  for (const [index, pool] of path.pools.entries()) {
    current = await Promise.all(current.map((amount) => quotePool(client, chain, pool, path.tokens[index]!, amount)));
  }
  return current;
}

/** Best allocation of GRID_STEPS parts over paths whose outputs at k parts are `grids[p][k]`. */
function bestAllocation(grids: readonly bigint[][]): { total: bigint; steps: number[] } {
  let best = new Array<bigint>(GRID_STEPS + 1).fill(0n);
  const choices: number[][] = [];
  for (const grid of grids) {
    const next = new Array<bigint>(GRID_STEPS + 1).fill(0n);
    const choice = new Array<number>(GRID_STEPS + 1).fill(0);
    for (let j = 0; j <= GRID_STEPS; j++) {
      for (let k = 0; k <= j; k++) {
        // A path given parts must deliver for them: 0 is "cannot take it", never part of an optimum.
        if (k > 0 && grid[k]! === 0n) continue;
        const value = best[j - k]! + grid[k]!;
        if (value > next[j]!) [next[j], choice[j]] = [value, k];
      }
    }
    choices.push(choice);
    best = next;
  }
  const steps = new Array<number>(grids.length).fill(0);
  let left = GRID_STEPS;
  for (let p = grids.length - 1; p >= 0; p--) {
    steps[p] = choices[p]![left]!;
    left -= steps[p]!;
  }
  return { total: best[GRID_STEPS]!, steps };
}

export async function referencePrices(
  client: PublicClient,
  chain: ManifestChain,
  pools: readonly BenchPool[],
  tokenIn: Address,
  tokenOut: Address,
  amountIn: bigint,
): Promise<{ single: bigint; optimum: Optimum; paths: number }> {
  const paths = enumeratePaths(pools, tokenIn, tokenOut);
  const [full, quarter] = await Promise.all(
    [amountIn, amountIn / 4n].map((amount) => Promise.all(paths.map(async (path) => (await pathOutputs(client, chain, path, [amount]))[0]!))),
  );
  const single = full!.reduce((max, out) => (out > max ? out : max), 0n);
  const rankBy = (outs: readonly bigint[]) =>
    paths
      .map((path, i) => ({ path, out: outs[i]! }))
      .filter(({ out }) => out > 0n)
      .sort((a, b) => (b.out > a.out ? 1 : -1))
      .map(({ path }) => path);
  const ranked = [...new Set([...rankBy(full!).slice(0, RANKED), ...rankBy(quarter!).slice(0, RANKED)])];
  const grids = new Map<BenchPath, bigint[]>();
  const gridOf = async (path: BenchPath) => {
    if (!grids.has(path)) {
      const amounts = Array.from({ length: GRID_STEPS + 1 }, (_, k) => (amountIn * BigInt(k)) / BigInt(GRID_STEPS));
      grids.set(path, await pathOutputs(client, chain, path, amounts));
    }
    return grids.get(path)!;
  };
  let optimum: Optimum = { amountOut: 0n, legs: [] };
  for (const seed of ranked.slice(0, SEEDS)) {
    const set = disjointSet(seed, ranked);
    const setGrids = await Promise.all(set.map(gridOf));
    const { total, steps } = bestAllocation(setGrids);
    if (total > optimum.amountOut) {
      optimum = { amountOut: total, legs: set.map((path, i) => ({ path, steps: steps[i]! })).filter((leg) => leg.steps > 0) };
    }
  }
  return { single, optimum, paths: paths.length };
}

/** `seed`, then the ranked paths sharing no pool with any path taken, up to SET_SIZE. */
function disjointSet(seed: BenchPath, ranked: readonly BenchPath[]): BenchPath[] {
  const set = [seed];
  const used = new Set(seed.pools.map(poolId));
  for (const path of ranked) {
    if (set.length === SET_SIZE) break;
    if (path === seed || path.pools.some((pool) => used.has(poolId(pool)))) continue;
    set.push(path);
    for (const pool of path.pools) used.add(poolId(pool));
  }
  return set;
}
