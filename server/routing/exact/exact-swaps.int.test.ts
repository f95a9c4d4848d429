/**
 * The exact math against the venues' own quoters on the local world, read only, at one block: every pool BSC
 * has (Uniswap V2, V3 in four tiers, V4, PancakeSwap V2 and V3, the launchpad's curves) is read through the pool
 * state reader as the server reads it, decoded into the exact state, and random amounts both ways, small to
 * large enough to cross many ticks, are priced here and by the venue: Router02's getAmountsOut/getAmountsIn,
 * QuoterV2, V4Quoter, the world's V3PoolQuoter (the pool's own swap) for PancakeSwap V3, the launchpad's
 * quoteBuy/quoteSell, and for PancakeSwap V2, whose router the world does not deploy, its router library's
 * formula checked against the pair's own K test (a simulated transfer and swap: the output is the most the pair
 * pays, the input one it accepts). Every amount must agree to the unit.
 */
import { describe, expect, it } from 'vitest';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import type { ExactPoolState, ExactSwap } from './exact-state';
import { exactSwap } from './exact-swap';
import { exactWorld, readPools, type ReadPool } from './test-support/exact-world';
import { venueQuote, type VenueAnswer } from './test-support/venue-quotes';

/** A deterministic stream of numbers in [0, 1) (mulberry32), so that a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the pool holds of a token, in raw units: reserves, or a concentrated pool's virtual reserves at its price. */
function depth(state: ExactPoolState, token0: boolean): bigint {
  if (state.kind !== 'concentrated') return token0 ? state.reserve0 : state.reserve1;
  return token0 ? (state.liquidity << 96n) / state.sqrtPriceX96 : (state.liquidity * state.sqrtPriceX96) >> 96n;
}

/** `reference` × 10^−u for u uniform in [low, high]: dust to a large share of the pool. */
function sampleAmount(next: () => number, reference: bigint, low: number, high: number): bigint {
  const exponent = low + next() * (high - low);
  const scaled = (reference * BigInt(Math.round(1e9 * 10 ** (-exponent % 1)))) / 10n ** BigInt(9 + Math.floor(exponent));
  return scaled > 0n ? scaled : 1n;
}

interface Sample {
  pool: RoutablePool;
  state: ExactPoolState;
  amount: bigint;
  zeroForOne: boolean;
  exactIn: boolean;
}

/**
 * Per pool and direction: three exact inputs and two exact outputs from dust to a large share of the pool; for
 * concentrated pools three more of each as large as can still stay in the read range (they cross ticks); for
 * pairs and curves one of each beyond the reserves (outputs a pair cannot deliver, sells past a curve's cap).
 */
function samples(pools: readonly ReadPool[], next: () => number): Sample[] {
  return pools.flatMap(({ pool, state }) =>
    [true, false].flatMap((zeroForOne) => {
      const sides = [true, true, true, false, false].map((exactIn) => ({ exactIn, low: 0.2, high: 7 }));
      const large = [true, true, true, false, false, false].map((exactIn) => ({ exactIn, low: 0.3, high: 1.3 }));
      // An exact-input amount scales with what goes in, an exact-output one with what comes out.
      const beyond = [true, false].map((exactIn) => ({ exactIn, low: -0.5, high: 0 }));
      return [...sides, ...(state.kind === 'concentrated' ? large : beyond)].map(({ exactIn, low, high }) => ({
        pool,
        state,
        zeroForOne,
        exactIn,
        amount: sampleAmount(next, depth(state, zeroForOne === exactIn), low, high),
      }));
    }),
  );
}

/** Microseconds per exact quote, warm, by the number of initialized ticks it crosses. */
function timings(all: readonly Sample[]): Record<string, string> {
  const byCrossed = new Map<number, number[]>();
  for (const { state, amount, zeroForOne, exactIn } of all) {
    const first = exactSwap(state, amount, zeroForOne, exactIn);
    const rounds = 50;
    const started = performance.now();
    for (let round = 0; round < rounds; round++) exactSwap(state, amount, zeroForOne, exactIn);
    const key = state.kind === 'concentrated' ? (first.ok ? first.ticksCrossed : -1) : -2;
    byCrossed.set(key, [...(byCrossed.get(key) ?? []), ((performance.now() - started) * 1000) / rounds]);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!.toFixed(1);
  return Object.fromEntries(
    [...byCrossed.entries()]
      .sort(([a], [b]) => a - b)
      .map(([key, values]) => [
        key === -2 ? 'pair/curve' : key === -1 ? 'concentrated, not priced' : `concentrated, ${key} ticks crossed`,
        `${median(values)} µs (${values.length})`,
      ]),
  );
}

interface Tally {
  matched: Record<string, number>;
  crossing: number;
  bothRefuse: number;
  beyondRange: number;
  mismatches: string[];
}

function compare(tally: Tally, label: string, mine: ExactSwap, venue: VenueAnswer, exactIn: boolean) {
  if (!mine.ok && mine.reason === 'beyond-read-range') {
    tally.beyondRange++;
    return;
  }
  const mineAmount = mine.ok ? (exactIn ? mine.amountOut : mine.amountIn) : undefined;
  if (mineAmount !== undefined && mineAmount > 0n && venue.ok && venue.amount === mineAmount) {
    tally.matched[label] = (tally.matched[label] ?? 0) + 1;
    if (mine.ok && mine.ticksCrossed > 0) tally.crossing++;
  } else if ((mineAmount === undefined || mineAmount === 0n) && !venue.ok) {
    tally.bothRefuse++;
  } else {
    tally.mismatches.push(`${label}: exact ${mine.ok ? mineAmount : mine.reason}, venue ${venue.ok ? venue.amount : 'refuses'}`);
  }
}

describe('exact swaps against the venues', () => {
  it("agree to the unit with every venue's own quoter, exact input and exact output", async () => {
    const w = exactWorld();
    const block = await w.client.getBlockNumber();
    const pools = await readPools(w, block);
    const all = samples(pools, random(20261128));
    const tally: Tally = { matched: {}, crossing: 0, bothRefuse: 0, beyondRange: 0, mismatches: [] };
    for (const { pool, state, amount, zeroForOne, exactIn } of all) {
      // The Router trades a curve exact-in only, and nothing quotes a curve's exact output.
      if (!exactIn && pool.venue === 'LAUNCHPAD') continue;
      const label = `${pool.venue} ${pool.fee}${state.kind === 'concentrated' ? `/${state.tickSpacing}` : ''} ${exactIn ? 'in' : 'out'}`;
      const mine = exactSwap(state, amount, zeroForOne, exactIn);
      compare(tally, label, mine, await venueQuote(w, pool, state, amount, zeroForOne, exactIn, block), exactIn);
    }
    const matched = Object.values(tally.matched).reduce((sum, count) => sum + count, 0);
    console.log(
      `exact vs venue on ${pools.length} pools: ${matched} equal, ${tally.crossing} crossing ticks, ${tally.bothRefuse} refused by both, ` +
        `${tally.beyondRange} beyond the read range`,
      tally.matched,
      timings(all),
    );
    expect(tally.mismatches).toEqual([]);
    expect(matched).toBeGreaterThanOrEqual(200);
    expect(tally.crossing).toBeGreaterThanOrEqual(20);
    expect(tally.bothRefuse).toBeGreaterThanOrEqual(10);
    for (const venue of ['UNISWAP_V2', 'UNISWAP_V3', 'UNISWAP_V4', 'PANCAKESWAP_V2', 'PANCAKESWAP_V3', 'LAUNCHPAD']) {
      for (const side of venue === 'LAUNCHPAD' ? ['in'] : ['in', 'out']) {
        const count = Object.entries(tally.matched).filter(([key]) => key.startsWith(`${venue} `) && key.endsWith(` ${side}`));
        expect(
          count.reduce((sum, [, n]) => sum + n, 0),
          `${venue} ${side}`,
        ).toBeGreaterThanOrEqual(4);
      }
    }
  }, 600_000);
});
