/**
 * What the native coin's USD range answers (native-usd-range.ts). Prices are numbers in USD per whole native
 * coin; amounts are raw bigint units of the stable.
 */
import type { Address, Hex } from 'viem';
import type { EvmVenueId } from '@/server/venues/venue-names';

/** One reading the range was taken over. */
export type NativeUsdSource =
  /** A wrapped-native/stable pool's spot price (the deepest is nativeUsd's own pool). */
  | { kind: 'pool'; venue: EvmVenueId; fee: number; pool: Address; id?: Hex; usd: number; stableHeld: bigint; deepest: boolean }
  /** A V3-style pool's time-weighted price over `windowSeconds` up to the head block. */
  | { kind: 'twap'; venue: EvmVenueId; fee: number; pool: Address; usd: number; windowSeconds: number }
  /** The deepest pool's spot price at earlier blocks, averaged. */
  | { kind: 'history'; pool: Address; usd: number; blocks: bigint[] };

export interface NativeUsdRange {
  /** What `nativeUsd` answers: the deepest wrapped-native/stable pool's spot price; 0 when there is none. */
  spot: number;
  /** The least and the greatest of spot and every source (all 0 when spot is 0). */
  low: number;
  high: number;
  /** The head block the read saw. */
  block: bigint;
  /** Every reading that answered; a source that could not (a young pool's TWAP, a pruned block) is left out. */
  sources: NativeUsdSource[];
}
