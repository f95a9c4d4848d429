/**
 * The exact swaps: the tick walk against TickBitmap.t.sol's vectors, concentrated swaps crossing several ticks
 * (against the floating-point model, and as exact-output inverses), the read range's edge, the V2 formulas and
 * the curve, and a split route.
 */
import { describe, expect, it } from 'vitest';
import { concentratedOut } from '../amm/concentrated';
import type { ConcentratedState } from '../amm/pool-state';
import { concentratedSwap } from './concentrated-swap';
import { curveSwap, pairSwap } from './constant-product';
import { exactRoute } from './exact-route';
import type { ExactConcentratedState, ExactCurveState, ExactPairState, ExactPoolState } from './exact-state';
import { exactAmountIn, exactAmountOut } from './exact-swap';
import { getSqrtRatioAtTick, MAX_TICK, MIN_TICK } from './tick-math';
import { nextTickWithinOneWord } from './tick-walk';

const E18 = 10n ** 18n;

function pool(overrides: Partial<ExactConcentratedState> = {}): ExactConcentratedState {
  return {
    kind: 'concentrated',
    engine: 'v3',
    sqrtPriceX96: getSqrtRatioAtTick(0),
    tick: 0,
    liquidity: 3n * E18,
    fee: 500,
    tickSpacing: 10,
    ticks: [
      { tick: -887270, liquidityNet: E18 },
      { tick: -600, liquidityNet: E18 },
      { tick: -300, liquidityNet: E18 },
      { tick: 300, liquidityNet: -E18 },
      { tick: 600, liquidityNet: -E18 },
      { tick: 887270, liquidityNet: -E18 },
    ],
    lowestReadTick: MIN_TICK,
    highestReadTick: MAX_TICK,
    ...overrides,
  };
}

/** The same pool in the floating-point model. */
function floatPool(state: ExactConcentratedState): ConcentratedState {
  return {
    kind: 'concentrated',
    sqrtPrice: Number(state.sqrtPriceX96) / 2 ** 96,
    tick: state.tick,
    liquidity: Number(state.liquidity),
    fee: state.fee,
    ticks: state.ticks.map(({ tick, liquidityNet }) => ({ tick, liquidityNet: Number(liquidityNet) })),
    lowestReadTick: state.lowestReadTick,
    highestReadTick: state.highestReadTick,
  };
}

describe('the tick walk', () => {
  // TickBitmap.t.sol's bitmap: spacing 1, these ticks initialized.
  const bitmap = pool({
    tickSpacing: 1,
    ticks: [-10000, -200, -55, -4, 70, 78, 84, 139, 240].map((tick) => ({ tick, liquidityNet: 1n })),
  });
  const next = (tick: number, lte: boolean) => {
    const found = nextTickWithinOneWord(bitmap, tick, lte);
    return [found?.tick, found?.initialized];
  };

  it('finds what nextInitializedTickWithinOneWord finds', () => {
    expect(next(78, false)).toEqual([84, true]);
    expect(next(-55, false)).toEqual([-4, true]);
    expect(next(77, false)).toEqual([78, true]);
    expect(next(-56, false)).toEqual([-55, true]);
    expect(next(255, false)).toEqual([511, false]);
    expect(next(-257, false)).toEqual([-200, true]);
    expect(next(508, false)).toEqual([511, false]);
    expect(next(383, false)).toEqual([511, false]);
    expect(next(78, true)).toEqual([78, true]);
    expect(next(79, true)).toEqual([78, true]);
    expect(next(258, true)).toEqual([256, false]);
    expect(next(256, true)).toEqual([256, false]);
    expect(next(72, true)).toEqual([70, true]);
    expect(next(-257, true)).toEqual([-512, false]);
    expect(next(1023, true)).toEqual([768, false]);
    expect(next(900, true)).toEqual([768, false]);
  });

  it('stands the read bound in for a word that reaches past the read range', () => {
    const read = { ...bitmap, lowestReadTick: -300, highestReadTick: 300 };
    expect(nextTickWithinOneWord(read, -257, true)).toMatchObject({ tick: -300, atReadBound: true });
    expect(nextTickWithinOneWord(read, 255, false)).toMatchObject({ tick: 300, atReadBound: true });
    expect(nextTickWithinOneWord(read, 200, false)).toMatchObject({ tick: 240, atReadBound: false });
  });

  it('gives no step from a price outside the read range (ticks read before the price moved)', () => {
    const read = { ...bitmap, lowestReadTick: -300, highestReadTick: 300 };
    expect(nextTickWithinOneWord(read, 301, true)).toBeUndefined();
    expect(nextTickWithinOneWord(read, -302, false)).toBeUndefined();
    expect(nextTickWithinOneWord(read, 300, true)).toMatchObject({ tick: 256, initialized: false });
    expect(nextTickWithinOneWord(read, -301, false)).toMatchObject({ tick: -257, initialized: false });
    const moved = pool({ sqrtPriceX96: getSqrtRatioAtTick(1500), tick: 1500, lowestReadTick: -1000, highestReadTick: 1000 });
    expect(concentratedSwap(moved, 10n ** 12n, true, true)).toEqual({ ok: false, reason: 'beyond-read-range' });
  });
});

describe('a concentrated swap', () => {
  it('crosses several ticks in both directions, as the floating-point model prices it', () => {
    for (const engine of ['v3', 'v4'] as const) {
      const state = pool({ engine });
      for (const [amount, zeroForOne, crossed] of [
        [10n ** 15n, true, 0],
        [2n * 10n ** 17n, true, 2],
        [2n * 10n ** 17n, false, 2],
        [5n * 10n ** 16n, false, 1],
      ] as const) {
        const swap = concentratedSwap(state, amount, zeroForOne, true);
        if (!swap.ok) throw new Error(swap.reason);
        expect(swap.ticksCrossed).toBe(crossed);
        expect(Number(swap.amountOut) / concentratedOut(floatPool(state), Number(amount), zeroForOne)).toBeCloseTo(1, 9);
        expect(swap.after.liquidity).toBe(state.liquidity - BigInt(crossed) * E18);
      }
    }
  });

  it('prices an exact output at least as dearly as the input that buys it, and one unit less falls short', () => {
    for (const engine of ['v3', 'v4'] as const) {
      const state = pool({ engine });
      for (const target of [1n, 999n, 10n ** 15n, 123456789012345678n, 4n * 10n ** 17n]) {
        for (const zeroForOne of [true, false]) {
          const cost = exactAmountIn(state, target, zeroForOne);
          if (!cost.ok) throw new Error(cost.reason);
          const bought = exactAmountOut(state, cost.amountIn, zeroForOne);
          if (!bought.ok) throw new Error(bought.reason);
          expect(bought.amountOut).toBeGreaterThanOrEqual(target);
          const short = exactAmountOut(state, cost.amountIn - 1n, zeroForOne);
          expect(short.ok && short.amountOut).toBeLessThanOrEqual(target);
        }
      }
    }
  });

  it('does not price a swap that reaches past the read range', () => {
    const state = pool({ lowestReadTick: -1000, highestReadTick: 1000 });
    expect(concentratedSwap(state, 10n ** 16n, true, true).ok).toBe(true);
    expect(concentratedSwap(state, 10n ** 18n, true, true)).toEqual({ ok: false, reason: 'beyond-read-range' });
    expect(concentratedSwap(state, 10n ** 18n, false, false)).toEqual({ ok: false, reason: 'beyond-read-range' });
  });

  it('calls a pool that cannot take the whole input short of liquidity', () => {
    const narrow = pool({
      liquidity: E18,
      ticks: [
        { tick: -100, liquidityNet: E18 },
        { tick: 100, liquidityNet: -E18 },
      ],
    });
    expect(concentratedSwap(narrow, 10n ** 15n, true, true).ok).toBe(true);
    expect(concentratedSwap(narrow, E18, true, true)).toEqual({ ok: false, reason: 'insufficient-liquidity' });
    expect(concentratedSwap(narrow, E18, false, false)).toEqual({ ok: false, reason: 'insufficient-liquidity' });
    expect(concentratedSwap(narrow, 0n, true, true)).toEqual({ ok: false, reason: 'invalid-amount' });
  });
});

describe('constant-product swaps', () => {
  const pair: ExactPairState = { kind: 'constant-product', reserve0: 1_000_000n * E18, reserve1: 2_000_000n * 10n ** 6n, fee: 3000 };

  it("prices a pair with Uniswap V2's 997/1000 and PancakeSwap V2's 9975/10000", () => {
    const amountIn = 12_345n * 10n ** 15n;
    const out = pairSwap(pair, amountIn, true, true);
    expect(out.ok && out.amountOut).toBe((amountIn * 997n * pair.reserve1) / (pair.reserve0 * 1000n + amountIn * 997n));
    const pancake = pairSwap({ ...pair, fee: 2500 }, amountIn, true, true);
    expect(pancake.ok && pancake.amountOut).toBe((amountIn * 9975n * pair.reserve1) / (pair.reserve0 * 10000n + amountIn * 9975n));
    const cost = pairSwap(pair, 5_000n * 10n ** 6n, true, false);
    expect(cost.ok && cost.amountIn).toBe((pair.reserve0 * 5_000n * 10n ** 6n * 1000n) / ((pair.reserve1 - 5_000n * 10n ** 6n) * 997n) + 1n);
    expect(pairSwap(pair, pair.reserve1, true, false)).toEqual({ ok: false, reason: 'insufficient-liquidity' });
  });

  it('gives exact outputs at least the target for their input', () => {
    for (const target of [1n, 77n, 10n ** 9n, 10n ** 11n]) {
      const cost = exactAmountIn(pair, target, true);
      const bought = cost.ok && exactAmountOut(pair, cost.amountIn, true);
      expect(bought && bought.ok && bought.amountOut).toBeGreaterThanOrEqual(target);
    }
  });

  it("caps a curve's sells at what it raised, and finds the least input for an output", () => {
    const curve: ExactCurveState = { kind: 'curve', reserve0: 10n * E18, reserve1: 900_000_000n * E18, fee: 10_000, nativeIsToken0: true, raisedNative: E18 };
    const buy = curveSwap(curve, E18 / 10n, true, true);
    expect(buy.ok && buy.amountOut).toBe(((E18 / 10n) * 990_000n * curve.reserve1) / (curve.reserve0 * 1_000_000n + (E18 / 10n) * 990_000n));
    expect(curveSwap(curve, 200_000_000n * E18, false, true)).toEqual({ ok: false, reason: 'insufficient-liquidity' });
    expect(curveSwap({ ...curve, raisedNative: undefined }, E18, false, true)).toEqual({ ok: false, reason: 'unknown-sell-cap' });
    for (const target of [1n, 10n ** 12n, 5n * 10n ** 24n]) {
      const cost = curveSwap(curve, target, true, false);
      if (!cost.ok) throw new Error(cost.reason);
      const [enough, short] = [curveSwap(curve, cost.amountIn, true, true), curveSwap(curve, cost.amountIn - 1n, true, true)];
      expect(enough.ok && enough.amountOut).toBeGreaterThanOrEqual(target);
      if (cost.amountIn > 1n) expect(short.ok && short.amountOut).toBeLessThan(target);
    }
  });
});

describe('an exact route', () => {
  const a: ExactPairState = { kind: 'constant-product', reserve0: 1_000n * E18, reserve1: 1_000n * E18, fee: 3000 };
  const b = pool();
  const states = new Map<string, ExactPoolState>([
    ['a', a],
    ['b', b],
  ]);

  it('chains hops and sums legs on their Router shares, a pool met twice seeing the first swap', () => {
    const amount = 10n * E18 + 7n;
    const route = exactRoute(
      [
        {
          share: 600_000,
          hops: [
            { pool: 'a', zeroForOne: true },
            { pool: 'b', zeroForOne: false },
          ],
        },
        { share: 400_000, hops: [{ pool: 'a', zeroForOne: true }] },
      ],
      amount,
      true,
      states,
    );
    if (!route.ok) throw new Error(route.reason);
    const first = (amount * 600_000n) / 1_000_000n;
    const hop1 = pairSwap(a, first, true, true);
    if (!hop1.ok) throw new Error(hop1.reason);
    const hop2 = concentratedSwap(b, hop1.amountOut, false, true);
    const second = pairSwap(hop1.after, amount - first, true, true);
    if (!hop2.ok || !second.ok) throw new Error('leg failed');
    expect(route.legAmounts).toEqual([hop2.amountOut, second.amountOut]);
    expect(route.amountOut).toBe(hop2.amountOut + second.amountOut);
    expect(states.get('a')).toBe(a);
  });

  it('refuses what the Router refuses: a pool it was not given, a curve in an exact-output route', () => {
    const curve: ExactCurveState = { kind: 'curve', reserve0: E18, reserve1: E18, fee: 10_000, nativeIsToken0: true, raisedNative: 0n };
    const withCurve = new Map<string, ExactPoolState>([...states, ['c', curve]]);
    expect(exactRoute([{ share: 1_000_000, hops: [{ pool: 'x', zeroForOne: true }] }], E18, true, states)).toEqual({ ok: false, reason: 'unknown-pool' });
    expect(exactRoute([{ share: 1_000_000, hops: [{ pool: 'c', zeroForOne: true }] }], 10n ** 15n, false, withCurve)).toEqual({ ok: false, reason: 'reverts' });
    expect(exactRoute([{ share: 1_000_000, hops: [{ pool: 'c', zeroForOne: true }] }], 10n ** 15n, true, withCurve).ok).toBe(true);
  });

  it('runs an exact-output leg from its last hop back', () => {
    const route = exactRoute(
      [
        {
          share: 1_000_000,
          hops: [
            { pool: 'a', zeroForOne: true },
            { pool: 'b', zeroForOne: false },
          ],
        },
      ],
      E18,
      false,
      states,
    );
    if (!route.ok) throw new Error(route.reason);
    const last = concentratedSwap(b, E18, false, false);
    const first = last.ok && pairSwap(a, last.amountIn, true, false);
    expect(first && first.ok && first.amountIn).toBe(route.amountIn);
  });
});
