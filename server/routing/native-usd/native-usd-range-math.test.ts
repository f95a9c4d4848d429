import { describe, expect, it } from 'vitest';
import type { ConcentratedState } from '@/server/routing/amm/pool-state';
import { sqrtPriceAtTick } from '@/server/routing/amm/concentrated';
import {
  COUNTED_POOL_MEMORY_MS,
  countedPools,
  deepestIndex,
  headEstimate,
  historyDepths,
  historyMean,
  rangeOf,
  sharingPools,
  stableHeld,
  twapRawPrice,
  usdPerNative,
} from './native-usd-range-math';
import type { NativeUsdSource } from './native-usd-range-types';

const pool = (usd: number): NativeUsdSource => ({ kind: 'pool', venue: 'UNISWAP_V3', fee: 500, pool: '0x1', usd, stableHeld: 1n, deepest: false });
const twap = (usd: number): NativeUsdSource => ({ kind: 'twap', venue: 'UNISWAP_V3', fee: 500, pool: '0x1', usd, windowSeconds: 1800 });

describe('rangeOf', () => {
  it('spans spot and every source', () => {
    expect(rangeOf(3000, [pool(2990), twap(3020), { kind: 'history', pool: '0x1', usd: 3005, blocks: [1n] }])).toEqual({ spot: 3000, low: 2990, high: 3020 });
  });

  it('is spot alone when no other source answered', () => {
    expect(rangeOf(2500, [])).toEqual({ spot: 2500, low: 2500, high: 2500 });
  });

  it('leaves out sources without a price', () => {
    expect(rangeOf(3000, [pool(0), twap(Number.NaN), twap(Number.POSITIVE_INFINITY), pool(3100)])).toEqual({ spot: 3000, low: 3000, high: 3100 });
  });

  it('is all zeros without a spot price, whatever else answered', () => {
    expect(rangeOf(0, [pool(3000)])).toEqual({ spot: 0, low: 0, high: 0 });
  });
});

describe('sharingPools', () => {
  const held = (value: { held: bigint }) => value.held;

  it('keeps pools holding at least a quarter of the deepest', () => {
    const pools = [{ held: 7_500n }, { held: 5_000n }, { held: 1_875n }, { held: 1_874n }, { held: 300n }];
    expect(sharingPools(pools, held)).toEqual([{ held: 7_500n }, { held: 5_000n }, { held: 1_875n }]);
  });

  it('keeps none when nothing holds anything', () => {
    expect(sharingPools([{ held: 0n }], held)).toEqual([]);
  });
});

describe('countedPools', () => {
  const held = (value: { key: string; held: bigint }) => value.held;
  const keyOf = (value: { key: string }) => value.key;

  it('keeps counting a pool pushed under its share by stable swapped into the deepest, for a while', () => {
    const before = [
      { key: 'deep', held: 8_000n },
      { key: 'small', held: 2_100n },
    ];
    const first = countedPools(before, held, keyOf, {}, 1_000);
    expect(first.counted.map(keyOf)).toEqual(['deep', 'small']);
    // A swap buying the native coin adds 1,000 of the stable to the deepest: the small pool is under a quarter.
    const pushed = [
      { key: 'deep', held: 9_000n },
      { key: 'small', held: 2_100n },
    ];
    expect(sharingPools(pushed, held).map(keyOf)).toEqual(['deep']);
    const during = countedPools(pushed, held, keyOf, first.countedAt, 1_000 + 12_000);
    expect(during.counted.map(keyOf)).toEqual(['deep', 'small']);
    // Under its share for longer than the memory, it drops out.
    const later = countedPools(pushed, held, keyOf, during.countedAt, 1_000 + COUNTED_POOL_MEMORY_MS + 1);
    expect(later.counted.map(keyOf)).toEqual(['deep']);
  });
});

describe('deepestIndex', () => {
  it('is the pool holding the most stable among those with a price, the first on a tie', () => {
    expect(
      deepestIndex([
        { stableHeld: 5n, usd: 1 },
        { stableHeld: 9n, usd: 0 },
        { stableHeld: 7n, usd: 1 },
        { stableHeld: 7n, usd: 2 },
      ]),
    ).toBe(2);
  });

  it('is -1 when no pool has a price', () => {
    expect(deepestIndex([{ stableHeld: 5n, usd: 0 }])).toBe(-1);
  });
});

describe('usdPerNative', () => {
  it('turns raw token1 per token0 into USD per whole native coin either way round', () => {
    // 3000 USDC (6 decimals) per WETH (18): raw 3000e6 / 1e18.
    expect(usdPerNative(3000e6 / 1e18, true, 18, 6)).toBeCloseTo(3000, 9);
    expect(usdPerNative(1e18 / 3000e6, false, 18, 6)).toBeCloseTo(3000, 9);
  });

  it('is 0 for an unreadable price', () => {
    expect(usdPerNative(0, true, 18, 6)).toBe(0);
    expect(usdPerNative(Number.NaN, true, 18, 6)).toBe(0);
  });
});

describe('twapRawPrice', () => {
  it('is 1.0001 to the mean tick over the window', () => {
    const tick = -196_257;
    expect(twapRawPrice([1_000n, 1_000n + BigInt(tick) * 1800n], 1800)).toBeCloseTo(1.0001 ** tick, 20);
  });

  it('weighs each tick by the time it held', () => {
    // 600 s at tick 100 then 1200 s at tick 400: mean 300.
    const cumulatives: [bigint, bigint] = [0n, 100n * 600n + 400n * 1200n];
    expect(twapRawPrice(cumulatives, 1800)).toBeCloseTo(1.0001 ** 300, 12);
  });
});

describe('historyDepths', () => {
  it('spreads the points over the window, capped at the depth nodes keep', () => {
    expect(historyDepths(1800, 250, 127, 4)).toEqual([32, 64, 95, 127]);
    expect(historyDepths(1800, 12_000, 127, 4)).toEqual([32, 64, 95, 127]);
  });

  it('fits a window of few blocks, each point at least one block back', () => {
    expect(historyDepths(1800, 600_000, 127, 4)).toEqual([1, 2, 3]);
  });
});

describe('headEstimate', () => {
  const seen = { number: 1_000n, at: 50_000 };

  it('adds the blocks the block time says have passed', () => {
    expect(headEstimate(seen, 50_000 + 2_600, 250, 127)).toBe(1_010n);
  });

  it('never runs more than maxAhead past the head seen', () => {
    expect(headEstimate(seen, 50_000 + 3_600_000, 250, 127)).toBe(1_127n);
  });

  it('never goes back on a clock that went back', () => {
    expect(headEstimate(seen, 40_000, 250, 127)).toBe(1_000n);
  });
});

describe('historyMean', () => {
  it('averages the points that answered before the head and within the window', () => {
    const points = [
      { block: 90n, usd: 3000 },
      { block: 80n, usd: 3100 },
      { block: 70n, usd: 0 },
      { block: 100n, usd: 9999 },
      { block: 105n, usd: 9999 },
      { block: 10n, usd: 1 },
    ];
    expect(historyMean(points, 100n, 50)).toEqual({ usd: 3050, blocks: [90n, 80n] });
  });

  it('is undefined when no point answered', () => {
    expect(historyMean([{ block: 90n, usd: 0 }], 100n, 50)).toBeUndefined();
  });
});

describe('stableHeld', () => {
  const Q = (tick: number) => sqrtPriceAtTick(tick);
  const state = (tick: number, liquidity: number, ticks: { tick: number; liquidityNet: number }[]): ConcentratedState => ({
    kind: 'concentrated',
    sqrtPrice: Q(tick),
    tick,
    liquidity,
    fee: 500,
    ticks,
    lowestReadTick: -887_272,
    highestReadTick: 887_272,
  });

  it('is L·√P for a full-range position holding token1 (the stable)', () => {
    const held = stableHeld(state(-196_257, 1e15, []), false);
    expect(Number(held) / (1e15 * Q(-196_257))).toBeCloseTo(1, 6);
  });

  it('is L/√P for a full-range position holding token0 (the stable)', () => {
    const held = stableHeld(state(196_257, 1e15, []), true);
    expect(Number(held) / (1e15 / Q(196_257))).toBeCloseTo(1, 6);
  });

  it('counts a ranged position for what it holds, not the depth it lends', () => {
    // L of 1e18 between ticks -200_000 and -196_000 around -196_257 (token1 side: from -200_000 up to the price).
    const ranged = state(-196_257, 1e18, [
      { tick: -200_000, liquidityNet: 1e18 },
      { tick: -196_000, liquidityNet: -1e18 },
    ]);
    const expected = 1e18 * (Q(-196_257) - Q(-200_000));
    expect(Number(stableHeld(ranged, false)) / expected).toBeCloseTo(1, 6);
  });

  it('gives a one-tick position a few units, however much liquidity it lends', () => {
    const tight = state(-196_257, 1e18, [
      { tick: -196_258, liquidityNet: 1e18 },
      { tick: -196_256, liquidityNet: -1e18 },
    ]);
    const wide = state(-196_257, 1e18, []);
    expect(Number(stableHeld(tight, false))).toBeLessThan(Number(stableHeld(wide, false)) / 10_000);
  });
});
