/**
 * The routes worth verifying for a trade: the best split over every venue and the best single path. Pools
 * between the trade's tokens and the chain's connectors are discovered (remembered, see pool-discovery),
 * their state is read in one `eth_call`, and the local math (amm/) prices paths and allocates the input
 * (split-optimiser). The QuoteLens then runs each candidate through the real Router, which fixes the output.
 */
import type { Address } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { batchAnswer, hexData } from '@/server/chains/rpc-answers';
import { isBondingCurve, venueById } from '@/server/venues/evm/venue-table';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import { discoverPools, forgetPoolsOf } from './pool-discovery';
import { decodePoolStates, stateCall, type TickLayout } from './pool-reader-client';
import { rememberStates, routesOn, statesRemembered, type RememberedStates } from './pool-state-memory';
import type { PoolSetReads, RoutingCaches } from './routing-caches';
import { enumeratePaths, pathOut, poolKey, type PoolPath, type PricedPool } from './route-graph';
import { spotRates } from './spot-rates';
import { optimiseSplit, type Split } from './split-optimiser';
import { sharesOf, TOTAL_SHARE, type RouteLeg } from './route-types';

export const ZERO = '0x0000000000000000000000000000000000000000';
/** Gas of a leg: the Router's per-leg work, plus each hop. */
export const LEG_GAS = 30_000;
export const HOP_GAS = 90_000;
/**
 * Share difference (parts per million) below which routes from remembered and current state count as the
 * same: a split off by half a percent of the input loses a negligible second-order amount, and the output
 * is verified on the current state either way.
 */
const SHARE_TOLERANCE = 5_000;

export interface RouteSearch {
  tokenIn: Address;
  tokenOut: Address;
  /** What the legs swap in total (after input-side fees). */
  swapAmount: bigint;
  /** Wei per gas unit, to weigh each leg's gas against what it adds. */
  gasPrice: () => Promise<bigint>;
}

export function routeTokens(
  venues: EvmVenues,
  tokenIn: Address,
  tokenOut: Address,
): { poolIn: Address; poolOut: Address; tokens: Address[]; intermediates: Address[] } {
  const wrapped = venues.wrappedNative as Address;
  const poolIn = tokenIn === ZERO ? wrapped : tokenIn;
  const poolOut = tokenOut === ZERO ? wrapped : tokenOut;
  const intermediates = unique([wrapped, venues.stable.address as Address, ...((venues.connectors ?? []) as Address[])]);
  return { poolIn, poolOut, intermediates, tokens: unique([poolIn, poolOut, ...intermediates]) };
}

/** Candidate routes, best first: the best split (when it has more than one leg) and the best single path. */
export async function findRoutes(caches: RoutingCaches, chain: ConfiguredChain, venues: EvmVenues, search: RouteSearch): Promise<RouteLeg[][]> {
  const draft = await draftRoutes(caches, chain, venues, search, { remembered: false });
  return draft.routes;
}

/**
 * Candidate routes to verify now. With state remembered from an earlier quote of the same pools, the routes
 * come from it at once and `stateCall` asks for the current state alongside the verification; `recheck`
 * then says whether the current state picks other routes (to be verified in turn) or the same ones (done:
 * one request in all). Without remembered state, the state is read first (two requests in all).
 */
export async function draftRoutes(
  caches: RoutingCaches,
  chain: ConfiguredChain,
  venues: EvmVenues,
  search: RouteSearch,
  options = { remembered: true },
): Promise<RouteDraft> {
  const { poolIn, poolOut, tokens, intermediates } = routeTokens(venues, search.tokenIn, search.tokenOut);
  if (search.swapAmount <= 0n || poolIn.toLowerCase() === poolOut.toLowerCase()) return { routes: [] };
  const { pools, layouts } = await discoverPools(caches.discovered, chain, venues, tokens);
  if (pools.length === 0) return { routes: [] };
  const { memoryKey, call } = poolSetReads(caches, chain, venues, pools);
  const gasPrice = Number(await search.gasPrice());
  // The pool set is the same for every pair among its tokens: the trade names its direction.
  const trade = `${poolIn}|${poolOut}|${search.swapAmount}|${gasPrice}`.toLowerCase();
  const choose = (entry: RememberedStates) =>
    routesOn(entry, trade, () => {
      const priced = pricedPools(pools, entry.states);
      return chooseCandidates(priced, poolIn, poolOut, intermediates, Number(search.swapAmount), gasPrice);
    });
  const fresh = (answer: RpcBatchAnswer | undefined) => choose(rememberAnswer(caches, chain, { pools, layouts, tokens, memoryKey }, answer));
  const remembered = options.remembered ? statesRemembered(caches.states, memoryKey) : undefined;
  if (!remembered) {
    const [answer] = await chain.rpc.requestBatch([call]);
    return { routes: fresh(answer) };
  }
  const routes = choose(remembered);
  return {
    routes,
    stateCall: call,
    recheck: (answer) => {
      const current = fresh(answer);
      return current === routes || sameRoutes(current, routes) ? undefined : current;
    },
  };
}

interface PoolSet {
  pools: readonly RoutablePool[];
  layouts: (TickLayout | undefined)[];
  tokens: readonly Address[];
  memoryKey: string;
}

/** Remembers the state a state-read call answered (decoded only when it changed). */
function rememberAnswer(caches: RoutingCaches, chain: ConfiguredChain, set: PoolSet, answer: RpcBatchAnswer | undefined): RememberedStates {
  const { pools, layouts, tokens } = set;
  return rememberStates(caches.states, set.memoryKey, batchAnswer(chain.info.id, 'eth_call', hexData, answer), layouts, (raw) => {
    const states = decodePoolStates(pools, raw, layouts);
    // A curve that graduated reads as closed: its token now trades in a pool discovery has not seen yet.
    if (pools.some((pool, index) => isBondingCurve(pool.venue) && !states[index])) forgetPoolsOf(caches.discovered, chain, tokens);
    return states;
  });
}

/**
 * The pools between a trade's tokens and the connectors with their state, for estimates that need no
 * verification of their own (the exact-output search): the state remembered from the last quote over them,
 * else read now (one request).
 */
export async function pricedPoolsFor(
  caches: RoutingCaches,
  chain: ConfiguredChain,
  venues: EvmVenues,
  tokenIn: Address,
  tokenOut: Address,
): Promise<{ priced: PricedPool[]; poolIn: Address; poolOut: Address; intermediates: Address[] }> {
  const { poolIn, poolOut, tokens, intermediates } = routeTokens(venues, tokenIn, tokenOut);
  const { pools, layouts } = await discoverPools(caches.discovered, chain, venues, tokens);
  if (pools.length === 0 || poolIn.toLowerCase() === poolOut.toLowerCase()) return { priced: [], poolIn, poolOut, intermediates };
  const { memoryKey, call } = poolSetReads(caches, chain, venues, pools);
  let entry = statesRemembered(caches.states, memoryKey);
  if (!entry) {
    const [answer] = await chain.rpc.requestBatch([call]);
    entry = rememberAnswer(caches, chain, { pools, layouts, tokens, memoryKey }, answer);
  }
  return { priced: pricedPools(pools, entry.states), poolIn, poolOut, intermediates };
}

/** The pools whose state was read, each with it (a pool the read could not answer for is left out). */
function pricedPools(pools: readonly RoutablePool[], states: RememberedStates['states']): PricedPool[] {
  return pools.flatMap((pool, index): PricedPool[] => (states[index] ? [{ pool, state: states[index] }] : []));
}

/** The memory key and the state-read call of a pool set (discovery hands out the same array while it holds). */
function poolSetReads(caches: RoutingCaches, chain: ConfiguredChain, venues: EvmVenues, pools: readonly RoutablePool[]): PoolSetReads {
  let reads = caches.poolSetReads.get(pools);
  if (!reads) {
    reads = { memoryKey: `${chain.rpc.urls.join(',')}|${pools.map(poolKey).join(',')}`, call: stateCall(venues, pools, false) };
    caches.poolSetReads.set(pools, reads);
  }
  return reads;
}

export interface RouteDraft {
  routes: RouteLeg[][];
  stateCall?: RpcCall;
  recheck?(answer: RpcBatchAnswer | undefined): RouteLeg[][] | undefined;
}

/** Routes through the same pools in the same order whose shares differ by no more than SHARE_TOLERANCE. */
function sameRoutes(a: readonly RouteLeg[][], b: readonly RouteLeg[][]): boolean {
  const legKey = (leg: RouteLeg) => leg.hops.map((hop) => `${hop.pool}:${hop.fee}:${hop.tickSpacing}:${hop.tokenIn}`).join('>');
  return (
    a.length === b.length &&
    a.every(
      (route, r) =>
        route.length === b[r]!.length && route.every((leg, l) => legKey(leg) === legKey(b[r]![l]!) && Math.abs(leg.share - b[r]![l]!.share) <= SHARE_TOLERANCE),
    )
  );
}

/** The pure part of findRoutes: paths, split and single path over pools whose state is known. */
export function chooseCandidates(
  priced: readonly PricedPool[],
  poolIn: Address,
  poolOut: Address,
  intermediates: readonly Address[],
  amountIn: number,
  gasPrice: number,
): RouteLeg[][] {
  const fromIn = spotRates(priced, poolIn);
  const probe = (token: Address) => amountIn * (fromIn.get(token.toLowerCase()) ?? 0);
  const paths = enumeratePaths(priced, poolIn, poolOut, intermediates, probe);
  if (paths.length === 0) return [];
  // The gas of a leg in raw units of tokenOut: gas · wei per gas · tokenOut per wei of wrapped native.
  const outPerNative = spotRates(priced, intermediates[0]!).get(poolOut.toLowerCase()) ?? 0;
  const legGas = (path: PoolPath) => (LEG_GAS + HOP_GAS * path.hops.length) * gasPrice * outPerNative;
  // Best first for the whole amount, net of gas: the single path, and the optimiser's seeds.
  const ranked = paths
    .map((path) => ({ path, net: pathOut(path, amountIn) - legGas(path) }))
    .sort((a, b) => b.net - a.net)
    .map(({ path }) => path);
  const single = ranked[0]!;
  const split = optimiseSplit(ranked, amountIn, legGas);
  const candidates: RouteLeg[][] = [];
  if (split.legs.length > 1) candidates.push(splitLegs(split));
  candidates.push([{ share: TOTAL_SHARE, hops: routeHops(single) }]);
  return candidates;
}

function splitLegs(split: Split): RouteLeg[] {
  const shares = sharesOf(split.legs.map((leg) => leg.parts));
  const outputShares = sharesOf(split.legs.map((leg) => leg.out));
  return split.legs.map((leg, index) => ({ share: shares[index]!, outputShare: outputShares[index]!, hops: routeHops(leg.path) }));
}

function routeHops(path: PoolPath): RouteLeg['hops'] {
  return path.hops.map((hop) => ({
    venue: hop.pool.venue,
    routerIndex: venueById(hop.pool.venue).routerKind,
    pool: hop.pool.address,
    tokenIn: hop.tokenIn,
    tokenOut: hop.tokenOut,
    fee: hop.pool.fee,
    tickSpacing: venueById(hop.pool.venue).hopNamesTickSpacing ? hop.pool.tickSpacing : 0,
  }));
}

/** Items in order without repeats (addresses compared case-insensitively). */
function unique<T>(items: readonly T[]): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const key = typeof item === 'string' ? item.toLowerCase() : item;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
