/**
 * The EVM venues this server routes through, in the order their pools are listed and tried. A new venue is
 * its adapter file, one row here and its branch in the contracts' venue dispatch (Router `_swapHop`, the
 * QuoteLens' `LensVenues`); nothing else names a venue.
 */
import type { EvmVenues } from '@/server/chains/chain-directory';
import { launchpadVenue } from './launchpad';
import { pancakeswapV3 } from './pancakeswap-v3';
import { uniswapV2 } from './uniswap-v2';
import { uniswapV3 } from './uniswap-v3';
import { uniswapV4 } from './uniswap-v4';
import type { EvmVenueAdapter, EvmVenueId, VenueConfigKey, VenueDeployment } from './venue-adapter';

export const EVM_VENUES: readonly EvmVenueAdapter[] = [uniswapV2, uniswapV3, uniswapV4, pancakeswapV3, launchpadVenue];

export function venueById(id: EvmVenueId): EvmVenueAdapter {
  return EVM_VENUES.find((venue) => venue.id === id)!;
}

export function venueByRouterKind(kind: number): EvmVenueAdapter {
  const venue = EVM_VENUES.find((candidate) => candidate.routerKind === kind);
  if (!venue) throw new Error(`unknown Router venue ${kind}`);
  return venue;
}

/** Every venue deployed on the chain, with its deployment, in table order. */
export function deployedVenues(venues: EvmVenues): { venue: EvmVenueAdapter; deployment: VenueDeployment }[] {
  return EVM_VENUES.flatMap((venue) => {
    const deployment = venue.deployment(venues);
    return deployment ? [{ venue, deployment }] : [];
  });
}

/** Every `VENUES_<CHAIN>` key a venue reads, for the environment schema and the manifest mapping. */
export const VENUE_CONFIG_KEYS: readonly VenueConfigKey[] = EVM_VENUES.flatMap((venue) => venue.configKeys);

/** The venue keys of a chain's record from the devnet manifest's contract names (a venue not deployed is left out). */
export function venueContractsFromManifest(contracts: Readonly<Record<string, string>>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { key, manifest } of VENUE_CONFIG_KEYS) {
    const address = contracts[manifest];
    if (address) found[key] = address;
  }
  return found;
}
