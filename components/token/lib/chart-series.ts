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

/** Bucket widths the time axis is cut into, in seconds: each a whole number of the unit its labels show. */
const GRID_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800];
/** At most this many buckets: enough to follow the price, few enough to draw at once. */
const MAX_BUCKETS = 240;

/** The price on a regular time grid: points spaced by time, so the axis reads as a clock does. */
export interface TimeGrid {
  /** Seconds between points. */
  step: number;
  /** Seconds from the first point to the last. */
  span: number;
  points: SeriesPoint[];
}

/**
 * Trades (oldest first) as the price at the end of each `step`-second bucket from the first trade to `end`
 * (now, so a quiet market shows as a flat line up to the present). The chart's time axis spaces points
 * evenly, one per data point: on this grid that is evenly in time, where trades alone would be spaced by count.
 */
export function timeGrid(trades: readonly SeriesPoint[], end: number): TimeGrid {
  const first = trades[0];
  const last = trades[trades.length - 1];
  if (!first || !last) return { step: 1, span: 0, points: [] };
  const until = Math.max(end, last.time);
  const step = GRID_STEPS.find((candidate) => (until - first.time) / candidate <= MAX_BUCKETS) ?? GRID_STEPS[GRID_STEPS.length - 1]!;
  const start = Math.floor(first.time / step) * step;
  const points: SeriesPoint[] = [];
  let next = 0;
  let value = first.value;
  for (let time = start; time <= until; time += step) {
    while (next < trades.length && trades[next]!.time < time + step) value = trades[next++]!.value;
    points.push({ time, value });
  }
  return { step, span: points[points.length - 1]!.time - start, points };
}

const dayLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/**
 * A time-axis label (UTC) precise to the grid's step, so two points of the grid never share a label: seconds
 * below a minute's step (but not on a whole minute), the day when the grid spans more than one, the day alone
 * from a day's step.
 */
export function timeTickLabel(seconds: number, grid: Pick<TimeGrid, 'step' | 'span'>): string {
  const date = new Date(seconds * 1000);
  const day = dayLabel.format(date);
  if (grid.step >= 86_400) return day;
  const clock = date.toISOString().slice(11, grid.step < 60 && seconds % 60 !== 0 ? 19 : 16);
  return grid.span >= 86_400 ? `${day} ${clock}` : clock;
}

/** A point's time as the legend names it (UTC), with seconds when the grid is finer than a minute. */
export function legendTime(seconds: number, step: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .slice(0, step < 60 ? 19 : 16)
    .replace('T', ' ');
}

/** How the price axis counts: its smallest step, the decimals its labels need, and the range it shows. */
export interface PriceAxis {
  minMove: number;
  fractionDigits: number;
  low: number;
  high: number;
}

/**
 * The price axis for `values`: a smallest step of about a tenth of the range (a power of ten), so the axis
 * can place several labels however small the prices, and labels with exactly the decimals that step needs,
 * so neighbouring labels never read the same. A flat price gets a range of ±1 % around it to label.
 */
export function priceAxis(values: readonly number[]): PriceAxis {
  if (values.length === 0) return { minMove: 1, fractionDigits: 0, low: 0, high: 1 };
  const top = Math.max(...values);
  const bottom = Math.min(...values);
  const flat = !(top - bottom > top * 1e-9);
  const low = flat ? bottom * 0.99 : bottom;
  const high = flat ? top * 1.01 : top;
  const exponent = Math.floor(Math.log10((high - low) / 10));
  return { minMove: 10 ** exponent, fractionDigits: Math.max(0, -exponent), low, high };
}
