/**
 * Fee estimates per priority level for every chain, read through the chain's family provider, behind one
 * reader that caches each chain's estimate for a couple of seconds (it changes per block) and shares one RPC
 * round trip among concurrent callers.
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { chainFamily } from '@/server/chains/chain-family';
import type { ChainId } from '@/server/chains/registry';
import type { PriorityFees } from '@/server/chains/fee-levels';

export interface PriorityFeeReader {
  read(chain: ChainId): Promise<PriorityFees>;
}

/** Block-level data: a new estimate per block at most. */
export const DEFAULT_PRIORITY_TTL_MS = 2_000;

export function createPriorityFeeReader(chains: ChainDirectory, options: { ttlMs?: number; now?: () => number } = {}): PriorityFeeReader {
  const ttlMs = options.ttlMs ?? DEFAULT_PRIORITY_TTL_MS;
  const now = options.now ?? Date.now;
  // A pending estimate never expires, so concurrent callers share it; the TTL starts when it arrives.
  const entries = new Map<ChainId, { value: Promise<PriorityFees>; expiresAt: number }>();
  return {
    read(chain) {
      const cached = entries.get(chain);
      if (cached && now() < cached.expiresAt) return cached.value;
      const entry = { value: chainFamily(chain).priorityFees(chains[chain]), expiresAt: Number.POSITIVE_INFINITY };
      entries.set(chain, entry);
      entry.value.then(
        () => {
          entry.expiresAt = now() + ttlMs;
        },
        () => {
          if (entries.get(chain) === entry) entries.delete(chain);
        },
      );
      return entry.value;
    },
  };
}
