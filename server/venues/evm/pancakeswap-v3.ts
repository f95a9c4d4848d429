/**
 * PancakeSwap V3: a Uniswap V3 fork with its own factory (pools deployed by a separate deployer, so its own
 * pool addresses), its own fee tiers, and a swap callback of its own name, which the Router answers like
 * Uniswap V3's. The shared V3-family parts with PancakeSwap's addresses and tiers.
 */
import { EVM_VENUE_NAMES } from '@/server/venues/venue-names';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';
import { v3FamilyParts } from './v3-family';

/** PancakeSwap V3's tiers (hundredths of a bip) and tick spacings, as its factory enables them. */
const TICK_SPACINGS: Readonly<Record<number, number>> = { 100: 1, 500: 10, 2500: 50, 10000: 200 };

export const pancakeswapV3: EvmVenueAdapter = {
  ...v3FamilyParts,
  id: 'PANCAKESWAP_V3',
  name: EVM_VENUE_NAMES.PANCAKESWAP_V3,
  feeTiers: [100, 500, 2500, 10000],
  tickSpacing: (fee) => TICK_SPACINGS[fee] ?? 0,
  configKeys: [
    { key: 'pancakeV3Factory', manifest: 'pancakeV3Factory' },
    { key: 'pancakeV3Router', manifest: 'pancakeV3SwapRouter' },
  ],

  deployment(venues) {
    const factory = contractAt(venues, 'pancakeV3Factory');
    return factory ? { factory, router: contractAt(venues, 'pancakeV3Router') } : undefined;
  },
};
