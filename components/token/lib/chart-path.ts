/**
 * The price chart's geometry: points (time, value) scaled into a box, as an SVG line path and the area
 * under it. x follows time when the points have distinct times, else their order (a world whose blocks
 * share a timestamp still draws left to right).
 */
export interface ChartPoint {
  time: number;
  value: number;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Space kept above and below the line so its extremes are not cut by the frame. */
  padding: number;
}

export interface ChartGeometry {
  line: string;
  area: string;
  min: number;
  max: number;
  /** Where the last point sits, for its marker. */
  last: { x: number; y: number };
}

const round = (value: number) => Math.round(value * 100) / 100;

export function chartGeometry(points: readonly ChartPoint[], box: ChartBox): ChartGeometry | undefined {
  const usable = points.filter((point) => Number.isFinite(point.value));
  if (usable.length < 2) return undefined;
  const values = usable.map((point) => point.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const times = usable.map((point) => point.time);
  const byTime = new Set(times).size === usable.length && Math.max(...times) > Math.min(...times);
  const t0 = Math.min(...times);
  const tSpan = Math.max(...times) - t0;
  const x = (index: number) => round(byTime ? ((times[index]! - t0) / tSpan) * box.width : (index / (usable.length - 1)) * box.width);
  const inner = box.height - 2 * box.padding;
  // A flat price is drawn across the middle, not along an edge.
  const y = (value: number) => round(max === min ? box.height / 2 : box.padding + (1 - (value - min) / (max - min)) * inner);
  const coords = usable.map((point, index) => ({ x: x(index), y: y(point.value) }));
  const line = coords.map((point, index) => `${index ? 'L' : 'M'}${point.x},${point.y}`).join(' ');
  const first = coords[0]!;
  const last = coords[coords.length - 1]!;
  return { line, area: `${line} L${last.x},${box.height} L${first.x},${box.height} Z`, min, max, last };
}
