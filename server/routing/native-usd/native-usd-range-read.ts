/**
 * The one batch of a native USD range read, and what its answers say: the head block, every pool's state
 * (nativeUsd's calls for pools that are contracts, the pool state reader for V4), each V3-style pool's
 * `observe` over the TWAP windows, and the deepest pool's spot price at the history blocks.
 */
import { decodeFunctionResult, encodeFunctionData, numberToHex, type Address } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { batchAnswer, hexQuantity } from '@/server/chains/rpc-answers';
import { decodePoolStates, stateCall } from '@/server/routing/pool-reader-client';
import { ethCall, returned, sameAddress } from '@/server/venues/evm/rpc-words';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { venueById } from '@/server/venues/evm/venue-table';
import { poolFamilyOf } from '@/server/venues/evm/contract-enums';
import type { NativeUsdRangeMemo } from './native-usd-range-cache';
import { countedPools, deepestIndex, headEstimate, historyDepths, historyMean, rangeOf, stableHeld, twapRawPrice, usdPerNative } from './native-usd-range-math';
import type { NativeUsdRange, NativeUsdSource } from './native-usd-range-types';
import { isToken0, poolState, spotPrice, STATE_CALLS, stateCalls, type PairPool } from '@/server/venues/evm/pools/pair-pools';

/**
 * TWAP windows, longest first; a pool answers with the longest its observations cover. Thirty minutes is
 * far beyond what a trader can hold a price against arbitrage; the shorter ones serve pools whose
 * observations do not reach that far back (a young pool, or one whose cardinality its trading outruns).
 * A TWAP read at the head leaves out the head block's own swaps (its time weight is zero there), so even the
 * shortest window is free of a push in that block.
 */
export const TWAP_WINDOWS_SECONDS = [1800, 600, 120] as const;
/** History spans the same half hour where the node keeps it. */
export const HISTORY_WINDOW_SECONDS = 1800;
/**
 * The deepest history point, in blocks: full nodes of the geth family (geth, op-geth, Nitro) serve the state
 * of their newest 128 blocks, the local anvils their newest 256; older reads fail and are dropped.
 */
export const HISTORY_MAX_DEPTH = 127;
/** Points averaged over the history window (a single old block could be an outlier of its own). */
export const HISTORY_POINTS = 4;

const observeAbi = [
  {
    type: 'function',
    name: 'observe',
    stateMutability: 'view',
    inputs: [{ name: 'secondsAgos', type: 'uint32[]' }],
    outputs: [
      { name: 'tickCumulatives', type: 'int56[]' },
      { name: 'secondsPerLiquidityCumulativeX128s', type: 'uint160[]' },
    ],
  },
] as const;

interface PoolReading {
  source: Extract<NativeUsdSource, { kind: 'pool' }>;
  /** Set for V3-style pools, whose `observe` answers a TWAP. */
  contract?: PairPool;
}

export interface RangePlan {
  calls: RpcCall[];
  read(answers: readonly RpcBatchAnswer[]): { range: NativeUsdRange; deepest: Address | undefined; countedAt: Record<string, number> };
}

/** Calls appended in order, each group read back from the same answers by its own slice. */
function batchBuilder() {
  const calls: RpcCall[] = [];
  return {
    calls,
    add(group: readonly RpcCall[]) {
      const start = calls.length;
      calls.push(...group);
      return (answers: readonly RpcBatchAnswer[]) => answers.slice(start, start + group.length);
    },
  };
}

export function readPlan(chain: ConfiguredChain, venues: EvmVenues, memo: NativeUsdRangeMemo, now: number): RangePlan {
  const decimals = { native: chain.info.nativeDecimals, stable: venues.stable.decimals };
  const depths = historyDepths(HISTORY_WINDOW_SECONDS, chain.info.blockTimeMs, HISTORY_MAX_DEPTH, HISTORY_POINTS);
  const head = headEstimate(memo.head, now, chain.info.blockTimeMs, Math.max(...depths));
  const historyBlocks = depths.map((depth) => head - BigInt(depth)).filter((block) => block > 0n);
  // Cold (no deepest known yet), every contract pool's history is read and the deepest's kept.
  const historyPools = memo.contractPools.filter((pool) => !memo.deepest || sameAddress(pool.address, memo.deepest));
  const v3Style = memo.contractPools.filter((pool) => venueById(pool.venue).poolFamily === poolFamilyOf('Concentrated'));

  const batch = batchBuilder();
  const headAnswer = batch.add([{ method: 'eth_blockNumber' }]);
  const stateAnswers = batch.add(memo.contractPools.flatMap(stateCalls));
  const v4Answer = batch.add(memo.v4Pools.length > 0 ? [stateCall(venues, memo.v4Pools, true)] : []);
  const observeAnswers = batch.add(v3Style.flatMap((pool) => TWAP_WINDOWS_SECONDS.map((seconds) => observeCall(pool.address, seconds))));
  const historyAnswers = batch.add(historyPools.flatMap((pool) => historyBlocks.map((block) => historyCall(pool, block))));

  return {
    calls: batch.calls,
    read(answers) {
      const block = batchAnswer(chain.info.id, 'eth_blockNumber', hexQuantity, headAnswer(answers)[0]);
      const contract = contractReadings(memo.contractPools, stateAnswers(answers), decimals);
      const deepest = contract[deepestIndex(contract.map(({ source }) => source))]?.source;
      if (deepest) deepest.deepest = true;
      const pools = [...contract, ...v4Readings(venues, memo.v4Pools, v4Answer(answers)[0], decimals)].filter(({ source }) => source.usd > 0);
      const { counted, countedAt } = countedPools(
        pools,
        ({ source }) => source.stableHeld,
        ({ source }) => `${source.pool}|${source.id ?? ''}`,
        memo.countedAt ?? {},
        now,
      );
      const twaps = twapSources(counted, v3Style, observeAnswers(answers), decimals);
      // The pool whose history was asked for: the deepest of the last read, or (cold) this read's.
      const historyPool = memo.deepest ?? deepest?.pool;
      const history =
        historyPool && historySource(chain, historyPools, historyPool, { blocks: historyBlocks, answers: historyAnswers(answers), head: block }, decimals);
      const sources: NativeUsdSource[] = [...counted.map(({ source }) => source), ...twaps, ...(history ? [history] : [])];
      return { range: { ...rangeOf(deepest?.usd ?? 0, sources), block, sources }, deepest: deepest?.pool, countedAt };
    },
  };
}

type Decimals = { native: number; stable: number };

function observeCall(pool: Address, seconds: number): RpcCall {
  return ethCall(pool, encodeFunctionData({ abi: observeAbi, functionName: 'observe', args: [[seconds, 0]] }));
}

function historyCall(pool: PairPool, block: bigint): RpcCall {
  const call = venueById(pool.venue).poolContracts!.spotCall(pool.address);
  return { ...call, params: [call.params![0], numberToHex(block)] };
}

function contractReadings(pools: readonly PairPool[], answers: readonly RpcBatchAnswer[], decimals: Decimals): PoolReading[] {
  return pools.map((pool, index) => {
    const state = poolState(answers.slice(index * STATE_CALLS, (index + 1) * STATE_CALLS), pool, decimals.native, decimals.stable);
    return {
      source: { kind: 'pool', venue: pool.venue, fee: pool.fee, pool: pool.address, usd: state.price, stableHeld: state.quoteReserve, deepest: false },
      contract: venueById(pool.venue).poolFamily === poolFamilyOf('Concentrated') ? pool : undefined,
    };
  });
}

/** V4 pools' spot prices and what they hold, from the pool state reader; none when it did not answer. */
function v4Readings(venues: EvmVenues, pools: readonly RoutablePool[], answer: RpcBatchAnswer | undefined, decimals: Decimals): PoolReading[] {
  const raw = returned(answer);
  if (!raw || pools.length === 0) return [];
  let states: ReturnType<typeof decodePoolStates>;
  try {
    states = decodePoolStates(pools, raw);
  } catch {
    return [];
  }
  const stable = venues.stable.address;
  return pools.flatMap((pool, index) => {
    const state = states[index];
    if (state?.kind !== 'concentrated') return [];
    const stableIsToken0 = sameAddress(pool.token0, stable);
    const usd = usdPerNative(state.sqrtPrice * state.sqrtPrice, !stableIsToken0, decimals.native, decimals.stable);
    const held = stableHeld(state, stableIsToken0);
    return [{ source: { kind: 'pool', venue: pool.venue, fee: pool.fee, pool: pool.address, id: pool.id, usd, stableHeld: held, deepest: false } }];
  });
}

/** The longest window each counted V3-style pool answers `observe` for; a pool answering none is left out. */
function twapSources(counted: readonly PoolReading[], v3Style: readonly PairPool[], answers: readonly RpcBatchAnswer[], decimals: Decimals): NativeUsdSource[] {
  return counted.flatMap(({ contract }) => {
    const at = contract ? v3Style.indexOf(contract) : -1;
    if (!contract || at < 0) return [];
    for (const [rung, seconds] of TWAP_WINDOWS_SECONDS.entries()) {
      const cumulatives = tickCumulatives(answers[at * TWAP_WINDOWS_SECONDS.length + rung]);
      if (!cumulatives) continue;
      const usd = usdPerNative(twapRawPrice(cumulatives, seconds), isToken0(contract.token, contract.quote), decimals.native, decimals.stable);
      if (usd > 0) return [{ kind: 'twap' as const, venue: contract.venue, fee: contract.fee, pool: contract.address, usd, windowSeconds: seconds }];
    }
    return [];
  });
}

/** `observe([window, 0])`'s two tick cumulatives; undefined for a revert (OLD: the observations do not reach back). */
function tickCumulatives(answer: RpcBatchAnswer | undefined): readonly [bigint, bigint] | undefined {
  const data = returned(answer);
  if (!data) return undefined;
  try {
    const [ticks] = decodeFunctionResult({ abi: observeAbi, functionName: 'observe', data });
    return ticks.length === 2 ? [ticks[0]!, ticks[1]!] : undefined;
  } catch {
    return undefined;
  }
}

/** The mean of a pool's spot price at the history blocks that answered within the window. */
function historySource(
  chain: ConfiguredChain,
  pools: readonly PairPool[],
  wanted: Address,
  read: { blocks: readonly bigint[]; answers: readonly RpcBatchAnswer[]; head: bigint },
  decimals: Decimals,
): NativeUsdSource | undefined {
  const at = pools.findIndex((pool) => sameAddress(pool.address, wanted));
  if (at < 0) return undefined;
  const pool = pools[at]!;
  const venue = venueById(pool.venue);
  const answers = read.answers.slice(at * read.blocks.length, (at + 1) * read.blocks.length);
  const points = read.blocks.map((block, index) => ({ block, usd: spotPrice(venue, pool, answers[index], decimals.native, decimals.stable) }));
  const maxAge = Math.ceil((HISTORY_WINDOW_SECONDS * 1000) / chain.info.blockTimeMs);
  const mean = historyMean(points, read.head, maxAge);
  return mean && { kind: 'history', pool: pool.address, usd: mean.usd, blocks: mean.blocks };
}
