/**
 * One pool as the pool store keeps it, and the venues' events applied to it. Entries are never changed in
 * place: an update makes a new entry, so the store's undo journal keeps an applied block's previous entries by
 * reference, and a state handed to a quote stays the state of its block.
 *
 * A concentrated pool's entry carries each read tick's gross liquidity beside the exact state: a tick stays
 * initialized while any position references it, even when its net liquidity is 0 (the tick walk stops at every
 * initialized tick, and each step rounds), so a copy kept current by Mint/Burn/ModifyLiquidity events needs the
 * gross to know when a tick goes. Ticks outside the read range are not tracked, as in a fresh read: the range
 * stays the one read, and a swap reaching beyond it is `beyond-read-range`.
 */
import { pad, type Address } from 'viem';
import type { ExactConcentratedState, ExactCurveState, ExactPoolState } from '@/server/routing/exact/exact-state';
import type { PoolEvent, PoolUpdate } from '@/server/venues/evm/pool-events';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';

export interface StoredPool {
  pool: RoutablePool;
  state: ExactPoolState;
  /** Concentrated pools: the gross liquidity of each initialized tick in the read range, by tick; else empty. */
  liquidityGross: ReadonlyMap<number, bigint>;
}

/** An update's outcome: the new entry, `gone` (a curve that graduated), or undefined when it changes nothing. */
export type Applied = StoredPool | 'gone' | undefined;

/**
 * A pool's key in the store: its contract, and for a contract of many pools (the V4 PoolManager, the
 * launchpad) the pool id; lowercase.
 */
export function poolKey(address: string, id?: string): string {
  const contract = address.toLowerCase();
  return id !== undefined && BigInt(id) !== 0n ? `${contract}:${id.toLowerCase()}` : contract;
}

export const keyOfPool = (pool: RoutablePool): string => poolKey(pool.address, pool.id);

/** The key of the pool an event belongs to: a curve's events name its launch token, its pool's id. */
export function keyOfEvent(event: PoolEvent): string {
  const { update } = event;
  if (update.kind === 'curve-trade' || update.kind === 'curve-closed') return poolKey(event.address, pad(update.token.toLowerCase() as Address, { size: 32 }));
  return poolKey(event.address, event.id);
}

/** The entry after `update` (V4's `initialize` is the store's: it makes a pool known, not a state). */
export function applyUpdate(entry: StoredPool, update: PoolUpdate): Applied {
  const { state } = entry;
  switch (update.kind) {
    case 'reserves':
      if (state.kind !== 'constant-product') return undefined;
      return { ...entry, state: { ...state, reserve0: update.reserve0, reserve1: update.reserve1 } };
    case 'swap':
      if (state.kind !== 'concentrated') return undefined;
      return { ...entry, state: { ...state, sqrtPriceX96: update.sqrtPriceX96, tick: update.tick, liquidity: update.liquidity } };
    case 'liquidity':
      return state.kind === 'concentrated' ? withLiquidity(entry, state, update) : undefined;
    case 'curve-trade':
      return state.kind === 'curve' ? { ...entry, state: withCurveTrade(state, update) } : undefined;
    case 'curve-closed':
      return state.kind === 'curve' ? 'gone' : undefined;
    default:
      return undefined;
  }
}

/**
 * Liquidity `delta` over [tickLower, tickUpper): each end's gross moves by delta and its net by ±delta (a tick
 * whose gross reaches 0 is no longer initialized), and the active liquidity moves when the price is in the range
 * (tickLower ≤ tick < tickUpper, as both V3's and V4's modifyLiquidity test it).
 */
function withLiquidity(entry: StoredPool, state: ExactConcentratedState, update: Extract<PoolUpdate, { kind: 'liquidity' }>): Applied {
  const { tickLower, tickUpper, delta } = update;
  if (delta === 0n) return undefined;
  const gross = new Map(entry.liquidityGross);
  const nets = new Map(state.ticks.map(({ tick, liquidityNet }) => [tick, liquidityNet]));
  for (const [tick, netDelta] of [
    [tickLower, delta],
    [tickUpper, -delta],
  ] as const) {
    if (tick < state.lowestReadTick || tick > state.highestReadTick) continue;
    const grossAfter = (gross.get(tick) ?? 0n) + delta;
    if (grossAfter === 0n) {
      gross.delete(tick);
      nets.delete(tick);
    } else {
      gross.set(tick, grossAfter);
      nets.set(tick, (nets.get(tick) ?? 0n) + netDelta);
    }
  }
  const ticks = [...nets].sort(([a], [b]) => a - b).map(([tick, liquidityNet]) => ({ tick, liquidityNet }));
  const active = tickLower <= state.tick && state.tick < tickUpper;
  return { ...entry, liquidityGross: gross, state: { ...state, ticks, liquidity: active ? state.liquidity + delta : state.liquidity } };
}

/**
 * A curve trade as Launchpad.sol books it: a buy adds its input to the native reserve and to what was raised
 * and takes its output from the token reserve; a sell the other way round.
 */
function withCurveTrade(state: ExactCurveState, trade: Extract<PoolUpdate, { kind: 'curve-trade' }>): ExactCurveState {
  const native = state.nativeIsToken0 ? state.reserve0 : state.reserve1;
  const token = state.nativeIsToken0 ? state.reserve1 : state.reserve0;
  const [nativeAfter, tokenAfter, raisedChange] = trade.buy
    ? [native + trade.amountIn, token - trade.amountOut, trade.amountIn]
    : [native - trade.amountOut, token + trade.amountIn, -trade.amountOut];
  return {
    ...state,
    reserve0: state.nativeIsToken0 ? nativeAfter : tokenAfter,
    reserve1: state.nativeIsToken0 ? tokenAfter : nativeAfter,
    raisedNative: state.raisedNative === undefined ? undefined : state.raisedNative + raisedChange,
  };
}
