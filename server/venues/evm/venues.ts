/**
 * The EVM venues the Router can route through, and what differs between them: how they are named in
 * answers, their index in the Router's `Venue` enum, their LP fee and their spot price. Everything else
 * (pool discovery, pool math, the swap itself) runs on chain in the QuoteLens and the Router.
 */

export type EvmVenueId = 'UNISWAP_V2' | 'UNISWAP_V3';

export interface EvmVenue {
  id: EvmVenueId;
  /** Index in Router.Venue. */
  routerIndex: number;
  /** LP fee of a pool in hundredths of a basis point (V3 units: 3000 = 0.3 %). */
  lpFee(poolFee: number): number;
  /**
   * Spot price of a hop as a ratio out/in, from the lens' per-hop pair: V2 (reserveIn, reserveOut),
   * V3 (sqrtPriceX96, 1 when tokenIn is token0 else 0).
   */
  spot(pair: readonly [bigint, bigint]): { numerator: bigint; denominator: bigint };
}

const Q192 = 1n << 192n;

export const EVM_VENUES: readonly EvmVenue[] = [
  {
    id: 'UNISWAP_V2',
    routerIndex: 0,
    lpFee: () => 3000,
    spot: ([reserveIn, reserveOut]) => ({ numerator: reserveOut, denominator: reserveIn }),
  },
  {
    id: 'UNISWAP_V3',
    routerIndex: 1,
    lpFee: (poolFee) => poolFee,
    spot: ([sqrtPriceX96, inIsToken0]) => {
      const priceX192 = sqrtPriceX96 * sqrtPriceX96; // token1 per token0, scaled by 2^192
      return inIsToken0 === 1n
        ? { numerator: priceX192, denominator: Q192 }
        : { numerator: Q192, denominator: priceX192 };
    },
  },
];

export function venueByRouterIndex(index: number): EvmVenue {
  const venue = EVM_VENUES.find((candidate) => candidate.routerIndex === index);
  if (!venue) throw new Error(`unknown Router venue ${index}`);
  return venue;
}

/** V3 fee tiers tried for every pair (hundredths of a bip). */
export const V3_FEE_TIERS = [100, 500, 3000, 10000] as const;
