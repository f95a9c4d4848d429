import { describe, expect, it } from 'vitest';
import { concentratedOut, concentratedSpot, sqrtPriceAtTick } from './concentrated';
import { constantProductOut, constantProductSpot } from './constant-product';
import { MAX_TICK, MIN_TICK, type ConcentratedState } from './pool-state';

const fullRange = (liquidity: number, tick: number, fee: number): ConcentratedState => ({
  kind: 'concentrated',
  sqrtPrice: sqrtPriceAtTick(tick),
  tick,
  liquidity,
  fee,
  ticks: [
    { tick: -887220, liquidityNet: liquidity },
    { tick: 887220, liquidityNet: -liquidity },
  ],
  lowestReadTick: MIN_TICK,
  highestReadTick: MAX_TICK,
});

describe('constant product', () => {
  it('matches the Uniswap V2 formula', () => {
    const pair = { kind: 'constant-product' as const, reserve0: 1_000_000, reserve1: 2_000_000, fee: 3000 };
    expect(constantProductOut(pair, 1000, true)).toBeCloseTo((1000 * 997 * 2_000_000) / (1_000_000 * 1000 + 1000 * 997), 9);
    expect(constantProductOut(pair, 1000, false)).toBeCloseTo((1000 * 997 * 1_000_000) / (2_000_000 * 1000 + 1000 * 997), 9);
    expect(constantProductSpot(pair, true)).toBeCloseTo(2 * 0.997, 12);
  });
});

describe('concentrated liquidity', () => {
  it('a full-range position prices like a constant-product pair of the same depth', () => {
    const state = fullRange(1e18, 6931, 3000); // price ≈ 2
    const price = state.sqrtPrice ** 2;
    const pair = { kind: 'constant-product' as const, reserve0: 1e18 / state.sqrtPrice, reserve1: 1e18 * state.sqrtPrice, fee: 3000 };
    for (const amount of [1e12, 1e15, 1e17, 5e17]) {
      expect(concentratedOut(state, amount, true) / constantProductOut(pair, amount, true)).toBeCloseTo(1, 9);
      expect(concentratedOut(state, amount * price, false) / constantProductOut(pair, amount * price, false)).toBeCloseTo(1, 9);
    }
    expect(concentratedSpot(state, true)).toBeCloseTo(price * 0.997, 9);
  });

  it('loses the liquidity of a position it leaves, going down and going up', () => {
    // A wide position and a narrow one around tick 0: the narrow one ends 600 ticks on each side.
    const state: ConcentratedState = {
      kind: 'concentrated',
      sqrtPrice: 1,
      tick: 0,
      liquidity: 3e18,
      fee: 500,
      ticks: [
        { tick: -887270, liquidityNet: 1e18 },
        { tick: -600, liquidityNet: 2e18 },
        { tick: 600, liquidityNet: -2e18 },
        { tick: 887270, liquidityNet: -1e18 },
      ],
      lowestReadTick: MIN_TICK,
      highestReadTick: MAX_TICK,
    };
    // Reaching tick -600 from price 1 with L = 3e18 takes L·(1/√P' − 1) of token0 after the fee.
    const toEdge = (3e18 * (1 / sqrtPriceAtTick(-600) - 1)) / (1 - 500 / 1e6);
    const atEdge = concentratedOut(state, toEdge, true);
    expect(atEdge).toBeCloseTo(3e18 * (1 - sqrtPriceAtTick(-600)), -6);
    // Past the edge only the wide position's 1e18 is left: the next unit buys a third as much price move.
    const beyond = concentratedOut(state, toEdge * 1.01, true) - atEdge;
    const l1 = 1e18;
    const sqrtEdge = sqrtPriceAtTick(-600);
    const extra = toEdge * 0.01 * (1 - 500 / 1e6);
    expect(beyond).toBeCloseTo(l1 * (sqrtEdge - 1 / (1 / sqrtEdge + extra / l1)), -6);
    // Symmetric going up.
    const upEdge = (3e18 * (sqrtPriceAtTick(600) - 1)) / (1 - 500 / 1e6);
    expect(concentratedOut(state, upEdge, false)).toBeCloseTo(3e18 * (1 - 1 / sqrtPriceAtTick(600)), -6);
  });

  it('calls an input infeasible when the pool runs out of liquidity with nothing left to cross', () => {
    const empty: ConcentratedState = { ...fullRange(1e18, 0, 3000), liquidity: 0, ticks: [] };
    expect(concentratedOut(empty, 1e18, true)).toBe(Number.NEGATIVE_INFINITY);
    // A narrow position alone: what it holds is fine, one unit more than it holds is not.
    const narrow: ConcentratedState = {
      kind: 'concentrated',
      sqrtPrice: 1,
      tick: 0,
      liquidity: 1e18,
      fee: 0,
      ticks: [
        { tick: -100, liquidityNet: 1e18 },
        { tick: 100, liquidityNet: -1e18 },
      ],
      lowestReadTick: MIN_TICK,
      highestReadTick: MAX_TICK,
    };
    const holds = 1e18 * (1 / sqrtPriceAtTick(-100) - 1);
    expect(concentratedOut(narrow, holds * 0.999, true)).toBeGreaterThan(0);
    expect(concentratedOut(narrow, holds * 1.001, true)).toBe(Number.NEGATIVE_INFINITY);
  });
});
