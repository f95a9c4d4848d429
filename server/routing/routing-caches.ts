/**
 * What routing remembers between quotes: the pools discovered per token set, the last state read of each
 * pool set, and each pool set's state-read call. Built once per services instance by the composition root
 * (server/services.ts) and handed to every route search, so two instances in one process (tests, the
 * solver's own process) never share or clear each other's memory.
 */
import type { RpcCall } from '@/server/chains/json-rpc';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { createDiscoveredPoolsCache, type DiscoveredPoolsCache } from './pool-discovery';
import { createPoolStateMemory, type PoolStateMemory } from './pool-state-memory';

/** The memory key and the state-read call of one discovered pool set. */
export interface PoolSetReads {
  memoryKey: string;
  call: RpcCall;
}

export interface RoutingCaches {
  /** Which pools exist between a token set, per chain endpoint (pool-discovery). */
  discovered: DiscoveredPoolsCache;
  /** The last state read of each pool set (pool-state-memory). */
  states: PoolStateMemory;
  /** Each pool set's reads, by the array discovery hands out (the same one while it holds the entry). */
  poolSetReads: WeakMap<readonly RoutablePool[], PoolSetReads>;
}

export function createRoutingCaches(): RoutingCaches {
  return { discovered: createDiscoveredPoolsCache(), states: createPoolStateMemory(), poolSetReads: new WeakMap() };
}
