/**
 * Reads pools into the store's entries at one block: the pool state reader's `read` with ticks (and their gross
 * liquidity), pinned to the block's hash so that the state is the block's even if the chain moved meanwhile.
 * Large sets go in chunks, all in one JSON-RPC batch.
 */
import type { EvmVenues } from '@/server/chains/chain-directory';
import type { RpcCall, RpcTransport } from '@/server/chains/json-rpc';
import type { BlockRef } from '@/server/chains/evm/block-follower';
import { batchAnswer, hexData } from '@/server/chains/rpc-answers';
import { decodeExactPoolReads } from '@/server/routing/exact/exact-decode';
import { stateCall } from '@/server/routing/pool-reader-client';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import type { StoredPool } from './stored-pool';

/** Pools per reader call: bounds one call's gas and answer (a concentrated pool brings up to 128 ticks). */
const POOLS_PER_CALL = 50;

/** The reader's call for `pools` at `block` (by hash: EIP-1898). */
export function stateCallAt(venues: EvmVenues, pools: readonly RoutablePool[], block: Pick<BlockRef, 'hash'>): RpcCall {
  const call = stateCall(venues, pools, true);
  const [request, , ...rest] = call.params!;
  return { ...call, params: [request, { blockHash: block.hash }, ...rest] };
}

/** The entry of each pool read at `block`; undefined where the pool is not there (not yet initialized, graduated, empty). */
export async function loadPools(
  rpc: RpcTransport,
  venues: EvmVenues,
  pools: readonly RoutablePool[],
  block: Pick<BlockRef, 'hash'>,
): Promise<(StoredPool | undefined)[]> {
  if (pools.length === 0) return [];
  const chunks: RoutablePool[][] = [];
  for (let start = 0; start < pools.length; start += POOLS_PER_CALL) chunks.push(pools.slice(start, start + POOLS_PER_CALL));
  const answers = await rpc.requestBatch(chunks.map((chunk) => stateCallAt(venues, chunk, block)));
  return chunks.flatMap((chunk, index) => {
    const reads = decodeExactPoolReads(chunk, batchAnswer(rpc.chain, 'eth_call', hexData, answers[index]));
    return reads.map((read, k): StoredPool | undefined => {
      if (!read) return undefined;
      const ticks = read.state.kind === 'concentrated' ? read.state.ticks : [];
      return { pool: chunk[k]!, state: read.state, liquidityGross: new Map(ticks.map(({ tick }, t) => [tick, read.liquidityGrosses[t]!])) };
    });
  });
}
