/**
 * An allocation of a trade's input over paths whose pools may be shared. Each pool, in the direction it is
 * swapped, carries the input every leg brought to it, and what it pays for all of it is the pool's output for
 * that total. A further amount on a path is priced on top of the loads already there: at each hop, what the
 * pool pays for its load plus the amount less what it paid before. That is what the Router's legs, run one
 * after another, get from a V3 or V4 pool (a swap in two parts pays what it pays in one), and a little more
 * than a V2 pair pays the second of two swaps (a few millionths of it: its fee is charged on each part). The
 * QuoteLens prices the chosen legs exactly, in the Router's order.
 *
 * Every change is priced this way, so what the paths are credited with adds up, pool by pool, to the pool's
 * output for its whole load. A pool is swapped in one direction only: a path that would swap a pool the other
 * way than an open leg does is blocked.
 */
import { hopOut, poolKey, type PoolPath } from './route-graph';

/** Each path's hops as indexes of pool directions, shared by every allocation over the same paths. */
export interface PathTopology {
  paths: readonly PoolPath[];
  /** Per path, per hop: the index of the pool in the hop's direction. */
  directions: readonly (readonly number[])[];
  /** Per direction index: the index of the same pool the other way. */
  opposite: readonly number[];
  /** Per direction index: the paths through it. */
  pathsThrough: readonly (readonly number[])[];
}

export function pathTopology(paths: readonly PoolPath[]): PathTopology {
  const index = new Map<string, number>();
  const opposite: number[] = [];
  const pathsThrough: number[][] = [];
  const directionOf = (key: string, zeroForOne: boolean) => {
    const id = `${key}|${zeroForOne}`;
    let found = index.get(id);
    if (found === undefined) {
      found = index.size;
      index.set(id, found);
      pathsThrough.push([]);
      const other = index.get(`${key}|${!zeroForOne}`);
      opposite[found] = other ?? -1;
      if (other !== undefined) opposite[other] = found;
    }
    return found;
  };
  const directions = paths.map((path, p) =>
    path.hops.map((hop) => {
      const id = directionOf(poolKey(hop.pool), hop.zeroForOne);
      pathsThrough[id]!.push(p);
      return id;
    }),
  );
  return { paths, directions, opposite, pathsThrough };
}

export class PoolLoads {
  /** Per path: the input it carries, in parts of `part` (raw units of tokenIn each). */
  readonly parts: number[];
  /** Per path: the output it is credited with. */
  readonly outs: number[];
  /** Per path, per hop: what the path brings into the hop. */
  private readonly flows: number[][];
  /** Per direction: the pool's total input, its output for it, and the open legs through it. */
  private readonly loadIn: number[];
  private readonly loadOut: number[];
  private readonly users: number[];
  /** Scratch of the last `priceChange`: per hop, the new load and the new output. */
  private readonly scratchIn: number[] = [];
  private readonly scratchOut: number[] = [];

  constructor(
    readonly topology: PathTopology,
    readonly part: number,
    from?: PoolLoads,
  ) {
    const directions = topology.opposite.length;
    this.parts = from ? [...from.parts] : new Array<number>(topology.paths.length).fill(0);
    this.outs = from ? [...from.outs] : new Array<number>(topology.paths.length).fill(0);
    this.flows = from ? from.flows.map((row) => [...row]) : topology.paths.map((path) => new Array<number>(path.hops.length).fill(0));
    this.loadIn = from ? [...from.loadIn] : new Array<number>(directions).fill(0);
    this.loadOut = from ? [...from.loadOut] : new Array<number>(directions).fill(0);
    this.users = from ? [...from.users] : new Array<number>(directions).fill(0);
    this.openLegs = from ? from.openLegs : 0;
  }

  copy(): PoolLoads {
    return new PoolLoads(this.topology, this.part, this);
  }

  /** False when a pool of the path is swapped the other way by an open leg. */
  allows(path: number): boolean {
    return this.topology.directions[path]!.every((id) => {
      const other = this.topology.opposite[id]!;
      return other < 0 || this.users[other] === 0;
    });
  }

  /** How many legs are open (kept as parts change: the greedy pass asks for every path it weighs). */
  openLegs: number;

  /** The legs open: paths carrying some input. */
  open(): number[] {
    return this.parts.flatMap((count, path) => (count > 0 ? [path] : []));
  }

  /** The output of the open legs less their gas. */
  net(gas: readonly number[]): number {
    return this.open().reduce((sum, path) => sum + this.outs[path]! - gas[path]!, 0);
  }

  /**
   * What the path's output changes by when its input changes by `parts` (negative takes input away): −∞ when
   * a pool cannot take it, or when taking it away would leave the path owing a hop more than it brought.
   */
  priceChange(path: number, parts: number): number {
    const ids = this.topology.directions[path]!;
    const hops = this.topology.paths[path]!.hops;
    if (this.parts[path]! + parts < 0) return Number.NEGATIVE_INFINITY;
    let change = parts * this.part;
    for (let h = 0; h < hops.length; h++) {
      const id = ids[h]!;
      if (this.flows[path]![h]! + change < -1e-9 * Math.abs(this.flows[path]![h]!)) return Number.NEGATIVE_INFINITY;
      const load = Math.max(this.loadIn[id]! + change, 0);
      const out = load > 0 ? hopOut(hops[h]!, load) : 0;
      if (!Number.isFinite(out)) return Number.NEGATIVE_INFINITY;
      this.scratchIn[h] = load;
      this.scratchOut[h] = out;
      change = out - this.loadOut[id]!;
    }
    return change;
  }

  /** Applies a change `priceChange` allows; returns the path's output change. */
  change(path: number, parts: number): number {
    const delta = this.priceChange(path, parts);
    if (!Number.isFinite(delta)) throw new Error('a pool cannot take this change');
    const ids = this.topology.directions[path]!;
    const wasOpen = this.parts[path]! > 0;
    let carried = parts * this.part;
    for (let h = 0; h < ids.length; h++) {
      const id = ids[h]!;
      this.flows[path]![h]! += carried;
      carried = this.scratchOut[h]! - this.loadOut[id]!;
      this.loadIn[id] = this.scratchIn[h]!;
      this.loadOut[id] = this.scratchOut[h]!;
    }
    this.parts[path]! += parts;
    this.outs[path]! += delta;
    const isOpen = this.parts[path]! > 0;
    if (isOpen !== wasOpen) {
      for (const id of ids) this.users[id]! += isOpen ? 1 : -1;
      this.openLegs += isOpen ? 1 : -1;
    }
    return delta;
  }
}
