/**
 * The last state read of each set of pools, so the next quote over the same pools can pick its routes at
 * once and verify them in the same request that reads the current state (see draftRoutes). Only the
 * choice of route uses it: every output is verified on the current block.
 */
import type { PoolState } from './amm/pool-state';

/** Older state is not worth a guess: the next quote reads first. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 2_000;

const memory = new Map<string, { states: readonly (PoolState | undefined)[]; at: number }>();

export function rememberStates(key: string, states: readonly (PoolState | undefined)[], now = Date.now()): void {
  memory.delete(key);
  if (memory.size >= MAX_ENTRIES) memory.delete(memory.keys().next().value!);
  memory.set(key, { states, at: now });
}

export function statesRemembered(key: string, now = Date.now()): readonly (PoolState | undefined)[] | undefined {
  const entry = memory.get(key);
  return entry && now - entry.at <= MAX_AGE_MS ? entry.states : undefined;
}
