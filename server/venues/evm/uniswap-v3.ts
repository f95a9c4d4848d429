/**
 * Uniswap V3: one pool per pair and fee tier, concentrated liquidity; the shared V3-family parts with
 * Uniswap's addresses and tiers.
 */
import { EVM_VENUE_NAMES } from '@/server/venues/venue-names';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';
import { v3FamilyParts } from './v3-family';

/** Fee tiers (hundredths of a bip) and their tick spacings, as the factory enables them. */
const TICK_SPACINGS: Readonly<Record<number, number>> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };

export const uniswapV3: EvmVenueAdapter = {
  ...v3FamilyParts,
  id: 'UNISWAP_V3',
  name: EVM_VENUE_NAMES.UNISWAP_V3,
  feeTiers: [100, 500, 3000, 10000],
  tickSpacing: (fee) => TICK_SPACINGS[fee] ?? 0,
  configKeys: [
    { key: 'uniswapV3Factory', manifest: 'uniswapV3Factory' },
    { key: 'quoterV2', manifest: 'quoterV2' },
    { key: 'v3Router', manifest: 'swapRouter' },
  ],

  deployment(venues) {
    const factory = contractAt(venues, 'uniswapV3Factory');
    return factory ? { factory, quoter: contractAt(venues, 'quoterV2'), router: contractAt(venues, 'v3Router') } : undefined;
  },
};
