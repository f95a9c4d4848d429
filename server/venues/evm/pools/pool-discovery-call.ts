/**
 * The pool state reader (contracts/lens/PoolStateReader.sol) over JSON-RPC: its code is put at a fixed empty
 * address by a state override, so one `eth_call` runs it on any chain without a deployment. This part is its
 * discovery, the one way the server finds pools on its venues: for routing (every pair of a token set) and for
 * token data (one pair), from each venue's factory or manager, venue by venue in table order, tier by tier.
 */
import { decodeFunctionResult, encodeFunctionData, type Address, type Hex } from 'viem';
import type { EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { poolStateReaderAbi, poolStateReaderRuntime } from '../generated/contracts';
import { returned } from '../rpc-words';
import type { EvmVenueAdapter, RoutablePool } from '../venue-adapter';
import { deployedVenues } from '../venue-table';

/** An address with no code on any chain: the reader runs there for the call only. */
const READER_ADDRESS = '0x00000000000000000000000000000000005eade5';

export function readerCall(data: Hex): RpcCall {
  return { method: 'eth_call', params: [{ to: READER_ADDRESS, data }, 'latest', { [READER_ADDRESS]: { code: poolStateReaderRuntime } }] };
}

export function venueQueries(venues: EvmVenues): {
  adapters: EvmVenueAdapter[];
  queries: { family: number; factory: Address; fees: number[]; tickSpacings: number[] }[];
} {
  const deployed = deployedVenues(venues);
  return {
    adapters: deployed.map(({ venue }) => venue),
    queries: deployed.map(({ venue, deployment }) => ({
      family: venue.poolFamily,
      factory: deployment.factory,
      fees: [...venue.feeTiers],
      tickSpacings: venue.feeTiers.map((fee) => venue.tickSpacing(fee)),
    })),
  };
}

/** The call listing every pool of the chain's venues between any two of `tokens`. */
export function discoveryCall(venues: EvmVenues, tokens: readonly Address[]): RpcCall {
  const { queries } = venueQueries(venues);
  return readerCall(encodeFunctionData({ abi: poolStateReaderAbi, functionName: 'discover', args: [[...tokens], queries] }));
}

export function decodeDiscovery(venues: EvmVenues, raw: Hex): RoutablePool[] {
  const { adapters } = venueQueries(venues);
  const found = decodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'discover', data: raw });
  return found.flatMap((pool) => {
    const venue = adapters[pool.venue];
    if (!venue) return [];
    return [
      {
        venue: venue.id,
        address: pool.pool,
        id: pool.id,
        token0: pool.token0,
        token1: pool.token1,
        fee: pool.fee,
        // V3-family pools report no spacing in discovery: their venue's tier decides it.
        tickSpacing: pool.tickSpacing || venue.tickSpacing(pool.fee),
      },
    ];
  });
}

/** The pools a discovery answer lists; none when the reader did not answer or its answer does not decode. */
export function discoveredPools(venues: EvmVenues, answer: RpcBatchAnswer | undefined): RoutablePool[] {
  const raw = returned(answer);
  if (!raw) return [];
  try {
    return decodeDiscovery(venues, raw);
  } catch {
    return [];
  }
}
