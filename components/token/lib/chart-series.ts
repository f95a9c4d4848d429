/**
 * The price chart's data: trade prices in the chosen unit, one per second (the chart's time scale needs
 * strictly increasing times; several trades in one second keep the last), cut to the chosen time range.
 */
export interface HistoryPoint {
  block: number;
  /** Unix seconds. */
  time: number;
  priceNative: number;
  priceUsd: number;
}

export type ChartUnit = 'usd' | 'native';
export type ChartRange = '1h' | '1d' | '1w' | 'all';

export const CHART_RANGES: readonly { id: ChartRange; label: string; seconds?: number }[] = [
  { id: '1h', label: '1H', seconds: 3_600 },
  { id: '1d', label: '1D', seconds: 86_400 },
  { id: '1w', label: '1W', seconds: 604_800 },
  { id: 'all', label: 'All' },
];

export interface SeriesPoint {
  time: number;
  value: number;
}

export function chartSeries(points: readonly HistoryPoint[], unit: ChartUnit, range: ChartRange, nowSeconds: number): SeriesPoint[] {
  const seconds = CHART_RANGES.find((entry) => entry.id === range)?.seconds;
  const from = seconds === undefined ? -Infinity : nowSeconds - seconds;
  const bySecond = new Map<number, number>();
  for (const point of points) {
    const value = unit === 'usd' ? point.priceUsd : point.priceNative;
    if (point.time > 0 && point.time >= from && Number.isFinite(value) && value > 0) bySecond.set(point.time, value);
  }
  return [...bySecond].map(([time, value]) => ({ time, value })).sort((a, b) => a.time - b.time);
}
