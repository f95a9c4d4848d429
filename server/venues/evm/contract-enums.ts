/**
 * The Solidity enums the server speaks in numbers, by name in declaration order (an enum value is its index):
 * the Router's `Venue` (contracts/router/Router.sol), which a hop's `venue` and the QuoteLens' `VenueConfig.kind`
 * take, and the PoolStateReader's `Family` (contracts/lens/PoolStateReader.sol), which its queries take.
 * contract-enums.test.ts reads both declarations from the sources and checks these lists against them.
 */
export const ROUTER_VENUES = ['V2', 'V3', 'V4', 'Launchpad'] as const;
export type RouterVenue = (typeof ROUTER_VENUES)[number];

export const POOL_FAMILIES = ['Pair', 'Concentrated', 'PoolManager', 'Curve'] as const;
export type PoolFamilyName = (typeof POOL_FAMILIES)[number];

/**
 * How the pool state reader finds and reads a venue's pools, and which local math prices them: constant-product
 * pairs, V3-family pools, Uniswap V4 pools, launchpad curves (read as constant-product reserves).
 */
export type PoolFamily = 0 | 1 | 2 | 3;

/** The Router's `Venue` value of a hop through this kind of venue. */
export function routerKindOf(venue: RouterVenue): number {
  return ROUTER_VENUES.indexOf(venue);
}

/** The PoolStateReader's `Family` value of this kind of pool. */
export function poolFamilyOf(family: PoolFamilyName): PoolFamily {
  return POOL_FAMILIES.indexOf(family) as PoolFamily;
}
