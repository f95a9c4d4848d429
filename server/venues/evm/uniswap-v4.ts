/**
 * Uniswap V4: every pool lives in one PoolManager, named by the hash of its key (the two currencies, fee,
 * tick spacing and hooks). Only pools without hooks are routed. Pools are not contracts of their own, so
 * token data's pool lookups (by pool address) do not list them; routing reads them through the PoolManager,
 * and pool-info and route hops name them by id.
 */
import { hopPoolId, readV4Pool, v4PoolCalls, v4PoolExists } from './uniswap-v4-pools';
import { EVM_VENUE_NAMES } from '@/server/venues/venue-names';
import { poolFamilyOf, routerKindOf } from './contract-enums';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';

/** The fee tiers (hundredths of a bip) routed, with the tick spacing Uniswap's interface pairs with each. */
const TICK_SPACINGS: Readonly<Record<number, number>> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };
const Q192 = 1n << 192n;

export const uniswapV4: EvmVenueAdapter = {
  id: 'UNISWAP_V4',
  name: EVM_VENUE_NAMES.UNISWAP_V4,
  routerKind: routerKindOf('V4'),
  poolFamily: poolFamilyOf('PoolManager'),
  hopNamesTickSpacing: true,
  feeTiers: [100, 500, 3000, 10000],
  tickSpacing: (fee) => TICK_SPACINGS[fee] ?? 0,
  configKeys: [
    { key: 'uniswapV4PoolManager', manifest: 'uniswapV4PoolManager' },
    { key: 'v4Quoter', manifest: 'v4Quoter' },
  ],

  deployment(venues) {
    const factory = contractAt(venues, 'uniswapV4PoolManager');
    return factory ? { factory, quoter: contractAt(venues, 'v4Quoter') } : undefined;
  },

  hopSpot([sqrtPriceX96, inIsToken0]) {
    const priceX192 = sqrtPriceX96 * sqrtPriceX96;
    return inIsToken0 === 1n ? { numerator: priceX192, denominator: Q192 } : { numerator: Q192, denominator: priceX192 };
  },

  lpFee: (poolFee) => poolFee,

  poolsById: {
    holder: 'PoolManager',
    readCalls: (deployment, id) => v4PoolCalls(deployment.factory, id),
    exists: v4PoolExists,
    read: readV4Pool,
    hopPoolId,
  },
};
