/**
 * The split of an input across paths that maximises the total output net of each leg's gas.
 *
 * Method: greedy marginal allocation. The input is cut into CHUNKS equal parts; each part goes to the path
 * whose output grows most from it (the path's output at its new allocation minus at its current one, less
 * the leg's gas when the path has nothing yet). Every path's output is concave in its input (each pool's
 * is, and so is a chain of them), so giving each part to the best marginal path equalises the marginal
 * prices of the legs in use: the optimality condition of the split, reached here to within one part. A
 * refinement pass then moves quarter parts between legs while that pays, which shrinks the remaining error
 * by the same factor. Legs are pool-disjoint (a path that shares a pool with a leg in use is not opened),
 * so each leg's output is its own and the Router's legs, run one after another, pay what the math says.
 */
import { pathOut, poolKey, type PoolPath } from './route-graph';

export const CHUNKS = 100;
const REFINE_PARTS = 4;
/** The Router's limit on legs per route. */
export const MAX_LEGS = 6;

export interface SplitLeg {
  path: PoolPath;
  /** Parts of the input in 1/(CHUNKS·REFINE_PARTS). */
  parts: number;
}

export interface Split {
  legs: SplitLeg[];
  /** Estimated output (float, raw units of tokenOut), before gas. */
  amountOut: number;
}

export const TOTAL_PARTS = CHUNKS * REFINE_PARTS;

/**
 * `legGas(path)` is the gas of a leg through `path`, in raw units of tokenOut. Paths should be the few best
 * candidates (their count times CHUNKS path evaluations are made).
 */
export function optimiseSplit(paths: readonly PoolPath[], amountIn: number, legGas: (path: PoolPath) => number): Split {
  const part = amountIn / TOTAL_PARTS;
  const parts = new Array<number>(paths.length).fill(0);
  const outs = new Array<number>(paths.length).fill(0);
  const pools = paths.map((path) => path.hops.map((hop) => poolKey(hop.pool)));
  const used = new Set<string>();
  let legs = 0;
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    let best = -1;
    let bestGain = 0;
    let bestOut = 0;
    for (let i = 0; i < paths.length; i++) {
      const opening = parts[i] === 0;
      if (opening && (legs >= MAX_LEGS || pools[i]!.some((key) => used.has(key)))) continue;
      const out = pathOut(paths[i]!, (parts[i]! + REFINE_PARTS) * part);
      const gain = out - outs[i]! - (opening ? legGas(paths[i]!) : 0);
      if (best < 0 || gain > bestGain) {
        best = i;
        bestGain = gain;
        bestOut = out;
      }
    }
    if (best < 0) break;
    if (parts[best] === 0) {
      legs++;
      for (const key of pools[best]!) used.add(key);
    }
    parts[best]! += REFINE_PARTS;
    outs[best] = bestOut;
  }
  refine(paths, parts, outs, part);
  const chosen = paths.flatMap((path, i) => (parts[i]! > 0 ? [{ path, parts: parts[i]! }] : []));
  return { legs: chosen.sort((a, b) => b.parts - a.parts), amountOut: outs.reduce((sum, out) => sum + out, 0) };
}

/** Moves one part at a time from the leg losing least to the leg gaining most, while the total grows. */
function refine(paths: readonly PoolPath[], parts: number[], outs: number[], part: number): void {
  const open = parts.flatMap((count, i) => (count > 0 ? [i] : []));
  if (open.length < 2) return;
  for (let step = 0; step < TOTAL_PARTS; step++) {
    let giver = -1;
    let giverLoss = Infinity;
    let giverOut = 0;
    for (const i of open) {
      if (parts[i]! <= 1) continue;
      const out = pathOut(paths[i]!, (parts[i]! - 1) * part);
      if (outs[i]! - out < giverLoss) [giver, giverLoss, giverOut] = [i, outs[i]! - out, out];
    }
    let taker = -1;
    let takerGain = -Infinity;
    let takerOut = 0;
    for (const i of open) {
      if (i === giver) continue;
      const more = pathOut(paths[i]!, (parts[i]! + 1) * part);
      if (more - outs[i]! > takerGain) [taker, takerGain, takerOut] = [i, more - outs[i]!, more];
    }
    if (giver < 0 || taker < 0 || takerGain <= giverLoss) return;
    parts[giver]!--;
    parts[taker]!++;
    outs[giver] = giverOut;
    outs[taker] = takerOut;
  }
}
