/**
 * Which pools exist between a set of tokens, and the initialized ticks of each concentrated one: two reader
 * calls, remembered per chain endpoint and token set. Pools and tick layouts change only when liquidity
 * providers act, so an answer is served for FRESH_MS, then served while a refresh runs in the background,
 * and only waited for again when older than STALE_MS (or never asked before). Quotes read the fast-moving
 * part (prices, active liquidity, reserves) themselves.
 */
import type { Address } from 'viem';
import { boundedCache, type BoundedCache } from '@/server/cache/bounded-cache';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import { batchAnswer, hexData } from '@/server/chains/rpc-answers';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { decodeDiscovery, discoveryCall } from '@/server/venues/evm/pools/pool-discovery-call';
import { decodePoolStates, stateCall, tickLayouts, type TickLayout } from './pool-reader-client';

export const FRESH_MS = 30_000;
const STALE_MS = 10 * 60_000;
/** Token sets whose pools are remembered (any caller may name any token: the least recently used make way). */
export const DISCOVERY_ENTRIES = 2_000;

export interface DiscoveredPools {
  pools: RoutablePool[];
  /** By pool index: the initialized ticks of concentrated pools. */
  layouts: (TickLayout | undefined)[];
}

interface Entry {
  found: DiscoveredPools;
  at: number;
  refreshing?: Promise<DiscoveredPools>;
}

/** The pools discovered per chain endpoint and token set; one per services instance (server/routing/routing-caches.ts). */
export type DiscoveredPoolsCache = BoundedCache<string, Entry>;

export function createDiscoveredPoolsCache(): DiscoveredPoolsCache {
  return boundedCache<string, Entry>({ name: 'discovered pools', max: DISCOVERY_ENTRIES });
}

async function discover(chain: ConfiguredChain, venues: EvmVenues, tokens: readonly Address[]): Promise<DiscoveredPools> {
  const [answer] = await chain.rpc.requestBatch([discoveryCall(venues, tokens)]);
  const pools = decodeDiscovery(venues, batchAnswer(chain.info.id, 'eth_call', hexData, answer));
  if (pools.length === 0) return { pools, layouts: [] };
  const [read] = await chain.rpc.requestBatch([stateCall(venues, pools, true)]);
  return { pools, layouts: tickLayouts(decodePoolStates(pools, batchAnswer(chain.info.id, 'eth_call', hexData, read))) };
}

const discoveryKey = (chain: ConfiguredChain, tokens: readonly Address[]) =>
  `${chain.info.id}|${chain.rpc.urls.join(',')}|${tokens
    .map((token) => token.toLowerCase())
    .sort()
    .join(',')}`;

/** Forgets the pools of one token set: a pool that stopped trading (a graduated launchpad curve) was seen. */
export function forgetPoolsOf(remembered: DiscoveredPoolsCache, chain: ConfiguredChain, tokens: readonly Address[]): void {
  remembered.delete(discoveryKey(chain, tokens));
}

export async function discoverPools(
  remembered: DiscoveredPoolsCache,
  chain: ConfiguredChain,
  venues: EvmVenues,
  tokens: readonly Address[],
  now = Date.now(),
): Promise<DiscoveredPools> {
  const key = discoveryKey(chain, tokens);
  const entry = remembered.get(key);
  const refresh = () => {
    const running = discover(chain, venues, tokens).then(
      (found) => {
        remembered.set(key, { found, at: Date.now() });
        return found;
      },
      (error: unknown) => {
        if (entry) entry.refreshing = undefined;
        throw error;
      },
    );
    if (entry) entry.refreshing = running;
    return running;
  };
  if (!entry || now - entry.at > STALE_MS) {
    return entry?.refreshing ?? refresh();
  }
  if (now - entry.at > FRESH_MS && !entry.refreshing) refresh().catch(() => undefined);
  return entry.found;
}
