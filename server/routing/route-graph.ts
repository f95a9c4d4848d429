/**
 * The paths a trade can take: sequences of one to three pools from tokenIn to tokenOut through the chain's
 * connector tokens, each pool priced by the local math (amm/). Pools between the same two tokens are ranked
 * by what they pay for a probe amount (a ranged pool that cannot take all of it, by what it pays for as much
 * as it can take), and only the best few per pair enter longer paths, so the number of paths stays in the low
 * hundreds however many pools a pair has.
 */
import type { Address } from 'viem';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { concentratedCapacity, concentratedOut, concentratedSpot } from './amm/concentrated';
import { constantProductOut, constantProductSpot } from './amm/constant-product';
import type { PoolState } from './amm/pool-state';

export interface PathHop {
  pool: RoutablePool;
  state: PoolState;
  tokenIn: Address;
  tokenOut: Address;
  zeroForOne: boolean;
}

export interface PoolPath {
  hops: PathHop[];
}

export interface PricedPool {
  pool: RoutablePool;
  state: PoolState;
}

/** Pools per token pair kept for paths of two hops and for three hops. */
const POOLS_PER_PAIR_TWO_HOPS = 8;
const POOLS_PER_PAIR_THREE_HOPS = 4;
export const MAX_HOPS = 3;

export function hopOut(hop: PathHop, amountIn: number): number {
  return hop.state.kind === 'constant-product' ? constantProductOut(hop.state, amountIn, hop.zeroForOne) : concentratedOut(hop.state, amountIn, hop.zeroForOne);
}

/** The most a hop's pool can take (Infinity for a constant-product pair, or liquidity that does not end). */
export function hopCapacity(hop: PathHop): number {
  return hop.state.kind === 'constant-product' ? Number.POSITIVE_INFINITY : concentratedCapacity(hop.state, hop.zeroForOne);
}

/**
 * What a hop pays for `amount`, or for as much of it as its pool can take: a ranged pool that runs out of
 * liquidity before the whole amount can still take part of a split, so it is ranked, not dropped.
 */
function hopOutUpTo(hop: PathHop, amount: number): number {
  const out = hopOut(hop, amount);
  if (out !== Number.NEGATIVE_INFINITY) return out;
  const capacity = hopCapacity(hop);
  // Just inside the capacity: at it exactly, rounding may find the liquidity gone.
  const fits = hopOut(hop, capacity * (1 - 1e-9));
  return Number.isFinite(fits) ? fits : 0;
}

export function hopSpot(hop: PathHop): number {
  return hop.state.kind === 'constant-product' ? constantProductSpot(hop.state, hop.zeroForOne) : concentratedSpot(hop.state, hop.zeroForOne);
}

/** Output of a path; −∞ where a pool on it cannot take the amount (see concentratedOut). */
export function pathOut(path: PoolPath, amountIn: number): number {
  let amount = amountIn;
  for (const hop of path.hops) {
    amount = hopOut(hop, amount);
    if (amount === Number.NEGATIVE_INFINITY) return amount;
    if (!(amount > 0)) return 0;
  }
  return amount;
}

const lower = (address: string) => address.toLowerCase();

function hopThrough(priced: PricedPool, tokenIn: string): PathHop {
  const zeroForOne = lower(priced.pool.token0) === lower(tokenIn);
  return {
    pool: priced.pool,
    state: priced.state,
    tokenIn: zeroForOne ? priced.pool.token0 : priced.pool.token1,
    tokenOut: zeroForOne ? priced.pool.token1 : priced.pool.token0,
    zeroForOne,
  };
}

/**
 * Every path of at most `maxHops` pools from tokenIn to tokenOut whose intermediate tokens are among
 * `intermediates` (no token twice). `probe(tokenIn of a hop)` gives an amount of that token to rank pools by.
 */
export function enumeratePaths(
  pools: readonly PricedPool[],
  tokenIn: Address,
  tokenOut: Address,
  intermediates: readonly Address[],
  probe: (token: Address) => number,
  maxHops = MAX_HOPS,
): PoolPath[] {
  const byPair = new Map<string, PricedPool[]>();
  for (const priced of pools) {
    const key = pairKey(priced.pool.token0, priced.pool.token1);
    const list = byPair.get(key) ?? [];
    list.push(priced);
    byPair.set(key, list);
  }
  const ranked = (a: Address, b: Address, keep: number): PathHop[] => {
    const hops = (byPair.get(pairKey(a, b)) ?? []).map((priced) => hopThrough(priced, a));
    const amount = probe(a);
    const best = (score: (hop: PathHop) => number, count: number) =>
      hops
        .map((hop) => ({ hop, score: score(hop) }))
        .filter(({ score: value }) => value > 0)
        .sort((x, y) => y.score - x.score)
        .slice(0, count)
        .map(({ hop }) => hop);
    const byProbe = best((hop) => (amount > 0 ? hopOutUpTo(hop, amount) : hopSpot(hop)), keep);
    // Also the cheapest at the margin: a low-fee pool too shallow to rank by the whole probe still takes the
    // first part of a large split at the best price.
    const bySpot = Number.isFinite(keep) ? best(hopSpot, Math.ceil(keep / 2)) : [];
    return [...new Set([...byProbe, ...bySpot])];
  };
  const paths: PoolPath[] = ranked(tokenIn, tokenOut, Infinity).map((hop) => ({ hops: [hop] }));
  const middle = intermediates.filter((token) => lower(token) !== lower(tokenIn) && lower(token) !== lower(tokenOut));
  if (maxHops >= 2) {
    for (const via of middle) paths.push(...combine([ranked(tokenIn, via, POOLS_PER_PAIR_TWO_HOPS), ranked(via, tokenOut, POOLS_PER_PAIR_TWO_HOPS)]));
  }
  if (maxHops >= 3) {
    for (const first of middle) {
      for (const second of middle) {
        if (first === second) continue;
        paths.push(
          ...combine([
            ranked(tokenIn, first, POOLS_PER_PAIR_THREE_HOPS),
            ranked(first, second, POOLS_PER_PAIR_THREE_HOPS),
            ranked(second, tokenOut, POOLS_PER_PAIR_THREE_HOPS),
          ]),
        );
      }
    }
  }
  return paths;
}

function combine(choices: PathHop[][]): PoolPath[] {
  let partial: PathHop[][] = [[]];
  for (const options of choices) {
    partial = partial.flatMap((hops) => options.map((hop) => [...hops, hop]));
  }
  return partial.filter((hops) => hops.length === choices.length).map((hops) => ({ hops }));
}

function pairKey(a: string, b: string): string {
  const [x, y] = [lower(a), lower(b)].sort();
  return `${x}:${y}`;
}

/** A pool's identity (V4 pools share the PoolManager's address). */
export function poolKey(pool: RoutablePool): string {
  return `${lower(pool.address)}:${pool.id}`;
}
