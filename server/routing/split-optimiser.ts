/**
 * The split of an input across paths that maximises the total output net of each leg's gas.
 *
 * Method: greedy marginal allocation over pool loads (pool-loads.ts). The input is cut into CHUNKS equal parts;
 * each part goes to the path whose output grows most from it, priced on top of what the legs already put
 * through each pool (legs may share pools, in the direction they all swap them), or, for a path with nothing
 * yet, its best output per chunk net of the leg's gas over the 1 to 32 chunks it may take, so a leg that pays
 * for its gas only over several chunks still opens. Pool outputs are concave in their loads, so giving each
 * part to the best marginal path equalises the marginal prices of the legs in use: the optimality condition of
 * the split, reached here to within one part. A refinement pass then moves quarter parts between legs while
 * that pays, and legs that end up not paying for their gas are closed.
 *
 * Loads only grow during the greedy pass, so a path's marginal output only shrinks: a path's last computed gain
 * is a bound until a pool on it changes, and only the best bounded path is priced again (lazy greedy).
 */
import { pathTopology, PoolLoads, type PathTopology } from './pool-loads';
import type { PoolPath } from './route-graph';

export const CHUNKS = 200;
const REFINE_PARTS = 4;
/** The Router's limit on legs per route. */
export const MAX_LEGS = 24;

export interface SplitLeg {
  path: PoolPath;
  /** Parts of the input in 1/(CHUNKS·REFINE_PARTS). */
  parts: number;
  /** The leg's estimated output (float, raw units of tokenOut). */
  out: number;
}

export interface Split {
  legs: SplitLeg[];
  /** Estimated output (float, raw units of tokenOut), before gas. */
  amountOut: number;
}

export const TOTAL_PARTS = CHUNKS * REFINE_PARTS;

/** Forced first legs tried besides the plain greedy run (see optimiseSplit). */
const SEEDS = 6;

/** Chunk counts a new leg is weighed over: its gas is paid once, by all the chunks it will take. */
const OPENING_CHUNKS = [1, 2, 4, 8, 16, 32];

interface Setup {
  topology: PathTopology;
  part: number;
  gas: readonly number[];
  /** Each path's opening gain with no load anywhere (the first bound of every run). */
  opening: readonly number[];
}

/**
 * `legGas(path)` is the gas of a leg through `path`, in raw units of tokenOut; `paths` come best first.
 *
 * The greedy order matters: the path that wins the first part (the best price for a tiny amount, often a long
 * path through the cheapest pools) may end as a leg that does not pay for its gas at the whole amount. So the
 * greedy runs again with each of the first SEEDS paths forced to open first, the best allocation net of gas
 * wins, and each of its legs is tried closed.
 */
export function optimiseSplit(paths: readonly PoolPath[], amountIn: number, legGas: (path: PoolPath) => number): Split {
  const part = amountIn / TOTAL_PARTS;
  const topology = pathTopology(paths);
  const gas = paths.map(legGas);
  const empty = new PoolLoads(topology, part);
  const setup: Setup = { topology, part, gas, opening: paths.map((_, i) => openingGain(empty, i, gas[i]!)) };
  let best: PoolLoads | undefined;
  for (let seed = -1; seed < Math.min(SEEDS, paths.length); seed++) {
    const run = refined(greedy(setup, seed, new Set()));
    if (!best || run.net(gas) > best.net(gas)) best = run;
  }
  const chosen = closeUnpaidLegs(setup, best!);
  const legs = chosen.open().map((i) => ({ path: paths[i]!, parts: chosen.parts[i]!, out: chosen.outs[i]! }));
  return { legs: legs.sort((a, b) => b.parts - a.parts), amountOut: legs.reduce((sum, leg) => sum + leg.out, 0) };
}

/** The best output per chunk, net of the leg's gas, of a path opened with 1, 2, 4 … 32 chunks on these loads. */
function openingGain(loads: PoolLoads, path: number, gas: number): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const chunks of OPENING_CHUNKS) {
    const out = loads.priceChange(path, chunks * REFINE_PARTS);
    if (!Number.isFinite(out)) break;
    best = Math.max(best, (out - gas) / chunks);
  }
  return best;
}

/** Greedy marginal allocation of CHUNKS parts; `seed` (when ≥ 0) gets the first part whatever it pays. */
function greedy({ topology, gas, opening, part }: Setup, seed: number, excluded: ReadonlySet<number>): PoolLoads {
  const loads = new PoolLoads(topology, part);
  const bound = [...opening];
  const computedAt = new Array<number>(bound.length).fill(0);
  const changedAt = new Array<number>(topology.opposite.length).fill(0);
  let clock = 0;
  const give = (path: number) => {
    loads.change(path, REFINE_PARTS);
    clock++;
    for (const id of topology.directions[path]!) changedAt[id] = clock;
  };
  const fresh = (path: number) => topology.directions[path]!.every((id) => changedAt[id]! <= computedAt[path]!);
  const eligible = (path: number) => !excluded.has(path) && (loads.parts[path]! > 0 || (loads.openLegs < MAX_LEGS && loads.allows(path)));
  let chunk = 0;
  if (seed >= 0 && !excluded.has(seed) && Number.isFinite(loads.priceChange(seed, REFINE_PARTS))) {
    give(seed);
    chunk++;
  }
  while (chunk < CHUNKS) {
    const path = bestBound(bound, eligible);
    if (path < 0 || !Number.isFinite(bound[path]!)) break;
    if (!fresh(path)) {
      bound[path] = loads.parts[path]! > 0 ? loads.priceChange(path, REFINE_PARTS) : openingGain(loads, path, gas[path]!);
      computedAt[path] = clock;
      continue;
    }
    give(path);
    chunk++;
  }
  return loads;
}

function bestBound(bound: readonly number[], eligible: (path: number) => boolean): number {
  let best = -1;
  for (let i = 0; i < bound.length; i++) {
    if ((best < 0 || bound[i]! > bound[best]!) && eligible(i)) best = i;
  }
  return best;
}

/** Moves one part at a time from the leg losing least to the leg gaining most, while the total grows. */
function refined(loads: PoolLoads): PoolLoads {
  const open = loads.open();
  if (open.length < 2) return loads;
  for (let step = 0; step < TOTAL_PARTS; step++) {
    let giver = -1;
    let giverLoss = Infinity;
    for (const i of open) {
      if (loads.parts[i]! <= 1) continue;
      const loss = -loads.priceChange(i, -1);
      if (loss < giverLoss) [giver, giverLoss] = [i, loss];
    }
    let taker = -1;
    let takerGain = -Infinity;
    for (const i of open) {
      if (i === giver) continue;
      const gain = loads.priceChange(i, 1);
      if (gain > takerGain) [taker, takerGain] = [i, gain];
    }
    if (giver < 0 || taker < 0 || !(takerGain > giverLoss)) break;
    loads.change(giver, -1);
    if (!Number.isFinite(loads.priceChange(taker, 1))) {
      loads.change(giver, 1);
      break;
    }
    loads.change(taker, 1);
  }
  return loads;
}

/**
 * Closes legs whose output does not pay for their gas: a leg opened for the chunks it was expected to take may
 * end with fewer. Smallest first, each leg is left out of a fresh allocation, which stands when its output net
 * of gas beats the one with the leg.
 */
function closeUnpaidLegs(setup: Setup, loads: PoolLoads): PoolLoads {
  let best = loads;
  const excluded = new Set<number>();
  for (const leg of loads.open().sort((a, b) => loads.outs[a]! - loads.outs[b]!)) {
    if (best.openLegs < 2) break;
    excluded.add(leg);
    const trial = refined(greedy(setup, -1, excluded));
    if (trial.net(setup.gas) > best.net(setup.gas)) best = trial;
    else excluded.delete(leg);
  }
  return best;
}
