/**
 * The flow model behind the price benchmark's optimum, and the search over it; pure numbers, no chain.
 *
 * Each path carries part of the input. A pool in one direction (a "side") receives what its paths bring
 * to it, is priced once for that whole load on its sampled output curve, and its output goes back to the
 * paths in proportion to what each brought. So paths may share pools, at the price the pool gives for the
 * sum, as one swap per pool would execute them. An allocation is out of reach when it loads a pool in both
 * directions, when its pools depend on each other in a cycle, or when a load is past what a curve covers.
 *
 * The search is greedy: the input goes out in equal chunks (1/200 of it), each to the path whose extra
 * chunk adds most to the total output given the loads already there; then chunks move from one path to
 * another while a move adds to the total, first at the greedy's chunk, then at finer ones (1/1000, then
 * 1/5000 of the input): on the benchmark's large trades the first adds about 1e-4 of output, the second
 * up to 1.5e-5, and other starting chunks end within 1e-5 of the same figure.
 */

/** Sampled output of a side: `inputs` ascending from 0 (output 0); loads past the last input are out of reach. */
export interface OutputCurve {
  inputs: readonly number[];
  outputs: readonly number[];
}

export interface PoolSide {
  /** The pool's identity: the two sides of one pool share it. */
  pool: string;
  curve: OutputCurve;
}

export interface FlowProblem {
  sides: readonly PoolSide[];
  /** Each path as the sides it goes through, in order. */
  paths: readonly (readonly number[])[];
}

/** Output of the curve for `load` (linear between samples: the curves are concave, so this never overstates). */
export function curveOutput(curve: OutputCurve, load: number): number {
  const { inputs, outputs } = curve;
  if (load <= 0) return 0;
  const last = inputs.length - 1;
  if (load > inputs[last]!) return Number.NEGATIVE_INFINITY;
  let low = 0;
  let high = last;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (inputs[middle]! < load) low = middle;
    else high = middle;
  }
  const span = inputs[high]! - inputs[low]!;
  return outputs[low]! + ((outputs[high]! - outputs[low]!) * (load - inputs[low]!)) / span;
}

/** Which paths go through each side, and at which hop: the model's wiring, computed once per problem. */
interface Wiring {
  through: { path: number; hop: number }[][];
  poolIndex: number[];
  pools: number;
}

const wirings = new WeakMap<FlowProblem, Wiring>();

function wiringOf(problem: FlowProblem): Wiring {
  let wiring = wirings.get(problem);
  if (!wiring) {
    const poolIds = new Map<string, number>();
    const poolIndex = problem.sides.map((side) => poolIds.get(side.pool) ?? poolIds.set(side.pool, poolIds.size).get(side.pool)!);
    const through = problem.sides.map((): { path: number; hop: number }[] => []);
    problem.paths.forEach((sides, path) => sides.forEach((side, hop) => through[side]!.push({ path, hop })));
    wiring = { through, poolIndex, pools: poolIds.size };
    wirings.set(problem, wiring);
  }
  return wiring;
}

/**
 * The sides the allocation loads, in waves: every side of a wave has all its loads known once the waves
 * before it are priced. Undefined when the allocation uses a pool both ways or its sides form a cycle.
 */
export function sideWaves(problem: FlowProblem, flows: ArrayLike<number | bigint>): number[][] | undefined {
  const { through, poolIndex, pools } = wiringOf(problem);
  const active = (path: number) => flows[path]! > 0;
  const sideOfPool = new Int32Array(pools).fill(-1);
  const pending = new Set<number>();
  problem.paths.forEach((sides, path) => {
    if (active(path)) for (const side of sides) pending.add(side);
  });
  for (const side of pending) {
    const pool = poolIndex[side]!;
    if (sideOfPool[pool] !== -1 && sideOfPool[pool] !== side) return undefined;
    sideOfPool[pool] = side;
  }
  const position = new Int32Array(problem.paths.length);
  const waves: number[][] = [];
  while (pending.size > 0) {
    const wave = [...pending].filter((side) => through[side]!.every(({ path, hop }) => !active(path) || position[path] === hop));
    if (wave.length === 0) return undefined;
    for (const side of wave) {
      pending.delete(side);
      for (const { path } of through[side]!) position[path]! += 1;
    }
    waves.push(wave);
  }
  return waves;
}

/** The paths that go through `side` (whether or not they carry anything). */
export const pathsThrough = (problem: FlowProblem, side: number): number[] => wiringOf(problem).through[side]!.map(({ path }) => path);

/** Total output of the allocation (`flows[p]`: the input path p carries); -Infinity when out of reach. */
export function flowOutput(problem: FlowProblem, flows: ArrayLike<number>): number {
  const waves = sideWaves(problem, flows);
  if (!waves) return Number.NEGATIVE_INFINITY;
  const { through } = wiringOf(problem);
  const carried = Float64Array.from(flows);
  for (const wave of waves) {
    for (const side of wave) {
      let load = 0;
      for (const { path } of through[side]!) load += carried[path]!;
      const output = curveOutput(problem.sides[side]!.curve, load);
      if (output === Number.NEGATIVE_INFINITY) return output;
      const rate = load > 0 ? output / load : 0;
      for (const { path } of through[side]!) carried[path]! *= rate;
    }
  }
  let total = 0;
  problem.paths.forEach((_, path) => {
    if (flows[path]! > 0) total += carried[path]!;
  });
  return total;
}

/** Chunks per path, out of `parts` equal chunks of the input. */
export interface Allocation {
  parts: number;
  chunks: number[];
}

/**
 * An allocation being searched: chunk counts, and the flows they give, always recomputed from the counts
 * (never added up), so that a path given nothing back carries exactly 0 and loads no pool.
 */
class Search {
  readonly chunk: number;
  readonly chunks: number[];
  readonly flows: Float64Array;

  constructor(
    readonly problem: FlowProblem,
    amountIn: number,
    readonly parts: number,
    chunks?: readonly number[],
  ) {
    this.chunk = amountIn / parts;
    this.chunks = chunks ? [...chunks] : problem.paths.map(() => 0);
    this.flows = Float64Array.from(this.chunks, (count) => count * this.chunk);
  }

  /** Total output with `delta` more chunks on `path` (and `otherDelta` on `other`), the counts left as they are. */
  outputWith(path: number, delta: number, other = path, otherDelta = 0): number {
    this.flows[path] = (this.chunks[path]! + delta) * this.chunk;
    if (other !== path) this.flows[other] = (this.chunks[other]! + otherDelta) * this.chunk;
    const output = flowOutput(this.problem, this.flows);
    this.flows[path] = this.chunks[path]! * this.chunk;
    this.flows[other] = this.chunks[other]! * this.chunk;
    return output;
  }

  add(path: number, delta: number): void {
    this.chunks[path]! += delta;
    this.flows[path] = this.chunks[path]! * this.chunk;
  }

  output(): number {
    return flowOutput(this.problem, this.flows);
  }

  allocation(): Allocation {
    return { parts: this.parts, chunks: [...this.chunks] };
  }
}

/** Places `parts` chunks one at a time, each where it adds most; undefined when a chunk fits nowhere. */
export function greedyAllocation(problem: FlowProblem, amountIn: number, parts: number): Allocation | undefined {
  const search = new Search(problem, amountIn, parts);
  for (let placed = 0; placed < parts; placed++) {
    let best = -1;
    let bestOutput = Number.NEGATIVE_INFINITY;
    for (let path = 0; path < problem.paths.length; path++) {
      const output = search.outputWith(path, 1);
      if (output > bestOutput) [best, bestOutput] = [path, output];
    }
    if (best === -1) return undefined;
    search.add(best, 1);
  }
  return search.allocation();
}

/** Moves tried per round: the most promising by the sum of their one-sided gains. */
const MOVES_TRIED = 24;

/**
 * The best move of one chunk from a path that has one to another, among the MOVES_TRIED whose one-sided
 * estimates (gain of adding to the target, loss of taking from the source) look best. The estimates only
 * rank the moves: paths sharing a pool interact, so each tried move is priced whole.
 */
function bestMove(search: Search, current: number): { from: number; to: number; output: number } | undefined {
  const paths = search.problem.paths.map((_, path) => path);
  const gain = paths.map((path) => search.outputWith(path, 1) - current);
  const sources = paths.filter((path) => search.chunks[path]! > 0);
  const loss = new Map(sources.map((path) => [path, current - search.outputWith(path, -1)]));
  const targets = paths.filter((path) => gain[path]! > Number.NEGATIVE_INFINITY);
  const moves = sources.flatMap((from) => targets.filter((to) => to !== from).map((to) => ({ from, to, estimate: gain[to]! - loss.get(from)! })));
  moves.sort((a, b) => b.estimate - a.estimate);
  let best: { from: number; to: number; output: number } | undefined;
  for (const { from, to } of moves.slice(0, MOVES_TRIED)) {
    const output = search.outputWith(from, -1, to, 1);
    // A relative margin, so that rounding in the model cannot move chunks back and forth.
    if (output > (best?.output ?? current * (1 + 1e-12))) best = { from, to, output };
  }
  return best;
}

/** Moves chunks between paths while a move adds to the total output (at most `maxMoves` moves). */
export function exchangeImprove(problem: FlowProblem, amountIn: number, allocation: Allocation, maxMoves = 20 * allocation.parts): Allocation {
  const search = new Search(problem, amountIn, allocation.parts, allocation.chunks);
  let current = search.output();
  for (let moves = 0; moves < maxMoves; moves++) {
    const move = bestMove(search, current);
    if (!move) break;
    search.add(move.from, -1);
    search.add(move.to, 1);
    current = move.output;
  }
  return search.allocation();
}

/** The same allocation in `factor` times finer chunks. */
export const refineAllocation = (allocation: Allocation, factor: number): Allocation => ({
  parts: allocation.parts * factor,
  chunks: allocation.chunks.map((count) => count * factor),
});

/**
 * Greedy at `parts` chunks improved by exchange, then improved again at each finer chunk in turn (each
 * `refinements` factor finer than the last). Every stage's allocation is returned, coarsest first: the
 * caller prices them exactly and keeps the best, so a finer stage that the samples misled costs nothing.
 */
export function searchAllocations(problem: FlowProblem, amountIn: number, parts = 200, refinements: readonly number[] = [5, 5]): Allocation[] {
  const greedy = greedyAllocation(problem, amountIn, parts);
  if (!greedy) return [];
  const stages = [exchangeImprove(problem, amountIn, greedy)];
  for (const factor of refinements) stages.push(exchangeImprove(problem, amountIn, refineAllocation(stages.at(-1)!, factor)));
  return stages;
}

export const allocationOutput = (problem: FlowProblem, amountIn: number, allocation: Allocation) =>
  new Search(problem, amountIn, allocation.parts, allocation.chunks).output();
