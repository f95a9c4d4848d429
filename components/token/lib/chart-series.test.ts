import { describe, expect, it } from 'vitest';
import { chartSeries, type HistoryPoint } from './chart-series';

const point = (time: number, priceUsd: number, block = time): HistoryPoint => ({ block, time, priceNative: priceUsd / 1000, priceUsd });
const now = 2_000_000_000;

describe('chartSeries', () => {
  it('keeps one price per second (the last trade of it), oldest first, in the chosen unit', () => {
    const points = [point(now - 20, 1), point(now - 10, 2, 1), point(now - 10, 3, 2), point(now - 5, 4)];
    expect(chartSeries(points, 'usd', 'all', now)).toEqual([{ time: now - 20, value: 1 }, { time: now - 10, value: 3 }, { time: now - 5, value: 4 }]);
    expect(chartSeries(points, 'native', 'all', now).map((entry) => entry.value)).toEqual([0.001, 0.003, 0.004]);
  });

  it('cuts to the time range, and leaves out points without a time or a price', () => {
    const points = [point(now - 2 * 86_400, 1), point(now - 7_200, 2), point(now - 60, 3), point(0, 9), { ...point(now - 30, 0) }];
    expect(chartSeries(points, 'usd', '1h', now).map((entry) => entry.value)).toEqual([3]);
    expect(chartSeries(points, 'usd', '1d', now).map((entry) => entry.value)).toEqual([2, 3]);
    expect(chartSeries(points, 'usd', '1w', now).map((entry) => entry.value)).toEqual([1, 2, 3]);
  });
});
