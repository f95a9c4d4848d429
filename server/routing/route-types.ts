/** A route as the Router runs it: legs, each a path of hops, each leg with its share of the input. */
import type { Address } from 'viem';
import type { EvmVenueId } from '@/server/venues/venue-names';

export interface RouteHop {
  venue: EvmVenueId;
  /** The venue's index in the Router's `Venue` enum. */
  routerIndex: number;
  /** V2/V3: the pool; V4: the PoolManager. */
  pool: Address;
  tokenIn: Address;
  tokenOut: Address;
  /** Hundredths of a basis point. */
  fee: number;
  /** V4: the pool key's tick spacing; 0 otherwise. */
  tickSpacing: number;
}

export interface RouteLeg {
  /** Parts per million of the swapped amount; the shares of a route add up to TOTAL_SHARE. */
  share: number;
  /**
   * Parts per million of the legs' output the leg is expected to deliver (the optimiser's estimate), which an
   * exact-output trade asks of it; the input share where absent.
   */
  outputShare?: number;
  hops: RouteHop[];
}

export const TOTAL_SHARE = 1_000_000;

/** Weights as shares of TOTAL_SHARE: each rounded down but at least 1 (the Router refuses an empty leg), the last the rest. */
export function sharesOf(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = TOTAL_SHARE;
  return weights.map((weight, index) => {
    const share = index === weights.length - 1 ? left : Math.max(1, Math.floor((weight * TOTAL_SHARE) / (total || 1)));
    left -= share;
    return share;
  });
}

/** What each leg of a route receives of `amount`, the Router's way: shares rounded down, the rest to the last. */
export function legAmounts(legs: readonly RouteLeg[], amount: bigint): bigint[] {
  let left = amount;
  return legs.map((leg, index) => {
    const part = index === legs.length - 1 ? left : (amount * BigInt(leg.share)) / BigInt(TOTAL_SHARE);
    left -= part;
    return part;
  });
}
