/**
 * Tick and price math for seeding concentrated-liquidity pools (Uniswap V3 and V4, PancakeSwap V3): the
 * starting sqrt price from two amounts, the ticks of a full-range or ±x % position aligned to the pool's
 * spacing, and the liquidity a position gets from the amounts it may take (Uniswap's LiquidityAmounts).
 *
 * Tick prices are computed in floating point: a position's bounds and liquidity only need to be close (the
 * pool's own math decides what it pulls), while the starting price, which every quote depends on, is exact.
 */
export const Q96 = 1n << 96n;
export const MIN_TICK = -887272;
export const MAX_TICK = 887272;

export interface TickRange {
  tickLower: number;
  tickUpper: number;
}

/** A concentrated position: its ticks and liquidity, and what the seeding pays for it at most. */
export interface Position extends TickRange {
  liquidity: bigint;
}

export function bigintSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  // Newton's method from a power of two above the root: decreases monotonically to floor(sqrt(value)).
  let x = 1n << (BigInt(value.toString(2).length) / 2n + 1n);
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** Uniswap V3 price encoding: sqrt(amount1 / amount0) in Q64.96. */
export function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return bigintSqrt((amount1 << 192n) / amount0);
}

/** sqrt(1.0001^tick) in Q64.96 (close to TickMath.getSqrtRatioAtTick). */
export function sqrtPriceAtTick(tick: number): bigint {
  return BigInt(Math.round(Math.sqrt(1.0001 ** tick) * 2 ** 96));
}

/** The tick whose price is at or below `sqrtPrice`. */
export function tickAtSqrtPrice(sqrtPrice: bigint): number {
  const ratio = Number(sqrtPrice) / 2 ** 96;
  return Math.floor(Math.log(ratio * ratio) / Math.log(1.0001));
}

/** The widest range a pool of this spacing allows. */
export function fullRangeTicks(tickSpacing: number): TickRange {
  const upper = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;
  return { tickLower: -upper, tickUpper: upper };
}

/**
 * The ticks around `sqrtPrice` covering prices from (1 - pct %) to (1 + pct %) of it, widened outwards to
 * the spacing (so the position always holds the price strictly inside).
 */
export function rangeTicks(sqrtPrice: bigint, tickSpacing: number, pct: number): TickRange {
  const tick = tickAtSqrtPrice(sqrtPrice);
  const logBase = Math.log(1.0001);
  const lower = tick + Math.log(1 - pct / 100) / logBase;
  const upper = tick + Math.log(1 + pct / 100) / logBase;
  const full = fullRangeTicks(tickSpacing);
  return {
    tickLower: Math.max(full.tickLower, Math.min(Math.floor(lower / tickSpacing), Math.floor(tick / tickSpacing)) * tickSpacing),
    tickUpper: Math.min(full.tickUpper, Math.max(Math.ceil(upper / tickSpacing), Math.floor(tick / tickSpacing) + 1) * tickSpacing),
  };
}

/**
 * The most liquidity a position of `range` can hold at `sqrtPrice` paying at most `amount0` and `amount1`
 * (LiquidityAmounts.getLiquidityForAmounts, with the price inside the range).
 */
export function liquidityForAmounts(sqrtPrice: bigint, range: TickRange, amount0: bigint, amount1: bigint): bigint {
  const sqrtLower = sqrtPriceAtTick(range.tickLower);
  const sqrtUpper = sqrtPriceAtTick(range.tickUpper);
  if (sqrtPrice <= sqrtLower || sqrtPrice >= sqrtUpper) throw new Error('the price is outside the position');
  // amount0 = L * (sqrtUpper - sqrtPrice) / (sqrtPrice * sqrtUpper); amount1 = L * (sqrtPrice - sqrtLower).
  const fromAmount0 = (amount0 * ((sqrtPrice * sqrtUpper) / Q96)) / (sqrtUpper - sqrtPrice);
  const fromAmount1 = (amount1 * Q96) / (sqrtPrice - sqrtLower);
  return fromAmount0 < fromAmount1 ? fromAmount0 : fromAmount1;
}

/** A full-range position (no `rangePct`) or a ±rangePct % one, holding at most the two amounts. */
export function positionFor(sqrtPrice: bigint, tickSpacing: number, amount0: bigint, amount1: bigint, rangePct?: number): Position {
  const range = rangePct === undefined ? fullRangeTicks(tickSpacing) : rangeTicks(sqrtPrice, tickSpacing, rangePct);
  // A hair under the maximum, so rounding in the pool's favour never asks for more than the amounts.
  const liquidity = (liquidityForAmounts(sqrtPrice, range, amount0, amount1) * 999_999n) / 1_000_000n;
  return { ...range, liquidity };
}
