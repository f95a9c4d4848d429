/**
 * The last state read of each set of pools, so the next quote over the same pools can pick its routes at
 * once and verify them in the same request that reads the current state (see draftRoutes). Only the
 * choice of route uses it: every output is verified on the current block.
 *
 * A state is kept with the raw answer it was decoded from and the tick layouts it was decoded with: an equal
 * answer with the same layouts is the same state, so it is not decoded again, and the routes chosen on it for a trade (amount and gas price) are chosen once. Between
 * blocks, quotes of the same trade (a page refreshing its quote, many users asking for the same size) then
 * cost no local math at all.
 */
import type { Hex } from 'viem';
import { boundedCache, type BoundedCache } from '@/server/cache/bounded-cache';
import type { PoolState } from './amm/pool-state';
import type { RouteLeg } from './route-types';

/** Older state is not worth a guess: the next quote reads first. */
const MAX_AGE_MS = 60_000;
/** Pool sets whose state is remembered (one per token set quoted: the least recently used make way). */
export const POOL_STATE_ENTRIES = 2_000;
/** Trades whose routes are kept per state. */
const MAX_TRADES_PER_STATE = 64;

export interface RememberedStates {
  readonly states: readonly (PoolState | undefined)[];
  readonly raw: Hex;
  /** What else the decoding used (the discovered tick layouts): another one decodes again. */
  readonly basis: object;
  at: number;
  readonly routesByTrade: Map<string, RouteLeg[][]>;
}

/** The remembered states by pool set; one per services instance (server/routing/routing-caches.ts). */
export type PoolStateMemory = BoundedCache<string, RememberedStates>;

export function createPoolStateMemory(): PoolStateMemory {
  return boundedCache<string, RememberedStates>({ name: 'pool states', max: POOL_STATE_ENTRIES });
}

/** Remembers the state in `raw` (decoded only when it or `basis` differs from what is remembered for `key`). */
export function rememberStates(
  memory: PoolStateMemory,
  key: string,
  raw: Hex,
  basis: object,
  decode: (raw: Hex) => readonly (PoolState | undefined)[],
  now = Date.now(),
): RememberedStates {
  const known = memory.get(key);
  const same = known && known.raw === raw && known.basis === basis;
  const entry = same ? known : { states: decode(raw), raw, basis, at: now, routesByTrade: new Map() };
  entry.at = now;
  memory.set(key, entry);
  return entry;
}

export function statesRemembered(memory: PoolStateMemory, key: string, now = Date.now()): RememberedStates | undefined {
  const entry = memory.get(key);
  return entry && now - entry.at <= MAX_AGE_MS ? entry : undefined;
}

/** The routes for `trade` on a remembered state, chosen by `choose` the first time they are asked for. */
export function routesOn(entry: RememberedStates, trade: string, choose: () => RouteLeg[][]): RouteLeg[][] {
  const known = entry.routesByTrade.get(trade);
  if (known) return known;
  const routes = choose();
  if (entry.routesByTrade.size >= MAX_TRADES_PER_STATE) entry.routesByTrade.delete(entry.routesByTrade.keys().next().value!);
  entry.routesByTrade.set(trade, routes);
  return routes;
}
