/**
 * The native coin's USD price as a range that one swap in one block cannot move in a trader's favour: the
 * bridge values a deposit at `low` and a payout at `high`. Besides nativeUsd's spot (the deepest
 * wrapped-native/stable pool), the range spans every pool of the pair holding a real share of the stable
 * (every venue and fee tier, Uniswap V4 included), the time-weighted price of the V3-style ones, and the
 * deepest pool's price a number of blocks back. A push in the head block moves only the sources that read
 * the head, and those only ever widen the range.
 *
 * Round trips: which pools exist is remembered in the injected cache, with the last head block seen, so a
 * warm read is one batch (pool states, TWAPs and history together, history read back from the head the cache
 * expects); a cold read first discovers the pools and the head (two batches).
 */
import { zeroAddress, type Address } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { batchAnswer, hexQuantity } from '@/server/chains/rpc-answers';
import { discoveredPools, discoveryCall } from '@/server/venues/evm/pools/pool-discovery-call';
import { sameAddress } from '@/server/venues/evm/rpc-words';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { deployedVenues, venueById } from '@/server/venues/evm/venue-table';
import { poolFamilyOf } from '@/server/venues/evm/contract-enums';
import type { NativeUsdRangeCache, NativeUsdRangeMemo } from './native-usd-range-cache';
import { readPlan } from './native-usd-range-read';
import type { NativeUsdRange } from './native-usd-range-types';
import { discoveryCalls, pairPools, venuesOf } from '@/server/venues/evm/pools/pair-pools';

/** Pools are looked up again this often: a new pool or fee tier joins the range within this time. */
export const DISCOVERY_TTL_MS = 10 * 60_000;

/** USD per native coin as `{ spot, low, high }` with the sources used. One round trip warm, two cold. */
export async function readNativeUsdRange(chain: ConfiguredChain, cache: NativeUsdRangeCache): Promise<NativeUsdRange> {
  const venues = venuesOf(chain);
  const key = `${chain.info.id}|${chain.rpc.urls.join(',')}`;
  const known = cache.get(key);
  const memo =
    known && cache.now() - known.discoveredAt <= DISCOVERY_TTL_MS ? known : { ...(await discover(chain, venues, cache.now())), countedAt: known?.countedAt };
  const plan = readPlan(chain, venues, memo, cache.now());
  const read = plan.read(await chain.rpc.requestBatch(plan.calls));
  // The head is dated when its answer is in: a later date makes the next estimate of the head lower, never past it.
  cache.set(key, { ...memo, deepest: read.deepest ?? memo.deepest, head: { number: read.range.block, at: cache.now() }, countedAt: read.countedAt });
  return read.range;
}

/** The bridge's view: a reader bound to one cache, built beside the chain clients. */
export function nativeUsdRangeReader(cache: NativeUsdRangeCache): (chain: ConfiguredChain) => Promise<NativeUsdRange> {
  return (chain) => readNativeUsdRange(chain, cache);
}

/** One batch: the pool lookups nativeUsd makes, the V4 pools of the pair, and the head block. */
async function discover(chain: ConfiguredChain, venues: EvmVenues, now: number): Promise<NativeUsdRangeMemo> {
  const wrapped = venues.wrappedNative as Address;
  const stable = venues.stable.address as Address;
  const lookups = discoveryCalls(venues, wrapped, stable);
  const hasV4 = deployedVenues(venues).some(({ venue }) => venue.poolFamily === poolFamilyOf('PoolManager'));
  // The native coin itself (currency 0) as well as the wrapped one: real chains' deepest V4 pools hold ETH.
  const v4Call = hasV4 ? [discoveryCall(venues, [zeroAddress, wrapped, stable])] : [];
  const answers = await chain.rpc.requestBatch([...lookups, ...v4Call, { method: 'eth_blockNumber' }]);
  const head = batchAnswer(chain.info.id, 'eth_blockNumber', hexQuantity, answers[answers.length - 1]);
  return {
    contractPools: pairPools(venues, answers.slice(0, lookups.length), wrapped, stable),
    v4Pools: hasV4 ? v4PoolsOf(venues, answers[lookups.length], wrapped, stable) : [],
    discoveredAt: now,
    head: { number: head, at: now },
  };
}

/** The V4 pools between the stable and the native coin (wrapped or not); none when the reader did not answer. */
function v4PoolsOf(venues: EvmVenues, answer: RpcBatchAnswer | undefined, wrapped: Address, stable: Address): RoutablePool[] {
  const found = discoveredPools(venues, answer);
  const isNative = (token: Address) => sameAddress(token, wrapped) || sameAddress(token, zeroAddress);
  return found.filter(
    (pool) =>
      venueById(pool.venue).poolFamily === poolFamilyOf('PoolManager') &&
      ((sameAddress(pool.token0, stable) && isNative(pool.token1)) || (sameAddress(pool.token1, stable) && isNative(pool.token0))),
  );
}
