/**
 * The pool store on the local world's BSC (every venue kind): every pool between the world's tokens is tracked,
 * then real transactions go through them from TRADER_ACCOUNT (world-trader.ts), the venues in turn, a random
 * pool of each: Uniswap V2 and V3 swaps both ways, liquidity added and removed on Uniswap and PancakeSwap V3 and
 * Uniswap V4, launchpad curve buys and sells. After each block one `advance()` must leave every pool's entry
 * equal to a fresh reader read at that block, and exact quotes from the stored state equal to the venues' own
 * quoters there. Then a reorganisation (anvil_reorg) takes out blocks with swaps: after one `advance()` the
 * store equals a fresh read again. Trades are small against the pools' depth, positions are removed and trades
 * reversed at the end (the reorganised swaps are gone with their blocks), so the shared world keeps its prices.
 */
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { exactSwap } from '@/server/routing/exact/exact-swap';
import type { ExactPoolState } from '@/server/routing/exact/exact-state';
import { exactWorld, readPools, type ExactWorld } from '@/server/routing/exact/test-support/exact-world';
import { venueQuote } from '@/server/routing/exact/test-support/venue-quotes';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { createPoolStore, type PoolStore } from './pool-store';
import { loadPools } from './pool-store-load';
import { keyOfPool, type StoredPool } from './stored-pool';
import { worldTrader, type WorldTrader } from './test-support/world-trader';

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

/** An entry limited to the ticks in [low, high] (two reads centred on different ticks cover different ranges). */
function within(entry: StoredPool, low: number, high: number): StoredPool {
  const { state } = entry;
  if (state.kind !== 'concentrated') return entry;
  const inside = (tick: number) => tick >= low && tick <= high;
  return {
    ...entry,
    liquidityGross: new Map([...entry.liquidityGross].filter(([tick]) => inside(tick))),
    state: { ...state, ticks: state.ticks.filter(({ tick }) => inside(tick)), lowestReadTick: low, highestReadTick: high },
  };
}

interface Counts {
  blocks: number;
  updates: number;
  entriesCompared: number;
  quotesCompared: number;
  rangesNarrowed: number;
}

/** Every tracked pool's entry against a fresh read at the store's block, compared over the ranges both read. */
async function expectFresh(w: ExactWorld, store: PoolStore, pools: readonly RoutablePool[], counts: Counts) {
  const block = await w.client.getBlock({ blockNumber: store.blockNumber! });
  const fresh = await loadPools(w.chain.rpc, w.chain.venues!, pools, { hash: block.hash });
  pools.forEach((pool, index) => {
    const mine = store.entry(pool);
    const read = fresh[index];
    if (!mine || !read) return expect(mine, `${pool.venue} ${keyOfPool(pool)}`).toEqual(read);
    let [expected, actual] = [read, mine];
    if (read.state.kind === 'concentrated' && mine.state.kind === 'concentrated') {
      const low = Math.max(read.state.lowestReadTick, mine.state.lowestReadTick);
      const high = Math.min(read.state.highestReadTick, mine.state.highestReadTick);
      if (low !== read.state.lowestReadTick || high !== read.state.highestReadTick) counts.rangesNarrowed++;
      [expected, actual] = [within(read, low, high), within(mine, low, high)];
    }
    expect(actual, `${pool.venue} ${keyOfPool(pool)} at ${block.number}`).toEqual(expected);
    counts.entriesCompared++;
  });
}

/** What the pool holds of a token: reserves, or a concentrated pool's virtual reserves at its price. */
function depth(state: ExactPoolState, token0: boolean): bigint {
  if (state.kind !== 'concentrated') return token0 ? state.reserve0 : state.reserve1;
  return token0 ? (state.liquidity << 96n) / state.sqrtPriceX96 : (state.liquidity * state.sqrtPriceX96) >> 96n;
}

/** Exact quotes from the store's state of `pool` against the venue's quoter at the store's block, both ways. */
async function expectQuotes(w: ExactWorld, store: PoolStore, pool: RoutablePool, next: () => number, counts: Counts) {
  const state = store.state(pool);
  if (!state) return;
  const block = store.blockNumber!;
  for (const zeroForOne of [true, false]) {
    for (const exactIn of pool.venue === 'LAUNCHPAD' ? [true] : [true, false]) {
      const amount = (depth(state, zeroForOne === exactIn) * BigInt(1 + Math.floor(next() * 50))) / 1000n;
      const mine = exactSwap(state, amount, zeroForOne, exactIn);
      if (!mine.ok && mine.reason === 'beyond-read-range') continue;
      const venue = await venueQuote(w, pool, state, amount, zeroForOne, exactIn, block);
      const mineAmount = mine.ok ? (exactIn ? mine.amountOut : mine.amountIn) : undefined;
      expect(mineAmount ?? 'refused', `${pool.venue} ${pool.fee} ${exactIn ? 'in' : 'out'} ${amount} at ${block}`).toEqual(venue.ok ? venue.amount : 'refused');
      counts.quotesCompared++;
    }
  }
}

/** A tick range of a few spacings around the pool's price, on its spacing. */
function rangeAround(state: ExactPoolState, spacing: number, next: () => number): [number, number] {
  if (state.kind !== 'concentrated') throw new Error('not concentrated');
  const base = Math.floor(state.tick / spacing) * spacing;
  return [base - spacing * (1 + Math.floor(next() * 4)), base + spacing * (1 + Math.floor(next() * 4))];
}

interface Undo {
  run: () => Promise<void>;
}

/** The `turn`th trade, on a random pool; returns what undoes it at the end. */
async function randomTrade(
  store: PoolStore,
  trader: WorldTrader,
  pools: readonly RoutablePool[],
  next: () => number,
  turn: number,
): Promise<{ pool: RoutablePool; action: string; undo: Undo }> {
  const venues = [...new Set(pools.map(({ venue }) => venue))];
  // Venues in turn, a random pool of each: every kind gets its share of the trades.
  const ofVenue = pools.filter(({ venue }) => venue === venues[turn % venues.length]);
  const pool = ofVenue[Math.floor(next() * ofVenue.length)]!;
  const state = store.state(pool)!;
  if (state.kind === 'curve') {
    // A buy of a small share of what the curve raised, sold back at the end.
    const amountIn = ((state.raisedNative ?? 0n) * BigInt(1 + Math.floor(next() * 20))) / 1000n + 10n ** 15n;
    const buy = exactSwap(state, amountIn, state.nativeIsToken0, true);
    await trader.curveTrade(pool, true, amountIn);
    if (!buy.ok) throw new Error(`no exact quote for a curve buy the launchpad took: ${buy.reason}`);
    return { pool, action: 'curve buy', undo: { run: () => trader.curveTrade(pool, false, buy.amountOut) } };
  }
  if (pool.venue === 'UNISWAP_V2' || (pool.venue === 'UNISWAP_V3' && next() < 0.7)) {
    const zeroForOne = next() < 0.5;
    const amountIn = (depth(state, zeroForOne) * BigInt(1 + Math.floor(next() * 20))) / 10_000n;
    const quoted = exactSwap(state, amountIn, zeroForOne, true);
    const [tokenIn, tokenOut] = zeroForOne ? [pool.token0, pool.token1] : [pool.token1, pool.token0];
    await trader.swap(pool, tokenIn, amountIn);
    if (!quoted.ok) throw new Error(`no exact quote for a trade the pool took: ${quoted.reason}`);
    return { pool, action: `${pool.venue} swap`, undo: { run: () => trader.swap(pool, tokenOut, quoted.amountOut) } };
  }
  if (state.kind !== 'concentrated') throw new Error(`${pool.venue} is not concentrated`);
  const [lower, upper] = rangeAround(state, pool.tickSpacing, next);
  const liquidity = state.liquidity / 100n + 1n;
  await trader.liquidity(pool, lower, upper, liquidity);
  return { pool, action: `${pool.venue} liquidity`, undo: { run: () => trader.liquidity(pool, lower, upper, -liquidity) } };
}

const TRADES = 30;

describe('the pool store', () => {
  it('keeps every pool equal to a fresh read, block by block, and through a reorganisation', async () => {
    const w = exactWorld();
    const next = random(20261128);
    const pools = (await readPools(w, await w.client.getBlockNumber())).map(({ pool }) => pool);
    const store = createPoolStore({ rpc: w.chain.rpc, venues: w.chain.venues! });
    await store.track(pools);
    expect(store.size).toBe(pools.length);
    const plain = new Set(['WBNB', 'USDC', 'ALPHA', 'BETA', 'GAMMA'].map((symbol) => w.entry.tokens.find((t) => t.symbol === symbol)!.address.toLowerCase()));
    const launch = w.entry.tokens.find((t) => t.symbol === 'LAUNCH')!.address.toLowerCase();
    const tradable = pools.filter(
      (pool) =>
        (['UNISWAP_V2', 'UNISWAP_V3', 'PANCAKESWAP_V3', 'UNISWAP_V4'].includes(pool.venue) &&
          [pool.token0, pool.token1].every((t) => plain.has(t.toLowerCase()))) ||
        (pool.venue === 'LAUNCHPAD' && pool.id.toLowerCase().endsWith(launch.slice(2))),
    );
    expect(tradable.some((pool) => pool.venue === 'LAUNCHPAD')).toBe(true);
    const trader = await worldTrader(w, [...plain] as Address[]);
    const counts: Counts = { blocks: 0, updates: 0, entriesCompared: 0, quotesCompared: 0, rangesNarrowed: 0 };
    const catchUp = async () => {
      const report = await store.advance();
      counts.blocks += report.blocksApplied;
      counts.updates += report.updatesApplied;
      return report;
    };
    await catchUp(); // the trader's funding and approvals
    await expectFresh(w, store, pools, counts);
    const undos: Undo[] = [];
    const actions: Record<string, number> = {};
    for (let trade = 0; trade < TRADES; trade++) {
      const { pool, action, undo } = await randomTrade(store, trader, tradable, next, trade);
      actions[action] = (actions[action] ?? 0) + 1;
      undos.push(undo);
      const report = await catchUp();
      expect(report.step).toBe('blocks');
      await expectFresh(w, store, pools, counts);
      await expectQuotes(w, store, pool, next, counts);
    }
    for (const undo of undos.reverse()) {
      await undo.run();
      await catchUp();
      await expectFresh(w, store, pools, counts);
    }

    // Two swaps, then a reorganisation that replaces their blocks with empty ones.
    const swapPools = tradable.filter((pool) => pool.venue === 'UNISWAP_V2' || pool.venue === 'UNISWAP_V3').slice(0, 2);
    for (const pool of swapPools) {
      await trader.swap(pool, pool.token0, depth(store.state(pool)!, true) / 1000n);
      await catchUp();
      await expectFresh(w, store, pools, counts);
    }
    await w.client.request({ method: 'anvil_reorg', params: [swapPools.length, []] } as never);
    const report = await store.advance();
    expect(report.blocksRolledBack).toBe(swapPools.length);
    expect(report.step).toBe('blocks');
    await expectFresh(w, store, pools, counts);
    for (const pool of swapPools) await expectQuotes(w, store, pool, next, counts);
    console.log(`pool store on ${pools.length} pools (${tradable.length} traded):`, counts, `lag ${store.lagBlocks}`, actions);
    expect(counts.updates).toBeGreaterThanOrEqual(TRADES);
  }, 900_000);
});
