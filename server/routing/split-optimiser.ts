/**
 * The split of an input across paths that maximises the total output net of each leg's gas.
 *
 * Method: greedy marginal allocation. The input is cut into CHUNKS equal parts; each part goes to the path
 * whose output grows most from it (the path's output at its new allocation minus at its current one; for a
 * path with nothing yet, its best output per chunk net of the leg's gas over the 1 to 32 chunks it may take,
 * so a leg that pays for its gas only over several chunks still opens, and legs that end up not paying for it
 * are closed again). Every path's output is concave in its input (each pool's
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

/** Forced first legs tried besides the plain greedy run (see optimiseSplit). */
const SEEDS = 6;

/**
 * `legGas(path)` is the gas of a leg through `path`, in raw units of tokenOut; `paths` come best first.
 *
 * Pool-disjointness makes the greedy order matter: the path that wins the first part (the best price for a
 * tiny amount, often a long path through the cheapest pools) locks its pools, which may shut out a better
 * path for the whole amount through one of them. So the greedy runs again with each of the first SEEDS
 * paths forced to open first, and the best allocation net of gas wins. A run prices a path only when its
 * own allocation changes (legs share no pool, so one leg's output does not depend on the others'), and a
 * path is shut out once, when a leg through one of its pools opens: every path can take part at the cost
 * of about CHUNKS + paths evaluations per run.
 */
export function optimiseSplit(paths: readonly PoolPath[], amountIn: number, legGas: (path: PoolPath) => number): Split {
  const part = amountIn / TOTAL_PARTS;
  const gas = paths.map(legGas);
  const setup: GreedySetup = {
    paths,
    part,
    gas,
    firstChunk: paths.map((path) => pathOut(path, REFINE_PARTS * part)),
    opening: paths.map((path, i) => openingGain(path, REFINE_PARTS * part, gas[i]!)),
    sharing: pathsSharingPools(paths),
  };
  let best: { parts: number[]; outs: number[]; net: number } | undefined;
  for (let seed = -1; seed < Math.min(SEEDS, paths.length); seed++) {
    const run = greedy(setup, seed);
    refine(paths, run.parts, run.outs, part);
    closeUnpaidLegs(paths, run.parts, run.outs, part, gas);
    const net = run.outs.reduce((sum, out, i) => sum + (run.parts[i]! > 0 ? out - setup.gas[i]! : 0), 0);
    if (!best || net > best.net) best = { ...run, net };
  }
  const { parts, outs } = best!;
  const chosen = paths.flatMap((path, i) => (parts[i]! > 0 ? [{ path, parts: parts[i]! }] : []));
  return { legs: chosen.sort((a, b) => b.parts - a.parts), amountOut: outs.reduce((sum, out, i) => sum + (parts[i]! > 0 ? out : 0), 0) };
}

interface GreedySetup {
  paths: readonly PoolPath[];
  part: number;
  gas: readonly number[];
  /** Each path's output for one chunk. */
  firstChunk: readonly number[];
  /** What opening each path pays per chunk, net of its gas, over the number of chunks it pays best for. */
  opening: readonly number[];
  /** For each path, the paths sharing a pool with it (itself included). */
  sharing: readonly number[][];
}

/** Chunk counts a new leg is weighed over: its gas is paid once, by all the chunks it will take. */
const OPENING_CHUNKS = [1, 2, 4, 8, 16, 32];

/** The best output per chunk, net of the leg's gas, of a path opened with 1, 2, 4 … 32 chunks. */
function openingGain(path: PoolPath, chunk: number, gas: number): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const chunks of OPENING_CHUNKS) {
    const out = pathOut(path, chunks * chunk);
    if (!Number.isFinite(out)) break;
    best = Math.max(best, (out - gas) / chunks);
  }
  return best;
}

function pathsSharingPools(paths: readonly PoolPath[]): number[][] {
  const byPool = new Map<string, number[]>();
  paths.forEach((path, i) => {
    for (const hop of path.hops) {
      const key = poolKey(hop.pool);
      byPool.set(key, [...(byPool.get(key) ?? []), i]);
    }
  });
  return paths.map((path) => [...new Set(path.hops.flatMap((hop) => byPool.get(poolKey(hop.pool))!))]);
}

/** Greedy marginal allocation of CHUNKS parts; `seed` (when ≥ 0) gets the first part whatever it pays. */
function greedy({ paths, part, opening, firstChunk, sharing }: GreedySetup, seed: number) {
  const parts = new Array<number>(paths.length).fill(0);
  const outs = new Array<number>(paths.length).fill(0);
  // Output of each path with one more chunk than it has: recomputed only when its own allocation changes.
  const next = [...firstChunk];
  const shut = new Array<boolean>(paths.length).fill(false);
  let legs = 0;
  const give = (i: number) => {
    if (parts[i] === 0) {
      legs++;
      for (const other of sharing[i]!) if (other !== i) shut[other] = true;
    }
    parts[i]! += REFINE_PARTS;
    outs[i] = next[i]!;
    next[i] = pathOut(paths[i]!, (parts[i]! + REFINE_PARTS) * part);
  };
  const openingGains = opening;
  let chunk = 0;
  if (seed >= 0 && Number.isFinite(next[seed]!)) {
    give(seed);
    chunk++;
  }
  for (; chunk < CHUNKS; chunk++) {
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < paths.length; i++) {
      const opening = parts[i] === 0;
      if (opening && (shut[i] || legs >= MAX_LEGS)) continue;
      const gain = opening ? openingGains[i]! : next[i]! - outs[i]!;
      if (best < 0 || gain > bestGain) [best, bestGain] = [i, gain];
    }
    if (best < 0 || !Number.isFinite(bestGain)) break;
    give(best);
  }
  return { parts, outs };
}

/**
 * Closes legs whose output does not pay for their gas: a leg opened for the chunks it was expected to take may
 * end with fewer. Smallest first, each leg's parts go one at a time to the open leg gaining most from them;
 * the move stands when the others' added output plus the gas saved beats what the leg paid.
 */
function closeUnpaidLegs(paths: readonly PoolPath[], parts: number[], outs: number[], part: number, gas: readonly number[]): void {
  const open = () => parts.flatMap((count, i) => (count > 0 ? [i] : []));
  for (const leg of open().sort((a, b) => outs[a]! - outs[b]!)) {
    const others = open().filter((i) => i !== leg);
    if (others.length === 0) return;
    const trialParts = new Map(others.map((i) => [i, parts[i]!]));
    const trialOuts = new Map(others.map((i) => [i, outs[i]!]));
    for (let moved = 0; moved < parts[leg]!; moved++) {
      let taker = -1;
      let takerOut = 0;
      for (const i of others) {
        const more = pathOut(paths[i]!, (trialParts.get(i)! + 1) * part);
        if (taker < 0 || more - trialOuts.get(i)! > takerOut - trialOuts.get(taker)!) [taker, takerOut] = [i, more];
      }
      trialParts.set(taker, trialParts.get(taker)! + 1);
      trialOuts.set(taker, takerOut);
    }
    const added = others.reduce((sum, i) => sum + trialOuts.get(i)! - outs[i]!, 0);
    if (!(added + gas[leg]! > outs[leg]!)) continue;
    for (const i of others) [parts[i], outs[i]] = [trialParts.get(i)!, trialOuts.get(i)!];
    parts[leg] = 0;
    outs[leg] = 0;
  }
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
