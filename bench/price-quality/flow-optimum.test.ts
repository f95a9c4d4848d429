import { describe, expect, it } from 'vitest';
import { allocationOutput, curveOutput, flowOutput, greedyAllocation, searchAllocations, sideWaves, type FlowProblem, type OutputCurve } from './flow-optimum';

/** A constant-product pool with a 0.3 % fee: what `x` in buys. */
const v2 = (reserveIn: number, reserveOut: number) => (x: number) => (reserveOut * x * 0.997) / (reserveIn + x * 0.997);

/** The curve sampled as the benchmark samples a pool: geometric points, 1 % apart, up to `top`. */
function sampled(pay: (x: number) => number, top: number): OutputCurve {
  const inputs = [0];
  for (let x = top * 1e-6; x < top; x *= 1.01) inputs.push(x);
  inputs.push(top);
  return { inputs, outputs: inputs.map(pay) };
}

// Tokens A -> B -> C. Two A/B pools in parallel feed one shared B/C pool; a direct A/C pool beside them.
const ab1 = v2(1000, 1000);
const ab2 = v2(400, 400);
const bc = v2(1500, 1500);
const ac = v2(300, 290);
const TOP = 10_000;
const problem: FlowProblem = {
  sides: [
    { pool: 'ab1', curve: sampled(ab1, TOP) },
    { pool: 'ab2', curve: sampled(ab2, TOP) },
    { pool: 'bc', curve: sampled(bc, TOP) },
    { pool: 'ac', curve: sampled(ac, TOP) },
  ],
  paths: [[0, 2], [1, 2], [3]],
};
/** The exact output of path flows [x1, x2, x3]: the shared pool priced once for all it receives. */
const exact = ([x1, x2, x3]: number[]) => bc(ab1(x1!) + ab2(x2!)) + ac(x3!);

/** The best split of `amountIn`, by brute force on a grid of 1/1000 of it. */
function bruteForce(amountIn: number): number {
  let best = 0;
  const steps = 1000;
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; i + j <= steps; j++) {
      best = Math.max(best, exact([(i * amountIn) / steps, (j * amountIn) / steps, ((steps - i - j) * amountIn) / steps]));
    }
  }
  return best;
}

describe('flow model', () => {
  it('interpolates between samples and refuses loads past the curve', () => {
    const curve = { inputs: [0, 10, 20], outputs: [0, 9, 16] };
    expect(curveOutput(curve, 5)).toBeCloseTo(4.5);
    expect(curveOutput(curve, 15)).toBeCloseTo(12.5);
    expect(curveOutput(curve, 0)).toBe(0);
    expect(curveOutput(curve, 21)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('prices a shared pool once for the sum of its loads, shared in proportion', () => {
    const flows = [100, 50, 0];
    expect(flowOutput(problem, flows)).toBeCloseTo(exact(flows), 0);
    // Two separate quotes of the shared pool would pay more than the pool does for the sum.
    const separate = bc(ab1(100)) + bc(ab2(50));
    expect(separate).toBeGreaterThan(exact(flows));
  });

  it('prices a pool only once all of its loads are known', () => {
    expect(sideWaves(problem, [1, 1, 1])).toEqual([[0, 1, 3], [2]]);
    expect(sideWaves(problem, [0, 1, 0])).toEqual([[1], [2]]);
  });

  it('refuses an allocation that uses a pool in both directions', () => {
    const twoWays: FlowProblem = {
      sides: [
        { pool: 'x', curve: sampled(v2(100, 100), 1000) },
        { pool: 'x', curve: sampled(v2(100, 100), 1000) },
        { pool: 'y', curve: sampled(v2(100, 100), 1000) },
      ],
      paths: [[0], [2, 1]],
    };
    expect(sideWaves(twoWays, [1, 1])).toBeUndefined();
    expect(flowOutput(twoWays, [1, 1])).toBe(Number.NEGATIVE_INFINITY);
    expect(flowOutput(twoWays, [1, 0])).toBeGreaterThan(0);
  });

  it('routes around a pool whose curve ends (it cannot take more)', () => {
    const capped: FlowProblem = {
      sides: [
        { pool: 'deep-but-short', curve: sampled(v2(10_000, 10_000), 50) },
        { pool: 'shallow', curve: sampled(v2(100, 100), 1000) },
      ],
      paths: [[0], [1]],
    };
    const allocation = greedyAllocation(capped, 200, 200)!;
    expect(allocation.chunks[0]).toBeLessThanOrEqual(50);
    expect(allocation.chunks[0]! + allocation.chunks[1]!).toBe(200);
  });
});

describe('flow search', () => {
  for (const amountIn of [1, 50, 400, 1500]) {
    it(`comes within 0.01 % of the brute-force optimum at ${amountIn} in`, () => {
      const [coarse, , fine] = searchAllocations(problem, amountIn);
      const flowsOf = (chunks: number[], parts: number) => chunks.map((count) => (count * amountIn) / parts);
      const found = Math.max(exact(flowsOf(coarse!.chunks, coarse!.parts)), exact(flowsOf(fine!.chunks, fine!.parts)));
      expect(found).toBeGreaterThanOrEqual(bruteForce(amountIn) * 0.9999);
      // The model's own figure stays close to the exact one (interpolation between 1 % samples).
      expect(Math.abs(allocationOutput(problem, amountIn, fine!) / exact(flowsOf(fine!.chunks, fine!.parts)) - 1)).toBeLessThan(1e-4);
    });
  }

  it('uses both parallel pools and the shared hop at size', () => {
    const [, , fine] = searchAllocations(problem, 1500);
    expect(fine!.chunks.every((count) => count > 0)).toBe(true);
  });
});
