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
import { parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { v4KeyOf } from '@/devnet/evm/world-pool-checks';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import type { ExactPoolState, ExactSwap } from './exact-state';
import { exactSwap } from './exact-swap';
import { exactWorld, plentyFor, readPools, type ExactWorld, type ReadPool } from './test-support/exact-world';

const v2RouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
]);
const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const v4QuoterAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
  'function quoteExactOutputSingle(QuoteExactSingleParams params) returns (uint256 amountIn, uint256 gasEstimate)',
]);
const v3PoolQuoterAbi = parseAbi([
  'function quote(address pool, bool zeroForOne, uint256 amountIn) returns (uint256 amountOut)',
  'function quoteExactOut(address pool, bool zeroForOne, uint256 amountOut) returns (uint256 amountIn)',
]);
const launchpadAbi = parseAbi([
  'function quoteBuy(address token, uint256 amountIn) view returns (uint256)',
  'function quoteSell(address token, uint256 amountIn) view returns (uint256)',
]);
const pairAbi = parseAbi(['function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)']);
const tokenAbi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)', 'function deposit() payable']);

/** QuoterV2's price limits when none is given: a swap that stops there took only part of the input. */
const PRICE_LIMITS = new Set([4295128740n, 1461446703485210103287273052203988822378723970341n]);

type VenueAnswer = { ok: true; amount: bigint } | { ok: false };

/** PancakeSwap V2's router library (getAmountOut/getAmountIn with its 9975/10000). */
function pancakeV2Formula(state: ExactPoolState, amount: bigint, zeroForOne: boolean, exactIn: boolean): bigint {
  if (state.kind !== 'constant-product') throw new Error('not a pair');
  const [reserveIn, reserveOut] = zeroForOne ? [state.reserve0, state.reserve1] : [state.reserve1, state.reserve0];
  if (exactIn) return (amount * 9975n * reserveOut) / (reserveIn * 10000n + amount * 9975n);
  if (amount >= reserveOut) throw new Error('PancakeLibrary: INSUFFICIENT_LIQUIDITY');
  return (reserveIn * amount * 10000n) / ((reserveOut - amount) * 9975n) + 1n;
}

/** Whether the pair, paid `amountIn`, lets `amountOut` go (its own K test, in a simulated transfer and swap). */
async function pairAccepts(w: ExactWorld, pool: RoutablePool, zeroForOne: boolean, amountIn: bigint, amountOut: bigint, block: bigint): Promise<boolean> {
  const treasury = w.treasury;
  const tokenIn = zeroForOne ? pool.token0 : pool.token1;
  const wrapped = tokenIn.toLowerCase() === w.entry.wrappedNative.toLowerCase();
  const { results } = await w.client.simulateCalls({
    account: treasury,
    blockNumber: block,
    // Whatever the amount, the treasury holds it (native to wrap, or the token).
    stateOverrides: plentyFor(w, wrapped ? 'native' : tokenIn),
    calls: [
      ...(wrapped ? [{ to: tokenIn, abi: tokenAbi, functionName: 'deposit', value: amountIn } as const] : []),
      { to: tokenIn, abi: tokenAbi, functionName: 'transfer', args: [pool.address, amountIn] },
      { to: pool.address, abi: pairAbi, functionName: 'swap', args: [zeroForOne ? 0n : amountOut, zeroForOne ? amountOut : 0n, treasury, '0x'] },
    ],
  });
  return results.every((result) => result.status === 'success');
}

/** PancakeSwap V2: the router library's amount, which the pair's K test must agree with. */
async function pancakeV2Quote(w: ExactWorld, pool: RoutablePool, state: ExactPoolState, amount: bigint, zeroForOne: boolean, exactIn: boolean, block: bigint) {
  let quoted: bigint;
  try {
    quoted = pancakeV2Formula(state, amount, zeroForOne, exactIn);
  } catch {
    return { ok: false } as const;
  }
  if (exactIn) {
    const paysIt = await pairAccepts(w, pool, zeroForOne, amount, quoted, block);
    const paysMore = await pairAccepts(w, pool, zeroForOne, amount, quoted + 1n, block);
    if (!paysIt || paysMore) throw new Error(`the pair's K test disagrees with ${quoted} for ${amount} in`);
  } else if (!(await pairAccepts(w, pool, zeroForOne, quoted, amount, block))) {
    throw new Error(`the pair refuses ${quoted} in for ${amount} out`);
  }
  return { ok: true, amount: quoted } as const;
}

/** The venue's own quote; `{ ok: false }` where it reverts, takes only part of the amount, or prices it at 0. */
async function venueQuote(w: ExactWorld, pool: RoutablePool, state: ExactPoolState, amount: bigint, zeroForOne: boolean, exactIn: boolean, block: bigint) {
  const [tokenIn, tokenOut] = zeroForOne ? [pool.token0, pool.token1] : [pool.token1, pool.token0];
  const c = w.contracts;
  const call = async (): Promise<bigint> => {
    switch (pool.venue) {
      case 'UNISWAP_V2': {
        const functionName = exactIn ? 'getAmountsOut' : 'getAmountsIn';
        const amounts = await w.client.readContract({
          address: c.uniswapV2Router02!,
          abi: v2RouterAbi,
          functionName,
          args: [amount, [tokenIn, tokenOut]],
          blockNumber: block,
        });
        return exactIn ? amounts[1]! : amounts[0]!;
      }
      case 'UNISWAP_V3': {
        const base = { tokenIn, tokenOut, fee: pool.fee, sqrtPriceLimitX96: 0n };
        const { result } = exactIn
          ? await w.client.simulateContract({
              address: c.quoterV2!,
              abi: quoterV2Abi,
              functionName: 'quoteExactInputSingle',
              args: [{ ...base, amountIn: amount }],
              blockNumber: block,
            })
          : await w.client.simulateContract({
              address: c.quoterV2!,
              abi: quoterV2Abi,
              functionName: 'quoteExactOutputSingle',
              args: [{ ...base, amount }],
              blockNumber: block,
            });
        return PRICE_LIMITS.has(result[1]) ? 0n : result[0];
      }
      case 'UNISWAP_V4': {
        const functionName = exactIn ? 'quoteExactInputSingle' : 'quoteExactOutputSingle';
        const params = { poolKey: v4KeyOf(pool), zeroForOne, exactAmount: amount, hookData: '0x' as const };
        const { result } = await w.client.simulateContract({ address: c.v4Quoter!, abi: v4QuoterAbi, functionName, args: [params], blockNumber: block });
        return result[0];
      }
      case 'PANCAKESWAP_V3': {
        const functionName = exactIn ? 'quote' : 'quoteExactOut';
        const { result } = await w.client.simulateContract({
          address: c.v3PoolQuoter!,
          abi: v3PoolQuoterAbi,
          functionName,
          args: [pool.address, zeroForOne, amount],
          blockNumber: block,
        });
        return result;
      }
      case 'LAUNCHPAD': {
        const buy = tokenIn.toLowerCase() === w.entry.wrappedNative.toLowerCase();
        const token = buy ? tokenOut : tokenIn;
        return w.client.readContract({
          address: pool.address,
          abi: launchpadAbi,
          functionName: buy ? 'quoteBuy' : 'quoteSell',
          args: [token, amount],
          blockNumber: block,
        });
      }
      default:
        throw new Error(`no quoter for ${pool.venue}`);
    }
  };
  if (pool.venue === 'PANCAKESWAP_V2') return pancakeV2Quote(w, pool, state, amount, zeroForOne, exactIn, block);
  try {
    const quoted = await call();
    return quoted === 0n ? ({ ok: false } as const) : ({ ok: true, amount: quoted } as const);
  } catch {
    return { ok: false } as const;
  }
}

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
