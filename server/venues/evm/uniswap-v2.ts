/**
 * Uniswap V2: one pair per token pair, a fixed 0.3 % fee, constant-product pricing from the pair's reserves
 * (the shared V2-family parts with Uniswap's fee and addresses).
 */
import { EVM_VENUE_NAMES } from '@/server/venues/venue-names';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';
import { v2FamilyParts } from './v2-family';

/** V2's fixed fee, in the V3 unit (hundredths of a basis point) so venues compare. */
const V2_FEE = 3000;

export const uniswapV2: EvmVenueAdapter = {
  ...v2FamilyParts(V2_FEE),
  id: 'UNISWAP_V2',
  name: EVM_VENUE_NAMES.UNISWAP_V2,
  configKeys: [
    { key: 'uniswapV2Factory', manifest: 'uniswapV2Factory' },
    { key: 'v2Router', manifest: 'uniswapV2Router02' },
  ],

  deployment(venues) {
    const factory = contractAt(venues, 'uniswapV2Factory');
    return factory ? { factory, router: contractAt(venues, 'v2Router') } : undefined;
  },
};
