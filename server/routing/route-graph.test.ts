import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { constantProductOut } from './amm/constant-product';
import type { ConcentratedState, ConstantProductState } from './amm/pool-state';
import { enumeratePaths, hopCapacity, pathOut, poolKey, type PricedPool } from './route-graph';

const token = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`;
const [A, B, C, D] = [token(1), token(2), token(3), token(4)];
let nextPool = 100;

function pair(token0: Address, token1: Address, reserve0: number, reserve1: number, fee = 3000): PricedPool & { state: ConstantProductState } {
  const pool: RoutablePool = { venue: 'UNISWAP_V2', address: token(nextPool++), id: `0x${'0'.repeat(64)}`, token0, token1, fee, tickSpacing: 0 };
  return { pool, state: { kind: 'constant-product', reserve0, reserve1, fee } };
}

/** A ranged pool at price 1 whose only liquidity sits between ticks -100 and 100. */
function rangedPool(token0: Address, token1: Address, liquidity: number): PricedPool & { state: ConcentratedState } {
  const pool: RoutablePool = { venue: 'UNISWAP_V3', address: token(nextPool++), id: `0x${'0'.repeat(64)}`, token0, token1, fee: 500, tickSpacing: 10 };
  const state: ConcentratedState = {
    kind: 'concentrated',
    sqrtPrice: 1,
    tick: 0,
    liquidity,
    fee: 500,
    ticks: [
      { tick: -100, liquidityNet: liquidity },
      { tick: 100, liquidityNet: -liquidity },
    ],
    lowestReadTick: -1000,
    highestReadTick: 1000,
  };
  return { pool, state };
}

const probeOf = (amount: number) => () => amount;
const describePath = (path: { hops: { tokenIn: Address; tokenOut: Address }[] }) =>
  path.hops.map((hop) => `${hop.tokenIn.slice(-1)}>${hop.tokenOut.slice(-1)}`).join(' ');

describe('enumeratePaths', () => {
  it('keeps every direct pool, in either token order', () => {
    const pools = [pair(A, B, 1e6, 2e6), pair(B, A, 3e6, 1e6), pair(A, C, 1e6, 1e6)];
    const paths = enumeratePaths(pools, A, B, [], probeOf(1000));
    expect(paths).toHaveLength(2);
    expect(paths.every((path) => path.hops.length === 1 && path.hops[0]!.tokenIn === A && path.hops[0]!.tokenOut === B)).toBe(true);
    // zeroForOne follows the pool's token order, not the trade's.
    expect(paths.map((path) => path.hops[0]!.zeroForOne).sort()).toEqual([false, true]);
  });

  it('goes through the intermediates given, never through a token twice', () => {
    const pools = [pair(A, C, 1e6, 1e6), pair(C, B, 1e6, 1e6), pair(A, D, 1e6, 1e6), pair(D, B, 1e6, 1e6), pair(C, D, 1e6, 1e6)];
    const twoHops = enumeratePaths(pools, A, B, [C], probeOf(1000), 2).map(describePath);
    expect(twoHops).toEqual(['1>3 3>2']);
    const all = enumeratePaths(pools, A, B, [C, D, A, B], probeOf(1000)).map(describePath).sort();
    expect(all).toEqual(['1>3 3>2', '1>3 3>4 4>2', '1>4 4>2', '1>4 4>3 3>2']);
  });

  it('ranks pools of a pair by what they pay for the probe and keeps only the best for longer paths', () => {
    const pools = [pair(B, C, 1e6, 1e6)];
    // Deeper pools pay more, at the margin and for the probe.
    for (let i = 1; i <= 12; i++) pools.push(pair(A, B, 1e6 * i, 1e6 * i * (0.5 + i / 24)));
    const deepest = pools[pools.length - 1]!;
    const paths = enumeratePaths(pools, A, C, [B], probeOf(10_000), 2);
    expect(paths).toHaveLength(8);
    expect(paths.some((path) => path.hops[0]!.pool === deepest.pool)).toBe(true);
  });

  it('still ranks a ranged pool too shallow for the whole probe, by what it pays for what it can take', () => {
    const shallow = rangedPool(A, B, 1e5);
    const paths = enumeratePaths([shallow], A, B, [], probeOf(1e9));
    expect(paths).toHaveLength(1);
    expect(Number.isFinite(hopCapacity(paths[0]!.hops[0]!))).toBe(true);
  });
});

describe('pathOut', () => {
  it('chains the hops, each priced by its own pool math', () => {
    const first = pair(A, B, 1e6, 2e6);
    const second = pair(C, B, 5e6, 4e6);
    const [path] = enumeratePaths([first, second], A, C, [B], probeOf(1000), 2);
    const middle = constantProductOut(first.state, 1000, true);
    expect(pathOut(path!, 1000)).toBeCloseTo(constantProductOut(second.state, middle, false), 9);
  });

  it('is −∞ where a pool on the path cannot take the amount, and a constant-product hop never runs out', () => {
    const [ranged] = enumeratePaths([rangedPool(A, B, 1e5)], A, B, [], probeOf(1));
    expect(pathOut(ranged!, 1e12)).toBe(Number.NEGATIVE_INFINITY);
    expect(pathOut(ranged!, 10)).toBeGreaterThan(0);
    const [plain] = enumeratePaths([pair(A, B, 1e3, 1e3)], A, B, [], probeOf(1));
    expect(hopCapacity(plain!.hops[0]!)).toBe(Number.POSITIVE_INFINITY);
    expect(pathOut(plain!, 1e12)).toBeLessThan(1e3);
  });
});

describe('poolKey', () => {
  it('tells V4 pools apart by id though they share the PoolManager address', () => {
    const base = pair(A, B, 1, 1).pool;
    const one = { ...base, venue: 'UNISWAP_V4' as const, id: `0x${'1'.repeat(64)}` as const };
    const two = { ...one, id: `0x${'2'.repeat(64)}` as const };
    expect(poolKey(one)).not.toBe(poolKey(two));
    expect(poolKey({ ...one, address: one.address.toUpperCase() as Address })).toBe(poolKey(one));
  });
});
