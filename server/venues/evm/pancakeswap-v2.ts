/**
 * PancakeSwap V2: a Uniswap V2 fork (same factory, pair and event interface) whose pairs charge 0.25 %: its pair
 * checks `balance·10000 − amountIn·25`, so an input keeps 9975/10000 of itself (Uniswap's 997/1000). The shared
 * V2-family parts with PancakeSwap's fee and addresses; hops carry the fee to the Router.
 */
import { EVM_VENUE_NAMES } from '@/server/venues/venue-names';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';
import { v2FamilyParts } from './v2-family';

/** 0.25 %, in hundredths of a basis point. */
export const PANCAKE_V2_FEE = 2500;

export const pancakeswapV2: EvmVenueAdapter = {
  ...v2FamilyParts(PANCAKE_V2_FEE),
  id: 'PANCAKESWAP_V2',
  name: EVM_VENUE_NAMES.PANCAKESWAP_V2,
  configKeys: [
    { key: 'pancakeV2Factory', manifest: 'pancakeV2Factory' },
    { key: 'pancakeV2Router', manifest: 'pancakeV2Router' },
  ],

  deployment(venues) {
    const factory = contractAt(venues, 'pancakeV2Factory');
    return factory ? { factory, router: contractAt(venues, 'pancakeV2Router') } : undefined;
  },
};
