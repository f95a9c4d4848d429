/**
 * Concentrated-liquidity pricing (Uniswap V3 whitepaper, section 6): between two initialized ticks the
 * pool behaves like a constant-product pool of liquidity L on sqrt prices, so an input moves sqrt(P) by
 *   token0 in:  1/√P' = 1/√P + Δx/L,  out Δy = L·(√P − √P')
 *   token1 in:   √P' = √P + Δy/L,    out Δx = L·(1/√P − 1/√P')
 * and crossing a tick adds (going up) or removes (going down) that tick's net liquidity. The fee is taken
 * from the input before it moves the price.
 */
import { MAX_TICK, MIN_TICK, type ConcentratedState } from './pool-state';

const PIPS = 1_000_000;

export const sqrtPriceAtTick = (tick: number) => Math.pow(1.0001, tick / 2);

/** The next initialized tick the price meets moving down (≤ current) or up (> current), else the read bound. */
function nextTick(state: ConcentratedState, from: number, down: boolean, index: number): { tick: number; net: number; index: number; known: boolean } {
  const ticks = state.ticks;
  if (down) {
    for (let i = index; i >= 0; i--) if (ticks[i]!.tick <= from) return { tick: ticks[i]!.tick, net: ticks[i]!.liquidityNet, index: i, known: true };
    return { tick: MIN_TICK, net: 0, index: -1, known: false };
  }
  for (let i = index; i < ticks.length; i++) if (ticks[i]!.tick > from) return { tick: ticks[i]!.tick, net: ticks[i]!.liquidityNet, index: i, known: true };
  return { tick: MAX_TICK, net: 0, index: ticks.length, known: false };
}

export function concentratedOut(state: ConcentratedState, amountIn: number, zeroForOne: boolean): number {
  if (amountIn <= 0) return 0;
  let remaining = amountIn * (1 - state.fee / PIPS);
  let sqrtP = state.sqrtPrice;
  let liquidity = state.liquidity;
  let out = 0;
  let tick = state.tick;
  let index = zeroForOne ? state.ticks.length - 1 : 0;
  for (let steps = 0; remaining > 0 && steps < 512; steps++) {
    const next = nextTick(state, zeroForOne ? tick : tick, zeroForOne, index);
    const sqrtTarget = sqrtPriceAtTick(next.tick);
    if (liquidity > 0) {
      const capacity = zeroForOne ? liquidity * (1 / sqrtTarget - 1 / sqrtP) : liquidity * (sqrtTarget - sqrtP);
      if (remaining < capacity) {
        const sqrtNew = zeroForOne ? 1 / (1 / sqrtP + remaining / liquidity) : sqrtP + remaining / liquidity;
        out += zeroForOne ? liquidity * (sqrtP - sqrtNew) : liquidity * (1 / sqrtP - 1 / sqrtNew);
        return out;
      }
      out += zeroForOne ? liquidity * (sqrtP - sqrtTarget) : liquidity * (1 / sqrtP - 1 / sqrtTarget);
      remaining -= capacity;
    }
    // Out of liquidity with no initialized tick left to reach: the pool cannot take the rest of the input
    // (on chain the swap walks to the price limit and pays for part of it), so the amount is infeasible.
    if (!next.known) return liquidity > 0 ? out : Number.NEGATIVE_INFINITY;
    sqrtP = sqrtTarget;
    liquidity += zeroForOne ? -next.net : next.net;
    tick = zeroForOne ? next.tick - 1 : next.tick;
    index = zeroForOne ? next.index - 1 : next.index + 1;
  }
  return out;
}

/**
 * The most input the pool can take in this direction (fee included): the walk of concentratedOut up to where
 * the liquidity ends with no initialized tick beyond; Infinity when it never ends (the read range's edge is
 * met with liquidity left, or the ticks reach the price bounds).
 */
export function concentratedCapacity(state: ConcentratedState, zeroForOne: boolean): number {
  let total = 0;
  let sqrtP = state.sqrtPrice;
  let liquidity = state.liquidity;
  let tick = state.tick;
  let index = zeroForOne ? state.ticks.length - 1 : 0;
  for (let steps = 0; steps < 512; steps++) {
    const next = nextTick(state, tick, zeroForOne, index);
    const sqrtTarget = sqrtPriceAtTick(next.tick);
    if (liquidity > 0) total += zeroForOne ? liquidity * (1 / sqrtTarget - 1 / sqrtP) : liquidity * (sqrtTarget - sqrtP);
    if (!next.known) return liquidity > 0 ? Number.POSITIVE_INFINITY : total / (1 - state.fee / PIPS);
    sqrtP = sqrtTarget;
    liquidity += zeroForOne ? -next.net : next.net;
    tick = zeroForOne ? next.tick - 1 : next.tick;
    index = zeroForOne ? next.index - 1 : next.index + 1;
  }
  return Number.POSITIVE_INFINITY;
}

/** Output per unit of input for an infinitesimal trade, fee included. */
export function concentratedSpot(state: ConcentratedState, zeroForOne: boolean): number {
  if (state.liquidity <= 0) return 0;
  const price = state.sqrtPrice * state.sqrtPrice;
  return (zeroForOne ? price : 1 / price) * (1 - state.fee / PIPS);
}
