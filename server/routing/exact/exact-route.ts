/**
 * A route's exact amounts, run the Router's way (contracts/router/Router.sol): legs one after another, each on
 * its share of the amount (route-types' legAmounts: shares rounded down, the rest to the last leg, a leg whose
 * share rounds to nothing skipped), each leg's hops chained, exact input from the first hop on and exact output
 * from the last hop back. A pool met twice sees the state the first swap left, as on chain.
 */
import { legAmounts } from '../route-types';
import { failed, type ExactFailure, type ExactPoolState } from './exact-state';
import { exactSwap } from './exact-swap';

export interface ExactHop {
  /** The key of the pool's state in the route's state map (e.g. its address, or a V4 pool's id). */
  pool: string;
  zeroForOne: boolean;
}

export interface ExactLeg {
  /** Parts per million of the amount (exact input: of the input; exact output: of the output). */
  share: number;
  hops: readonly ExactHop[];
}

export type ExactRouteResult = { ok: true; amountIn: bigint; amountOut: bigint; legAmounts: bigint[] } | { ok: false; reason: ExactFailure };

/** One leg's hops on `amount`: the amount at its other end, moving `states` as each hop swaps. */
function runLeg(leg: ExactLeg, amount: bigint, exactIn: boolean, states: Map<string, ExactPoolState>): bigint | ExactFailure {
  const hops = exactIn ? leg.hops : [...leg.hops].reverse();
  let carried = amount;
  for (const [index, hop] of hops.entries()) {
    const state = states.get(hop.pool);
    if (!state) return 'unknown-pool';
    // The Router trades a curve exact-in only (InvalidRoute).
    if (!exactIn && state.kind === 'curve') return 'reverts';
    const swap = exactSwap(state, carried, hop.zeroForOne, exactIn);
    if (!swap.ok) return swap.reason;
    carried = exactIn ? swap.amountOut : swap.amountIn;
    // The Router refuses a hop that hands the next one nothing (InvalidAmount).
    if (carried === 0n && index < hops.length - 1) return 'invalid-amount';
    states.set(hop.pool, swap.after);
  }
  return carried;
}

/**
 * The route's exact amounts for `amount` in (exactIn) or out: per leg what it was given and what it made of
 * it, summed. `states` is not changed (the route runs on a copy).
 */
export function exactRoute(legs: readonly ExactLeg[], amount: bigint, exactIn: boolean, states: ReadonlyMap<string, ExactPoolState>): ExactRouteResult {
  if (amount <= 0n || legs.length === 0) return failed('invalid-amount');
  const moved = new Map(states);
  const given = legAmounts(
    legs.map((leg) => ({ share: leg.share, hops: [] })),
    amount,
  );
  const made: bigint[] = [];
  for (const [index, leg] of legs.entries()) {
    if (given[index] === 0n) {
      made.push(0n);
      continue;
    }
    const result = runLeg(leg, given[index]!, exactIn, moved);
    if (typeof result === 'string') return failed(result);
    made.push(result);
  }
  const total = made.reduce((sum, part) => sum + part, 0n);
  return { ok: true, amountIn: exactIn ? amount : total, amountOut: exactIn ? total : amount, legAmounts: made };
}
