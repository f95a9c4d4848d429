/**
 * The tick a concentrated swap steps to next, as the pool finds it: TickBitmap.nextInitializedTickWithinOneWord
 * looks only within the bitmap word (256 spaced ticks) of the current tick, so a swap steps to the nearest
 * initialized tick in that word, else to the word's edge, and every such step rounds on its own. The bitmap is
 * known here as the reader listed it: every initialized tick within [lowestReadTick, highestReadTick].
 *
 * When the word reaches past the read range and no listed tick is met first, the pool's target is somewhere
 * beyond the range: the read bound stands in for it. A step that stops short of the bound is then the pool's
 * step exactly (it stopped short of the farther real target too, and where a step that stops short ends does
 * not depend on its target); a step that reaches the bound is not priceable. A price outside the read range
 * (ticks read before the price moved there) gives no step at all.
 */
import type { ExactConcentratedState, ExactTickLiquidity } from './exact-state';
import { MAX_TICK, MIN_TICK } from './tick-math';

export interface NextTick {
  /** The tick the step targets (already clamped to MIN_TICK/MAX_TICK, as the pool clamps it). */
  tick: number;
  /** An initialized tick: crossing it changes the liquidity by its net. */
  initialized: boolean;
  liquidityNet: bigint;
  /** The read bound, standing in for a target beyond the read range: reaching it is not priceable. */
  atReadBound: boolean;
}

/** Index of the last listed tick at or below `tick` (−1 when none). */
function lastAtOrBelow(ticks: readonly ExactTickLiquidity[], tick: number): number {
  let low = 0;
  let high = ticks.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ticks[middle]!.tick <= tick) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

const floorDiv = (a: number, b: number) => Math.floor(a / b);

/**
 * The step's target moving down (`zeroForOne`, lte) or up from the pool's current `tick`; undefined when the
 * ticks between the price and the target are not all known (the price is outside the read range).
 */
export function nextTickWithinOneWord(state: ExactConcentratedState, tick: number, zeroForOne: boolean): NextTick | undefined {
  const spacing = state.tickSpacing;
  const compressed = floorDiv(tick, spacing);
  const { ticks } = state;
  if (zeroForOne ? compressed * spacing > state.highestReadTick : (compressed + 1) * spacing < state.lowestReadTick) return undefined;
  if (zeroForOne) {
    const wordStart = floorDiv(compressed, 256) * 256 * spacing;
    const index = lastAtOrBelow(ticks, compressed * spacing);
    const listed = index >= 0 ? ticks[index]! : undefined;
    if (listed && listed.tick >= wordStart)
      return { tick: Math.max(listed.tick, MIN_TICK), initialized: true, liquidityNet: listed.liquidityNet, atReadBound: false };
    const edge = Math.max(wordStart, MIN_TICK);
    if (edge >= state.lowestReadTick) return { tick: edge, initialized: false, liquidityNet: 0n, atReadBound: false };
    return { tick: state.lowestReadTick, initialized: false, liquidityNet: 0n, atReadBound: true };
  }
  const next = compressed + 1;
  const wordEnd = (floorDiv(next, 256) * 256 + 255) * spacing;
  const index = lastAtOrBelow(ticks, next * spacing - 1) + 1;
  const listed = index < ticks.length ? ticks[index]! : undefined;
  if (listed && listed.tick <= wordEnd)
    return { tick: Math.min(listed.tick, MAX_TICK), initialized: true, liquidityNet: listed.liquidityNet, atReadBound: false };
  const edge = Math.min(wordEnd, MAX_TICK);
  if (edge <= state.highestReadTick) return { tick: edge, initialized: false, liquidityNet: 0n, atReadBound: false };
  return { tick: state.highestReadTick, initialized: false, liquidityNet: 0n, atReadBound: true };
}
