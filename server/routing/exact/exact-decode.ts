/**
 * The pool state reader's answer (the `read` call of pool-reader-client.ts's `stateCall`) decoded into the
 * exact state, beside decodePoolStates' floating-point one: the same answer, every number kept whole.
 *
 * The reader returns a launchpad curve's raised amount (a sell's cap; curves read with launchpad-curve.ts's
 * `curveCall` may still be passed, and win) and a V4 pool's protocol fee (the swap fee is then the LP fee combined
 * with it, as V4's ProtocolFeeLibrary does; a pool whose protocol fee differs by direction has no one swap fee
 * and is left out). `decodeExactPoolReads` keeps each read tick's gross liquidity beside the state too: what a
 * copy kept current by events needs to know when a tick stops being initialized.
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

/** A pool's exact state and, for a concentrated pool read with ticks, each tick's gross liquidity (same order). */
export interface ExactPoolRead {
  state: ExactPoolState;
  liquidityGrosses: readonly bigint[];
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
    raisedNative: curve ? (curve.graduated ? undefined : curve.raisedNative) : read.raisedNative,
  };
}

const PIPS = 1_000_000n;

/**
 * A V4 pool's swap fee each way, zero-for-one then one-for-zero: the LP fee combined with that direction's
 * 12 bits of slot0's protocol fee (ProtocolFeeLibrary.calculateSwapFee).
 */
export function v4SwapFees(lpFee: number, protocolFee: number): [number, number] {
  const lp = BigInt(lpFee);
  const combined = (protocol: bigint) => Number(protocol + lp - (protocol * lp) / PIPS);
  return [combined(BigInt(protocolFee & 0xfff)), combined(BigInt(protocolFee >> 12))];
}

function concentratedState(pool: RoutablePool, read: PoolRead, layout: ExactTickLayout | undefined): ExactPoolState | undefined {
  const engine = venueById(pool.venue).poolFamily === poolFamilyOf('PoolManager') ? 'v4' : 'v3';
  const [fee, otherWay] = engine === 'v4' ? v4SwapFees(pool.fee, read.protocolFee) : [pool.fee, pool.fee];
  // One state has one fee: a protocol fee that differs by direction is not exactly priceable here.
  if (fee !== otherWay) return undefined;
  const readLayout: ExactTickLayout = {
    ticks: read.ticks.map((tick, k) => ({ tick, liquidityNet: read.liquidityNets[k]! })),
    lowestReadTick: read.lowestReadTick,
    highestReadTick: read.highestReadTick,
  };
  return {
    kind: 'concentrated',
    engine,
    sqrtPriceX96: read.sqrtPriceX96,
    tick: read.tick,
    liquidity: read.liquidity,
    fee,
    tickSpacing: pool.tickSpacing,
    ...(read.ticks.length > 0 || !layout ? readLayout : layout),
  };
}

/** Each pool's exact state; undefined where the pool could not be read or is empty. */
export function decodeExactPoolStates(pools: readonly RoutablePool[], raw: Hex, options: ExactDecodeOptions = {}): (ExactPoolState | undefined)[] {
  return decodeExactPoolReads(pools, raw, options).map((read) => read?.state);
}

/** Each pool's exact state with its ticks' gross liquidity; undefined where the pool could not be read or is empty. */
export function decodeExactPoolReads(pools: readonly RoutablePool[], raw: Hex, options: ExactDecodeOptions = {}): (ExactPoolRead | undefined)[] {
  const reads = decodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'read', data: raw });
  return reads.map((read, index): ExactPoolRead | undefined => {
    const state = exactStateOf(pools[index]!, read, options, index);
    return state && { state, liquidityGrosses: state.kind === 'concentrated' && read.ticks.length > 0 ? read.liquidityGrosses : [] };
  });
}

function exactStateOf(pool: RoutablePool, read: PoolRead, options: ExactDecodeOptions, index: number): ExactPoolState | undefined {
  if (!read.ok) return undefined;
  const readAs = venueById(pool.venue).poolFamily;
  if (readAs === poolFamilyOf('Curve')) return curveState(pool, read, options.curves);
  if (readAs === poolFamilyOf('Pair')) {
    if (read.reserve0 === 0n || read.reserve1 === 0n) return undefined;
    return { kind: 'constant-product', reserve0: read.reserve0, reserve1: read.reserve1, fee: pool.fee };
  }
  if (read.sqrtPriceX96 === 0n) return undefined;
  return concentratedState(pool, read, options.layouts?.[index]);
}
