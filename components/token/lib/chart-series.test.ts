import { describe, expect, it } from 'vitest';
import { chartSeries, legendTime, priceAxis, timeGrid, timeTickLabel, type HistoryPoint } from './chart-series';

const point = (time: number, priceUsd: number, block = time): HistoryPoint => ({ block, time, priceNative: priceUsd / 1000, priceUsd });
const now = 2_000_000_000;

describe('chartSeries', () => {
  it('keeps one price per second (the last trade of it), oldest first, in the chosen unit', () => {
    const points = [point(now - 20, 1), point(now - 10, 2, 1), point(now - 10, 3, 2), point(now - 5, 4)];
    expect(chartSeries(points, 'usd', 'all', now)).toEqual([
      { time: now - 20, value: 1 },
      { time: now - 10, value: 3 },
      { time: now - 5, value: 4 },
    ]);
    expect(chartSeries(points, 'native', 'all', now).map((entry) => entry.value)).toEqual([0.001, 0.003, 0.004]);
  });

  it('cuts to the time range, and leaves out points without a time or a price', () => {
    const points = [point(now - 2 * 86_400, 1), point(now - 7_200, 2), point(now - 60, 3), point(0, 9), { ...point(now - 30, 0) }];
    expect(chartSeries(points, 'usd', '1h', now).map((entry) => entry.value)).toEqual([3]);
    expect(chartSeries(points, 'usd', '1d', now).map((entry) => entry.value)).toEqual([2, 3]);
    expect(chartSeries(points, 'usd', '1w', now).map((entry) => entry.value)).toEqual([1, 2, 3]);
  });
});

describe('timeGrid', () => {
  it('spaces points by time: the price at the end of each bucket, carried to the end', () => {
    const trades = [
      { time: 1_000, value: 1 },
      { time: 1_003, value: 2 },
      { time: 1_020, value: 3 },
    ];
    const grid = timeGrid(trades, 1_030);
    expect(grid.step).toBe(1);
    expect(grid.points).toHaveLength(31);
    expect(grid.points[0]).toEqual({ time: 1_000, value: 1 });
    expect(grid.points[3]).toEqual({ time: 1_003, value: 2 });
    expect(grid.points[19]!.value).toBe(2);
    expect(grid.points[30]).toEqual({ time: 1_030, value: 3 });
  });

  it('widens the step so a long history stays a few hundred points, each a whole unit of its labels', () => {
    const grid = timeGrid(
      [
        { time: 0, value: 1 },
        { time: 86_400 * 3, value: 2 },
      ],
      86_400 * 3,
    );
    expect(grid.step).toBe(1_800);
    expect(grid.points.length).toBeLessThanOrEqual(240);
    expect(new Set(grid.points.map((point) => timeTickLabel(point.time, grid))).size).toBe(grid.points.length);
  });

  it('labels every point of a grid differently, down to the second when the grid needs it', () => {
    const fine = timeGrid(
      [
        { time: 1_764_300_000, value: 1 },
        { time: 1_764_300_090, value: 2 },
      ],
      1_764_300_090,
    );
    expect(timeTickLabel(fine.points[1]!.time, fine)).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(timeTickLabel(1_764_300_000, fine)).toBe('03:20');
    expect(new Set(fine.points.map((point) => timeTickLabel(point.time, fine))).size).toBe(fine.points.length);
    expect(timeTickLabel(1_764_300_000, { step: 86_400, span: 30 * 86_400 })).toBe('Nov 28');
    expect(legendTime(1_764_300_005, 1)).toBe('2025-11-28 03:20:05');
    expect(legendTime(1_764_300_005, 60)).toBe('2025-11-28 03:20');
  });
});

describe('priceAxis', () => {
  it('steps by about a tenth of the range, with the decimals that step needs', () => {
    expect(priceAxis([1.2, 1.25, 1.3])).toMatchObject({ minMove: 0.01, fractionDigits: 2 });
    expect(priceAxis([0.0001234, 0.0001301])).toMatchObject({ minMove: 1e-7, fractionDigits: 7 });
    expect(priceAxis([1_000, 5_000])).toMatchObject({ minMove: 100, fractionDigits: 0 });
  });

  it('gives a flat price a range around it to label', () => {
    const axis = priceAxis([2, 2, 2]);
    expect(axis.low).toBeCloseTo(1.98);
    expect(axis.high).toBeCloseTo(2.02);
    expect(axis.minMove).toBeCloseTo(0.001);
  });
});
