/**
 * What the native USD range remembers between reads, per chain endpoint: which wrapped-native/stable pools
 * exist (they change only when a pool is created), which one was the deepest, and the last head block seen
 * with when it was seen. Built by whoever builds the chain clients and handed to every read; bounded in
 * entries (one per chain endpoint in use).
 */
import { boundedCache } from '@/server/cache/bounded-cache';
import type { Address } from 'viem';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import type { PairPool } from '@/server/venues/evm/pools/pair-pools';

export interface NativeUsdRangeMemo {
  /** Pools that are contracts of their own (Uniswap V2, V3, PancakeSwap V3), in nativeUsd's order. */
  contractPools: PairPool[];
  /** Uniswap V4 pools of the pair (in the PoolManager), keyed by the wrapped or the native coin. */
  v4Pools: RoutablePool[];
  discoveredAt: number;
  /** The pool whose history is read: the deepest at the last read. */
  deepest?: Address;
  head: { number: bigint; at: number };
  /** When each pool (by address and V4 id) last held its share of the stable: see COUNTED_POOL_MEMORY_MS. */
  countedAt?: Record<string, number>;
}

export interface NativeUsdRangeCache {
  /** Milliseconds, the clock every age is measured on. */
  now(): number;
  get(key: string): NativeUsdRangeMemo | undefined;
  set(key: string, memo: NativeUsdRangeMemo): void;
}

const DEFAULT_MAX_ENTRIES = 64;

export function createNativeUsdRangeCache(options: { maxEntries?: number; now?: () => number } = {}): NativeUsdRangeCache {
  const entries = boundedCache<string, NativeUsdRangeMemo>({ name: 'native usd ranges', max: options.maxEntries ?? DEFAULT_MAX_ENTRIES });
  return {
    now: options.now ?? Date.now,
    get: (key) => entries.get(key),
    set: (key, memo) => {
      entries.set(key, memo);
    },
  };
}
