/**
 * When a pool was created: the block and time of its factory's creation event. A creation never changes, so
 * it is remembered per chain directory entry, for the `POOL_CREATION_ENTRIES` pools most recently asked about,
 * in a `PoolCreations` the composition root builds once per services instance.
 */
import type { Hex } from 'viem';
import { boundedCache, type BoundedCache } from '@/server/cache/bounded-cache';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { hexData, hexQuantity } from '@/server/chains/rpc-answers';
import type { PoolCore } from './pool-probe';

export interface Creation {
  blockNumber: number;
  createdAt: number;
}

export interface CreationLog {
  blockNumber: number;
  blockHash: Hex;
  /** Some nodes put the block's time on the log, which saves reading the block. */
  timestamp?: number;
}

/** Pools whose creation is remembered per chain (any caller may name any pool: the least recently used make way). */
export const POOL_CREATION_ENTRIES = 1_000;

/** The creations remembered, per chain directory entry. */
export interface PoolCreations {
  cached(chain: ConfiguredChain, pool: string): Creation | undefined;
  remember(chain: ConfiguredChain, pool: string, creation: Creation): void;
}

export function createPoolCreations(): PoolCreations {
  // Weakly, by the directory's chain object: a directory that is dropped takes its creations with it.
  const byChain = new WeakMap<ConfiguredChain, BoundedCache<string, Creation>>();
  return {
    cached: (chain, pool) => byChain.get(chain)?.get(pool),
    remember(chain, pool, creation) {
      let cache = byChain.get(chain);
      if (!cache) byChain.set(chain, (cache = boundedCache({ name: `pool creations ${chain.info.id}`, max: POOL_CREATION_ENTRIES })));
      cache.set(pool, creation);
    },
  };
}

/**
 * The factory's creation event for the pool's tokens (and fee): its indexed topics narrow the logs to this
 * pair. Providers that cap eth_getLogs ranges may refuse the whole-history range; the pool then reads as
 * created at block 0.
 */
export function creationLogCall(core: PoolCore): RpcCall {
  return core.venue.poolInfo!.creationLogCall(core.deployment, core);
}

/** The creation log for this pool; its address is in the data (not indexed), so it is matched here. */
function creationLog(answer: RpcBatchAnswer | undefined, core: PoolCore): CreationLog | undefined {
  if (!answer?.ok || !Array.isArray(answer.result)) return undefined;
  const needle = core.address.toLowerCase().slice(2);
  for (const log of answer.result as { data?: unknown; blockNumber?: unknown; blockHash?: unknown; blockTimestamp?: unknown }[]) {
    const blockNumber = hexQuantity.safeParse(log.blockNumber);
    const blockHash = hexData.safeParse(log.blockHash);
    if (typeof log.data !== 'string' || !log.data.toLowerCase().includes(needle) || !blockNumber.success || !blockHash.success) continue;
    const timestamp = hexQuantity.safeParse(log.blockTimestamp);
    return { blockNumber: Number(blockNumber.data), blockHash: blockHash.data, timestamp: timestamp.success ? Number(timestamp.data) : undefined };
  }
  return undefined;
}

/** The creation from the answer of `creationLogCall`, reading the block's time when the log lacks it. */
export async function readCreation(chain: ConfiguredChain, answer: RpcBatchAnswer | undefined, core: PoolCore): Promise<Creation | undefined> {
  const log = creationLog(answer, core);
  return log ? creationAt(chain, log) : undefined;
}

/** The creation in the block a creation event was found in, reading the block's time when the log lacks it. */
export async function creationAt(chain: ConfiguredChain, log: CreationLog): Promise<Creation | undefined> {
  if (log.timestamp !== undefined) return { blockNumber: log.blockNumber, createdAt: log.timestamp };
  const block = await chain.rpc.request<{ timestamp?: unknown } | null>('eth_getBlockByHash', [log.blockHash, false]);
  const timestamp = hexQuantity.safeParse(block?.timestamp);
  return timestamp.success ? { blockNumber: log.blockNumber, createdAt: Number(timestamp.data) } : undefined;
}
