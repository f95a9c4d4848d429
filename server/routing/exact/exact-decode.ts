/**
 * The pool state reader's answer (the `read` call of pool-reader-client.ts's `stateCall`) decoded into the
 * exact state, beside decodePoolStates' floating-point one: the same answer, every number kept whole.
 *
 * Two things the reader does not return: a launchpad curve's raised amount (a sell's cap: pass the curves read
 * with launchpad-curve.ts's `curveCall`, else sells are not priceable), and a V4 pool's protocol fee (taken as
 * none: the swap fee is the pool key's LP fee).
 */
import { decodeFunctionResult, type Hex } from 'viem';
import { poolStateReaderAbi } from '@/server/venues/evm/generated/contracts';
import { poolFamilyOf } from '@/server/venues/evm/contract-enums';
import type { CurveState } from '@/server/venues/evm/launchpad-curve';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { venueById } from '@/server/venues/evm/venue-table';
import type { ExactConcentratedState, ExactPoolState } from './exact-state';

/** A concentrated pool's initialized ticks and the range they were read over. */
export type ExactTickLayout = Pick<ExactConcentratedState, 'ticks' | 'lowestReadTick' | 'highestReadTick'>;

export interface ExactDecodeOptions {
  /** Tick layouts by pool index, for a read that carried none (the cheap per-quote read). */
  layouts?: readonly (ExactTickLayout | undefined)[];
  /** Curves by launch token (lowercase address), for their sell caps. */
  curves?: ReadonlyMap<string, CurveState>;
}

type PoolRead = ReturnType<typeof decodeFunctionResult<typeof poolStateReaderAbi, 'read'>>[number];

/** The launch token of a curve's pool: its id holds the token's address. */
const launchTokenOf = (pool: RoutablePool) => `0x${pool.id.slice(-40)}`.toLowerCase();

function curveState(pool: RoutablePool, read: PoolRead, curves: ExactDecodeOptions['curves']): ExactPoolState {
  const token = launchTokenOf(pool);
  const curve = curves?.get(token);
  return {
    kind: 'curve',
    reserve0: read.reserve0,
    reserve1: read.reserve1,
    fee: pool.fee,
    nativeIsToken0: pool.token0.toLowerCase() !== token,
    raisedNative: curve && !curve.graduated ? curve.raisedNative : undefined,
  };
}

function concentratedState(pool: RoutablePool, read: PoolRead, layout: ExactTickLayout | undefined): ExactPoolState {
  const readLayout: ExactTickLayout = {
    ticks: read.ticks.map((tick, k) => ({ tick, liquidityNet: read.liquidityNets[k]! })),
    lowestReadTick: read.lowestReadTick,
    highestReadTick: read.highestReadTick,
  };
  return {
    kind: 'concentrated',
    engine: venueById(pool.venue).poolFamily === poolFamilyOf('PoolManager') ? 'v4' : 'v3',
    sqrtPriceX96: read.sqrtPriceX96,
    tick: read.tick,
    liquidity: read.liquidity,
    fee: pool.fee,
    tickSpacing: pool.tickSpacing,
    ...(read.ticks.length > 0 || !layout ? readLayout : layout),
  };
}

/** Each pool's exact state; undefined where the pool could not be read or is empty. */
export function decodeExactPoolStates(pools: readonly RoutablePool[], raw: Hex, options: ExactDecodeOptions = {}): (ExactPoolState | undefined)[] {
  const reads = decodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'read', data: raw });
  return reads.map((read, index): ExactPoolState | undefined => {
    const pool = pools[index]!;
    if (!read.ok) return undefined;
    const readAs = venueById(pool.venue).poolFamily;
    if (readAs === poolFamilyOf('Curve')) return curveState(pool, read, options.curves);
    if (readAs === poolFamilyOf('Pair')) {
      if (read.reserve0 === 0n || read.reserve1 === 0n) return undefined;
      return { kind: 'constant-product', reserve0: read.reserve0, reserve1: read.reserve1, fee: pool.fee };
    }
    if (read.sqrtPriceX96 === 0n) return undefined;
    return concentratedState(pool, read, options.layouts?.[index]);
  });
}
