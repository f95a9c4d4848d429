/**
 * The pool state reader (contracts/lens/PoolStateReader.sol) over JSON-RPC: its code is put at a fixed empty
 * address by a state override, so one `eth_call` reads the state of a set of pools (reserves; price, liquidity
 * and initialized ticks), on any chain without a deployment. Its discovery call is the venues' own
 * (`venues/evm/pools/pool-discovery-call.ts`).
 */
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import type { EvmVenues } from '@/server/chains/chain-directory';
import type { RpcCall } from '@/server/chains/json-rpc';
import { poolStateReaderAbi } from '@/server/venues/evm/generated/contracts';
import { readerCall, venueQueries } from '@/server/venues/evm/pools/pool-discovery-call';
import type { EvmVenueAdapter, RoutablePool } from '@/server/venues/evm/venue-adapter';
import type { ConcentratedState, PoolState } from './amm/pool-state';
import { v4SwapFees } from './exact/exact-decode';

/** Ticks read on each side of the price (about ±30 % / −70 % in price): what a large trade can reach. */
export const TICK_WINDOW = 12_000;
/** Initialized ticks kept on each side, nearest first: a bound on the answer's size. */
const MAX_TICKS_EACH_SIDE = 64;
const Q96 = 2 ** 96;

export function poolFamily(pool: RoutablePool, adapters: readonly EvmVenueAdapter[]): number {
  return adapters.find((venue) => venue.id === pool.venue)?.poolFamily ?? 0;
}

/**
 * The call reading the state of `pools`: with `ticks`, their initialized ticks too (the layout, which only
 * liquidity providers change: read with discovery); without, price, active liquidity and reserves only
 * (what every trade changes: read per quote, a few storage reads a pool).
 */
export function stateCall(venues: EvmVenues, pools: readonly RoutablePool[], ticks: boolean): RpcCall {
  const { adapters } = venueQueries(venues);
  const queries = pools.map((pool) => ({ family: poolFamily(pool, adapters), pool: pool.address, id: pool.id, tickSpacing: pool.tickSpacing }));
  const maxTicks = ticks ? MAX_TICKS_EACH_SIDE : 0;
  return readerCall(encodeFunctionData({ abi: poolStateReaderAbi, functionName: 'read', args: [queries, BigInt(TICK_WINDOW), BigInt(maxTicks)] }));
}

/** A concentrated pool's initialized ticks and the range they were read over. */
export type TickLayout = Pick<ConcentratedState, 'ticks' | 'lowestReadTick' | 'highestReadTick'>;

/**
 * Each pool's state as the local math takes it; undefined where the pool could not be read or is empty.
 * Concentrated pools take their ticks from `layouts` (by index) when the read carried none.
 */
export function decodePoolStates(pools: readonly RoutablePool[], raw: Hex, layouts?: readonly (TickLayout | undefined)[]): (PoolState | undefined)[] {
  const reads = decodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'read', data: raw });
  return reads.map((read, index): PoolState | undefined => {
    const pool = pools[index]!;
    if (!read.ok) return undefined;
    if (read.sqrtPriceX96 === 0n) {
      if (read.reserve0 === 0n || read.reserve1 === 0n) return undefined;
      return { kind: 'constant-product', reserve0: Number(read.reserve0), reserve1: Number(read.reserve1), fee: pool.fee };
    }
    const layout: TickLayout =
      read.ticks.length > 0 || !layouts?.[index]
        ? {
            ticks: read.ticks.map((tick, k) => ({ tick, liquidityNet: Number(read.liquidityNets[k]!) })),
            lowestReadTick: read.lowestReadTick,
            highestReadTick: read.highestReadTick,
          }
        : layouts[index];
    // A V4 pool's protocol fee (0 elsewhere) raises the swap fee; where it differs by direction, the larger.
    const fee = read.protocolFee === 0 ? pool.fee : Math.max(...v4SwapFees(pool.fee, read.protocolFee));
    return { kind: 'concentrated', sqrtPrice: Number(read.sqrtPriceX96) / Q96, tick: read.tick, liquidity: Number(read.liquidity), fee, ...layout };
  });
}

/** The tick layouts of decoded states (undefined for pairs and unread pools), by index. */
export function tickLayouts(states: readonly (PoolState | undefined)[]): (TickLayout | undefined)[] {
  return states.map((state) =>
    state?.kind === 'concentrated' ? { ticks: state.ticks, lowestReadTick: state.lowestReadTick, highestReadTick: state.highestReadTick } : undefined,
  );
}
