/**
 * Launchpad curves (contracts/launchpad/Launchpad.sol): a launch token still on its bonding curve trades
 * against the wrapped native token along V2's formula on the curve's reserves with a 1 % fee, so the router
 * prices it as a constant-product pool. One "pool" per launch token, all at the launchpad's address (the
 * pool id is the token). Each trade needs a launch fee paid in a transaction of its own first
 * (server/trading/evm/pre-trade.ts). A graduated token trades through its V2 pair instead.
 */
import { EVM_VENUE_NAMES } from '@/server/venues/venue-names';
import { poolFamilyOf, routerKindOf } from './contract-enums';
import { contractAt } from './venue-config';
import type { EvmVenueAdapter } from './venue-adapter';

/** The curve's fee, hundredths of a basis point (1 %). */
export const LAUNCHPAD_FEE = 10_000;

export const launchpadVenue: EvmVenueAdapter = {
  id: 'LAUNCHPAD',
  name: EVM_VENUE_NAMES.LAUNCHPAD,
  routerKind: routerKindOf('Launchpad'),
  poolFamily: poolFamilyOf('Curve'),
  bondingCurve: true,
  feeTiers: [LAUNCHPAD_FEE],
  tickSpacing: () => 0,
  configKeys: [{ key: 'launchpad', manifest: 'launchpad' }],

  deployment(venues) {
    const launchpad = contractAt(venues, 'launchpad');
    return launchpad ? { factory: launchpad } : undefined;
  },

  hopSpot: ([reserveIn, reserveOut]) => ({ numerator: reserveOut, denominator: reserveIn }),

  lpFee: () => LAUNCHPAD_FEE,
};
