/**
 * Which pools exist between a set of tokens: one reader call, remembered per chain endpoint and token set.
 * Pools come and go rarely, so an answer is served for FRESH_MS, then served while a refresh runs in the
 * background, and only waited for again when older than STALE_MS (or never asked before).
 */
import type { Address, Hex } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import { batchAnswer, hexData } from '@/server/chains/rpc-answers';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { decodeDiscovery, discoveryCall } from './pool-reader-client';

export const FRESH_MS = 30_000;
const STALE_MS = 10 * 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  pools: RoutablePool[];
  at: number;
  refreshing?: Promise<RoutablePool[]>;
}

const remembered = new Map<string, Entry>();

async function discover(chain: ConfiguredChain, venues: EvmVenues, tokens: readonly Address[]): Promise<RoutablePool[]> {
  const [answer] = await chain.rpc.requestBatch([discoveryCall(venues, tokens)]);
  return decodeDiscovery(venues, batchAnswer(chain.info.id, 'eth_call', hexData, answer) as Hex);
}

export async function discoverPools(
  chain: ConfiguredChain, venues: EvmVenues, tokens: readonly Address[], now = Date.now(),
): Promise<RoutablePool[]> {
  const key = `${chain.info.id}|${chain.rpc.urls.join(',')}|${tokens.map((token) => token.toLowerCase()).sort().join(',')}`;
  const entry = remembered.get(key);
  const refresh = () => {
    const running = discover(chain, venues, tokens).then(
      (pools) => {
        remembered.set(key, { pools, at: Date.now() });
        return pools;
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
    if (remembered.size >= MAX_ENTRIES) remembered.delete(remembered.keys().next().value!);
    return entry?.refreshing ?? refresh();
  }
  if (now - entry.at > FRESH_MS && !entry.refreshing) refresh().catch(() => undefined);
  return entry.pools;
}

/** Forgets every remembered answer (tests that add pools). */
export function forgetDiscoveredPools(): void {
  remembered.clear();
}
