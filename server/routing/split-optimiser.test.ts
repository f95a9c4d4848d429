import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import type { PoolState } from './amm/pool-state';
import { enumeratePaths, pathOut, type PoolPath, type PricedPool } from './route-graph';
import { optimiseSplit, TOTAL_PARTS } from './split-optimiser';

const A = '0x000000000000000000000000000000000000000a' as Address;
const B = '0x000000000000000000000000000000000000000b' as Address;
const C = '0x000000000000000000000000000000000000000c' as Address;
const D = '0x000000000000000000000000000000000000000d' as Address;

let next = 1;
function pool(token0: Address, token1: Address, state: PoolState): PricedPool {
  const address: Address = `0x${(next++).toString(16).padStart(40, '0')}`;
  const routable: RoutablePool = { venue: 'UNISWAP_V2', address, id: `0x${'00'.repeat(32)}`, token0, token1, fee: state.fee, tickSpacing: 0 };
  return { pool: routable, state };
}
const pair = (token0: Address, token1: Address, reserve0: number, reserve1: number, fee = 3000) =>
  pool(token0, token1, { kind: 'constant-product', reserve0, reserve1, fee });
const fullRange = (token0: Address, token1: Address, liquidity: number, fee: number) =>
  pool(token0, token1, {
    kind: 'concentrated',
    sqrtPrice: 1,
    tick: 0,
    liquidity,
    fee,
    ticks: [
      { tick: -887220, liquidityNet: liquidity },
      { tick: 887220, liquidityNet: -liquidity },
    ],
    lowestReadTick: -887272,
    highestReadTick: 887272,
  });

/** Liquidity only between ticks -1000 and 1000 around the price (about 5 % of the price either way), and none beyond. */
const ranged = (token0: Address, token1: Address, liquidity: number, fee: number) =>
  pool(token0, token1, {
    kind: 'concentrated',
    sqrtPrice: 1,
    tick: 0,
    liquidity,
    fee,
    ticks: [
      { tick: -1000, liquidityNet: liquidity },
      { tick: 1000, liquidityNet: -liquidity },
    ],
    lowestReadTick: -887272,
    highestReadTick: 887272,
  });

/** The best split over a grid of `steps` for two paths, by brute force. */
function bruteForceTwo(paths: readonly PoolPath[], amountIn: number, steps: number): number {
  let best = 0;
  for (let k = 0; k <= steps; k++) {
    const first = (amountIn * k) / steps;
    best = Math.max(best, pathOut(paths[0]!, first) + pathOut(paths[1]!, amountIn - first));
  }
  return best;
}

describe('split optimiser', () => {
  it('halves a trade between two equal pools and gets more than either alone', () => {
    const paths = enumeratePaths([pair(A, B, 1e21, 2e21), pair(A, B, 1e21, 2e21)], A, B, [], (token) => (token === A ? 1e20 : 0));
    const split = optimiseSplit(paths, 2e20, () => 0);
    expect(split.legs.map((leg) => leg.parts)).toEqual([TOTAL_PARTS / 2, TOTAL_PARTS / 2]);
    expect(split.amountOut).toBeGreaterThan(pathOut(paths[0]!, 2e20) * 1.05);
  });

  it('reaches the brute-force optimum between a deep 0.3 % pool and a shallow 0.05 % pool', () => {
    const paths = enumeratePaths([fullRange(A, B, 1e21, 3000), fullRange(A, B, 2e20, 500)], A, B, [], () => 1e19);
    for (const amountIn of [1e17, 1e19, 1e20, 3e20]) {
      const split = optimiseSplit(paths, amountIn, () => 0);
      expect(split.amountOut / bruteForceTwo(paths, amountIn, 20_000)).toBeGreaterThan(0.99999);
    }
  });

  it('keeps a small trade on one leg when a second leg costs more gas than it adds', () => {
    const paths = enumeratePaths([pair(A, B, 1e21, 1e21), pair(A, B, 1e21, 1e21)], A, B, [], () => 1e15);
    expect(optimiseSplit(paths, 1e15, () => 1e13).legs).toHaveLength(1);
    expect(optimiseSplit(paths, 1e15, () => 0).legs).toHaveLength(2);
  });

  it('opens a leg whose gas only its later chunks pay for, and not one the whole split cannot pay for', () => {
    const paths = enumeratePaths([pair(A, B, 1e21, 1e21), pair(A, B, 1e21, 1e21)], A, B, [], () => 1e20);
    const single = pathOut(paths[0]!, 1e20);
    const halves = 2 * pathOut(paths[0]!, 5e19);
    // The second leg's first chunk adds about 0.17e18 over the first leg's last; half the trade adds 4.3e18.
    const paying = optimiseSplit(paths, 1e20, () => 1e18);
    expect(paying.legs).toHaveLength(2);
    expect(paying.amountOut - 2e18).toBeGreaterThan(single - 1e18);
    expect(paying.amountOut).toBeGreaterThan(halves * 0.9999);
    expect(optimiseSplit(paths, 1e20, () => 5e18).legs).toHaveLength(1);
  });

  it('lets legs share a pool, priced on the load they bring to it together', () => {
    // Two first pools, each a tenth of the depth of the last one both paths share.
    const shared = pair(B, D, 1e23, 1e23);
    const paths = enumeratePaths([pair(A, B, 1e22, 1e22), pair(A, B, 1e22, 1e22), shared], A, D, [B], () => 1e21);
    expect(paths).toHaveLength(2);
    const amountIn = 4e21;
    const split = optimiseSplit(paths, amountIn, () => 0);
    expect(split.legs).toHaveLength(2);
    const lastHop = { ...paths[0]!.hops[1]! };
    const firstHop = (path: PoolPath) => ({ hops: [path.hops[0]!] });
    let best = 0;
    for (let k = 0; k <= 2000; k++) {
      const x = (amountIn * k) / 2000;
      const intoShared = pathOut(firstHop(paths[0]!), x) + pathOut(firstHop(paths[1]!), amountIn - x);
      best = Math.max(best, pathOut({ hops: [lastHop] }, intoShared));
    }
    expect(split.amountOut / best).toBeGreaterThan(0.99999);
    expect(split.amountOut / best).toBeLessThan(1.00001);
    // Each leg priced alone on the shared pool would claim more than the pool pays for both.
    const alone = split.legs.reduce((sum, leg) => sum + pathOut(leg.path, (leg.parts / TOTAL_PARTS) * amountIn), 0);
    expect(alone).toBeGreaterThan(split.amountOut * 1.01);
  });

  it('never swaps a pool both ways', () => {
    const across = pair(B, C, 1e22, 1e22);
    const pools = [pair(A, B, 1e21, 1e21), pair(A, C, 1e21, 1e21), across, pair(C, D, 1e21, 1e21), pair(B, D, 1e21, 1e21)];
    const paths = enumeratePaths(pools, A, D, [B, C], () => 1e20);
    const split = optimiseSplit(paths, 1e21, () => 0);
    const directions = new Set(split.legs.flatMap((leg) => leg.path.hops.filter((hop) => hop.pool === across.pool).map((hop) => hop.zeroForOne)));
    expect(directions.size).toBeLessThanOrEqual(1);
    expect(split.legs.length).toBeGreaterThan(1);
  });
});

describe('a ranged pool that cannot take the whole trade', () => {
  const cheap = ranged(A, B, 1e21, 100);
  const deep = fullRange(A, B, 1e21, 3000);
  const capacity = (1e21 * (Math.pow(1.0001, 500) - 1)) / (1 - 100 / 1e6);

  it('keeps its path and takes its part of the split, up to what it holds', () => {
    const amountIn = 4 * capacity;
    const paths = enumeratePaths([cheap, deep], A, B, [], () => amountIn);
    expect(paths.map((path) => path.hops[0]!.pool.address).sort()).toEqual([cheap.pool.address, deep.pool.address].sort());
    const split = optimiseSplit(paths, amountIn, () => 0);
    expect(split.legs).toHaveLength(2);
    const cheapLeg = split.legs.find((leg) => leg.path.hops[0]!.pool.address === cheap.pool.address)!;
    expect((cheapLeg.parts / TOTAL_PARTS) * amountIn).toBeLessThanOrEqual(capacity);
    expect(split.amountOut).toBeGreaterThan(
      pathOut(
        paths.find((path) => path.hops[0]!.pool === deep.pool)!,
        amountIn,
      ) * 1.001,
    );
  });

  it('enters two-hop paths too', () => {
    const paths = enumeratePaths([ranged(A, C, 1e21, 100), pair(C, B, 1e24, 1e24)], A, B, [C], () => 4 * capacity);
    expect(paths).toHaveLength(1);
  });
});

describe('route graph', () => {
  it('finds direct, two-hop and three-hop paths without repeating a token', () => {
    const pools = [pair(A, B, 1e21, 1e21), pair(A, C, 1e21, 1e21), pair(C, B, 1e21, 1e21), pair(C, D, 1e21, 1e21), pair(D, B, 1e21, 1e21)];
    const paths = enumeratePaths(pools, A, B, [C, D], () => 1e18);
    const shapes = paths.map((path) => [path.hops[0]!.tokenIn, ...path.hops.map((hop) => hop.tokenOut)].map((t) => t.slice(-1)).join(''));
    expect(shapes.sort()).toEqual(['ab', 'acb', 'acdb']);
    expect(enumeratePaths(pools, A, B, [C, D], () => 1e18, 2)).toHaveLength(2);
  });

  it('ranks the pools of a pair by what they pay for the probe amount', () => {
    const deep = fullRange(A, B, 1e22, 3000);
    const shallow = fullRange(A, B, 1e18, 100);
    const [first] = enumeratePaths([shallow, deep], A, B, [], () => 1e20);
    expect(first!.hops[0]!.pool.address).toBe(deep.pool.address);
  });
});
