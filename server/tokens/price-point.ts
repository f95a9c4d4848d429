/** One price of a token after a trade, as the token page's chart draws it. */
export interface PricePoint {
  block: number;
  /** Unix seconds. */
  time: number;
  priceNative: number;
  priceUsd: number;
}

/** Keeps at most `max` points, evenly spread, always with the last (the current price). */
export function thinPoints<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = points.length / max;
  const kept: T[] = [];
  for (let index = 0; index < max - 1; index++) kept.push(points[Math.floor(index * step)]!);
  kept.push(points[points.length - 1]!);
  return kept;
}

/**
 * The change over the last `windowSeconds` (24 h for the landing page), in percent: the latest price
 * against the last price at or before the window's start, or the first within it when the history starts
 * later. Undefined with fewer than two points.
 */
export function changePercent(
  points: readonly PricePoint[],
  nowSeconds: number,
  windowSeconds = 86_400,
  unit: 'priceUsd' | 'priceNative' = 'priceUsd',
): number | undefined {
  if (points.length < 2) return undefined;
  const start = nowSeconds - windowSeconds;
  const before = points.filter((point) => point.time <= start).at(-1) ?? points.find((point) => point.time > start);
  const last = points[points.length - 1]!;
  if (!before || before === last || before[unit] <= 0) return undefined;
  return ((last[unit] - before[unit]) / before[unit]) * 100;
}
