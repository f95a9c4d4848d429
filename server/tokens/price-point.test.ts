import { describe, expect, it } from 'vitest';
import { changePercent, thinPoints, type PricePoint } from './price-point';

const point = (time: number, priceUsd: number): PricePoint => ({ block: time, time, priceNative: priceUsd / 2, priceUsd });

describe('thinPoints', () => {
  it('keeps every point under the limit, and the last one always', () => {
    expect(thinPoints([1, 2, 3], 5)).toEqual([1, 2, 3]);
    const thinned = thinPoints(
      Array.from({ length: 1000 }, (_, index) => index),
      10,
    );
    expect(thinned).toHaveLength(10);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(999);
  });
});

describe('changePercent', () => {
  const now = 1_000_000;
  it('compares the latest price with the last one before the window', () => {
    const points = [point(now - 90_000, 1), point(now - 87_000, 2), point(now - 3_600, 3), point(now, 3)];
    expect(changePercent(points, now)).toBeCloseTo(50, 10);
    expect(changePercent(points, now, 86_400, 'priceNative')).toBeCloseTo(50, 10);
  });

  it('uses the first price in the window when the history is younger, and nothing without two prices', () => {
    expect(changePercent([point(now - 600, 4), point(now, 3)], now)).toBeCloseTo(-25, 10);
    expect(changePercent([point(now, 3)], now)).toBeUndefined();
    expect(changePercent([], now)).toBeUndefined();
  });
});
