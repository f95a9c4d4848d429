/**
 * The pure part of the native coin's USD range (native-usd-range.ts): which pools count, what a V4 pool
 * holds, a TWAP from `observe`, where the history points fall, and how the sources combine. Prices are
 * numbers (USD per whole native coin); amounts are raw bigint units.
 */
import { MAX_TICK, MIN_TICK, type ConcentratedState } from '@/server/routing/amm/pool-state';
import { sqrtPriceAtTick } from '@/server/routing/amm/concentrated';
import type { NativeUsdSource } from './native-usd-range-types';

/**
 * A pool's price counts when it holds at least this share of what the deepest holds (stable side). A pool of
 * that size is one arbitrageurs keep in line, so its price is a reading of the market; thinner tiers (the
 * world's 0.01 % and 1 % pools hold 3-4 % of the deepest) drift between arbitrages and would only widen the
 * range with noise.
 */
export const POOL_SHARE_DIVISOR = 4n;

/** Raw token1 per raw token0 → USD per whole native coin. */
export function usdPerNative(rawPrice1Per0: number, nativeIsToken0: boolean, nativeDecimals: number, stableDecimals: number): number {
  if (!(rawPrice1Per0 > 0) || !Number.isFinite(rawPrice1Per0)) return 0;
  const stablePerNativeRaw = nativeIsToken0 ? rawPrice1Per0 : 1 / rawPrice1Per0;
  const usd = stablePerNativeRaw * 10 ** (nativeDecimals - stableDecimals);
  return Number.isFinite(usd) ? usd : 0;
}

/**
 * The stable a concentrated pool holds (raw), from its active liquidity and initialized ticks: the stable
 * sits on the side of the price it pays out when the native coin is sold into the pool. Past the ticks read,
 * the last liquidity is taken to carry on to the end of the range (a full-range position's ticks lie there).
 * Ranged positions count what they hold, not the depth they lend near the price, so a one-tick position of
 * a few dollars cannot pass for a deep pool.
 */
export function stableHeld(state: ConcentratedState, stableIsToken0: boolean): bigint {
  const ticks = state.ticks;
  let liquidity = state.liquidity;
  let edge = state.sqrtPrice;
  let held = 0;
  if (!stableIsToken0) {
    for (let i = ticks.length - 1; i >= 0; i--) {
      if (ticks[i]!.tick > state.tick) continue;
      const lower = sqrtPriceAtTick(ticks[i]!.tick);
      held += Math.max(liquidity, 0) * Math.max(edge - lower, 0);
      liquidity -= ticks[i]!.liquidityNet;
      edge = lower;
    }
    held += Math.max(liquidity, 0) * Math.max(edge - sqrtPriceAtTick(MIN_TICK), 0);
  } else {
    for (const { tick, liquidityNet } of ticks) {
      if (tick <= state.tick) continue;
      const upper = sqrtPriceAtTick(tick);
      held += Math.max(liquidity, 0) * Math.max(1 / edge - 1 / upper, 0);
      liquidity += liquidityNet;
      edge = upper;
    }
    held += Math.max(liquidity, 0) * Math.max(1 / edge - 1 / sqrtPriceAtTick(MAX_TICK), 0);
  }
  return Number.isFinite(held) ? BigInt(Math.floor(held)) : 0n;
}

/** The pools holding at least 1/POOL_SHARE_DIVISOR of the most any of them holds. */
export function sharingPools<T>(pools: readonly T[], held: (pool: T) => bigint): T[] {
  const most = pools.reduce((max, pool) => (held(pool) > max ? held(pool) : max), 0n);
  if (most === 0n) return [];
  return pools.filter((pool) => held(pool) * POOL_SHARE_DIVISOR >= most);
}

/**
 * How long a pool that held its share keeps counting after it stops: a swap that buys the native coin adds
 * stable to the deepest pool, which can push a smaller pool under the share and out of the range (its price
 * with it) for as long as the swap stands. A pool counted within this time counts still; one more source only
 * widens the range.
 */
export const COUNTED_POOL_MEMORY_MS = 10 * 60_000;

/**
 * The pools that count now: those holding their share (`sharingPools`) and those that held it within
 * COUNTED_POOL_MEMORY_MS (`countedAt`: when each pool, by key, last held it). Returns them with the memory to keep.
 */
export function countedPools<T>(
  pools: readonly T[],
  held: (pool: T) => bigint,
  keyOf: (pool: T) => string,
  countedAt: Readonly<Record<string, number>>,
  now: number,
): { counted: T[]; countedAt: Record<string, number> } {
  const sharing = new Set(sharingPools(pools, held));
  const remembered: Record<string, number> = {};
  for (const [key, at] of Object.entries(countedAt)) if (now - at <= COUNTED_POOL_MEMORY_MS) remembered[key] = at;
  for (const pool of sharing) remembered[keyOf(pool)] = now;
  return { counted: pools.filter((pool) => sharing.has(pool) || remembered[keyOf(pool)] !== undefined), countedAt: remembered };
}

/**
 * The index of the pool nativeUsd prices with (the most stable held, the first on a tie, only pools with a
 * price): the same choice as `nativeUsdPlan`, so `spot` is what nativeUsd answers.
 */
export function deepestIndex(pools: readonly { stableHeld: bigint; usd: number }[]): number {
  let best = -1;
  pools.forEach((pool, index) => {
    if (pool.usd > 0 && (best < 0 || pool.stableHeld > pools[best]!.stableHeld)) best = index;
  });
  return best;
}

/** Raw token1 per raw token0 over `seconds`, from `observe([seconds, 0])`'s tick cumulatives. */
export function twapRawPrice(tickCumulatives: readonly [bigint, bigint], seconds: number): number {
  const meanTick = Number(tickCumulatives[1] - tickCumulatives[0]) / seconds;
  return Math.pow(1.0001, meanTick);
}

/**
 * How far back the history points lie, in blocks: `points` depths spread evenly over the window, the
 * deepest at most `maxDepth` (and at least one block back each).
 */
export function historyDepths(windowSeconds: number, blockTimeMs: number, maxDepth: number, points: number): number[] {
  const deepest = Math.max(1, Math.min(maxDepth, Math.ceil((windowSeconds * 1000) / blockTimeMs)));
  const depths = Array.from({ length: points }, (_, index) => Math.max(1, Math.round((deepest * (index + 1)) / points)));
  return [...new Set(depths)];
}

/**
 * The head to read history back from, without asking the node: the last head seen plus the blocks the chain's
 * block time says have passed, but never more than `maxAhead` past it, so the deepest point is always a
 * block the node had already made (a chain that mines only on demand, like the local anvils, may be behind).
 */
export function headEstimate(seen: { number: bigint; at: number }, now: number, blockTimeMs: number, maxAhead: number): bigint {
  const passed = Math.max(0, Math.floor((now - seen.at) / blockTimeMs));
  return seen.number + BigInt(Math.min(passed, maxAhead));
}

/**
 * The mean of the history points that answered a price and lie strictly before `head` and within
 * `maxAgeBlocks` of it; undefined when none did. A point at or past the head could carry the very push the
 * range guards against; an older one (a stale estimate of the head) is no longer recent.
 */
export function historyMean(
  points: readonly { block: bigint; usd: number }[],
  head: bigint,
  maxAgeBlocks: number,
): { usd: number; blocks: bigint[] } | undefined {
  const kept = points.filter(({ block, usd }) => usd > 0 && block < head && head - block <= BigInt(maxAgeBlocks));
  if (kept.length === 0) return undefined;
  return { usd: kept.reduce((sum, point) => sum + point.usd, 0) / kept.length, blocks: kept.map((point) => point.block) };
}

/** low and high over spot and every source with a price; zeros when there is no spot price. */
export function rangeOf(spot: number, sources: readonly NativeUsdSource[]): { spot: number; low: number; high: number } {
  if (!(spot > 0)) return { spot: 0, low: 0, high: 0 };
  const prices = [spot, ...sources.map((source) => source.usd).filter((usd) => usd > 0 && Number.isFinite(usd))];
  return { spot, low: Math.min(...prices), high: Math.max(...prices) };
}
